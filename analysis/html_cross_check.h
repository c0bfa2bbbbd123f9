/*
 * The HTML report's cross-check (agreement.h) over the page's columns,
 * every configuration of every result set: the counts of `ordo report`'s
 * "Cross-check" section and the tasks of each agreement with every
 * column's answer (agreement_table.h).
 */
#ifndef ORDO_ANALYSIS_HTML_CROSS_CHECK_H
#define ORDO_ANALYSIS_HTML_CROSS_CHECK_H

#include <stdio.h>

#include "agreement.h"

/* The data's "crossCheck" value: null with fewer than two columns, else
 * {"tables":[the counts, then each list that holds a task],"kinds":[...]},
 * a kind per table: "counts", "conflict", "bounded-violation",
 * "proof-bounded" or "agree". */
void html_cross_check_write(FILE *out, const run_grid *g);

#endif
