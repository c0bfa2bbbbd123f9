/*
 * The common-set table of a report: a thesis layout (--table NAME) or one
 * built from --columns, computed over the configuration groups (--group,
 * --same). Shared by the Markdown/LaTeX report and the HTML page.
 */
#ifndef ORDO_ANALYSIS_COMMON_TABLE_H
#define ORDO_ANALYSIS_COMMON_TABLE_H

#include <stdbool.h>

#include "layout.h"

typedef struct {
    const char *layout_name; /* a named layout, or NULL */
    const char *columns;     /* --columns list, or NULL */
    const char *group_regex, *same;
    bool common;             /* --common: a table even without columns */
} common_table_options;

/* Builds the groups G (to be freed by the caller in any case) and, when O
 * asks for a common-set table, fills T (uninitialized) and sets *BUILT.
 * Returns 0, or ORDO_EXIT_USAGE with one line printed (bad regex, unknown
 * value). */
int common_table_build(const results *r, const common_table_options *o, config_groups *g, table *t,
                       bool *built);

#endif
