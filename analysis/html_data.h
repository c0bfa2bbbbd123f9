/*
 * The data of the HTML report, written as one JSON object that the page's
 * script (analysis/html/report.js) reads: the result sets with their setup
 * and tables, the union of their tasks, the cross-check of all columns
 * (html_cross_check.h), and per configuration of each set one column of
 * statuses, results and values per task.
 */
#ifndef ORDO_ANALYSIS_HTML_DATA_H
#define ORDO_ANALYSIS_HTML_DATA_H

#include <stdio.h>

#include "../common/metadata.h"
#include "results.h"
#include "table.h"

/* One input of the page: a results directory (or CSV file) of its own, so
 * that two sides of a comparison may hold the same configurations. */
typedef struct {
    char *name;       /* short name: the directory's base name */
    results r;
    metadata m;       /* empty without metadata.yml */
    char *log_base;   /* the results directory relative to the page; NULL: no logs */
    const char *scoring;  /* the scoring policy in force */
    table tables[2];  /* summary, and the common-set table when asked for */
    size_t n_tables;
} html_set;

/* Writes the JSON object; VALUES (N_VALUES names for results_value_index)
 * are the numeric columns each configuration carries per task. */
void html_data_write(FILE *out, const html_set *sets, size_t n_sets, const char *const *values, size_t n_values);

#endif
