/*
 * ordo report --html: one self-contained page (data, script and styles
 * inline) in the manner of BenchExec's table-generator: summary, a
 * sortable and filterable task table, quantile and scatter plots, the
 * common-set tables, the setup, and two result sets side by side.
 */
#ifndef ORDO_ANALYSIS_HTML_REPORT_H
#define ORDO_ANALYSIS_HTML_REPORT_H

#include <stddef.h>

#include "common_table.h"
#include "../common/scoring.h"

typedef struct {
    const char *const *inputs;  /* results directories or CSV files: one set each */
    size_t n_inputs;
    const char *out;            /* the page's file; NULL: stdout */
    common_table_options tables; /* --table, --columns, --group, --same, --common */
    scoring_policy scoring;     /* --scoring: every set is re-scored by it */
} html_options;

/* Writes the page. Returns 0, or an exit status with one line printed. */
int html_report(const html_options *o);

#endif
