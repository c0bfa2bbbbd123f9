/*
 * Table layouts: which columns a table of configurations shows and how
 * each is computed and formatted. The named layouts reproduce the thesis'
 * Tables 3.1, 4.1 and 5.1 column for column from DESIGN.md's statistic
 * names; `--columns` builds a layout from a list of values.
 */
#ifndef ORDO_ANALYSIS_LAYOUT_H
#define ORDO_ANALYSIS_LAYOUT_H

#include "summary.h"
#include "table.h"

typedef enum {
    COLUMN_RUN,        /* the configuration's name */
    COLUMN_GROUP,      /* its family (group) name */
    COLUMN_VARIANT,    /* its name without the family prefix */
    COLUMN_SOLVED,     /* answers the scoring policy judges correct, over all tasks */
    COLUMN_WRONG,      /* answers the scoring policy judges wrong */
    COLUMN_BOUNDED_TRUE,  /* bounded SAFEs on tasks labelled true (any policy) */
    COLUMN_BOUNDED_FALSE, /* bounded SAFEs on tasks labelled false (any policy) */
    COLUMN_COMMON,     /* size of the family's common set */
    COLUMN_VALUE,      /* an aggregate of values over the common set */
} column_kind;

typedef struct {
    const char *header;
    column_kind kind;
    const char *values[2]; /* COLUMN_VALUE: summed per task when both exist */
    aggregate_kind agg;
    double scale;          /* multiplies the aggregate (100 for a percentage) */
    int decimals;
    const char *suffix;    /* "s", "%" or "" */
} column_spec;

typedef struct {
    const char *name;
    const char *caption;
    const column_spec *columns;
    size_t n_columns;
    const char *group_regex; /* how the families are formed */
} table_layout;

/* A named layout (thesis-3.1, thesis-4.1, thesis-5.1) or NULL. */
const table_layout *layout_named(const char *name);
/* The names of the named layouts, comma-separated (for messages). */
const char *layout_names(void);

/* A layout from "--columns V,..." where each V is a value name
 * (cputime_s, walltime_s, memory_mb or a statistic) optionally prefixed
 * with "sum:" or "avg:" (the default). COLUMNS_OUT holds the specs and
 * must be freed with layout_free_custom. Returns 0, or ORDO_EXIT_USAGE
 * with one line printed when a value is unknown in R. */
int layout_custom(const results *r, const char *list, const char *group_regex, table_layout *out);
void layout_free_custom(table_layout *l);

/* Fills T (uninitialized) with one row per configuration, grouped by
 * family, computing every column from R over the groups G. Values missing
 * from R are shown as "n/a". */
void layout_build(const table_layout *l, const results *r, const config_groups *g, table *t);

/* The per-configuration summary under the results' scoring policy: tasks,
 * solved (correct true / false), wrong (false alarms, missed bugs),
 * bounded SAFEs on true and on false tasks, unknown, timeouts, memouts,
 * crashes, errors, unsupported, score, total CPU and wall time. */
void layout_summary(const results *r, table *t);

#endif
