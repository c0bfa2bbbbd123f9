/*
 * The report's "Cross-check" section (agreement.h) as tables: the counts
 * of agreeing and disagreeing tasks, then the tasks in conflict and the
 * tasks with a bounded SAFE against a violation, each with the label and
 * every configuration's answer (the HTML report also lists the other
 * agreements).
 */
#ifndef ORDO_ANALYSIS_AGREEMENT_TABLE_H
#define ORDO_ANALYSIS_AGREEMENT_TABLE_H

#include <stdbool.h>

#include "agreement.h"
#include "table.h"

#define CROSS_CHECK_MAX_TABLES 3

/* Fills tables T[0..] (uninitialized) and their file names NAMES[0..]:
 * the counts always, each list only when it holds a task. Returns how
 * many tables were filled (at most CROSS_CHECK_MAX_TABLES). */
size_t cross_check_tables(const run_grid *g, const cross_check *c, table *t, const char **names);
/* The counts alone (the first of those tables), into T (uninitialized). */
void cross_check_counts_table(const run_grid *g, const cross_check *c, table *t);
/* The tasks of agreement KIND (not AGREE_NONE) with the label and every
 * configuration's answer, into T (uninitialized); false (T freed) when
 * there is none. */
bool cross_check_list_table(const run_grid *g, const cross_check *c, agreement kind, table *t);

#endif
