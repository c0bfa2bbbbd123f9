/*
 * Published numbers beside reproduced ones: a table of a layout and a CSV
 * file with the same column headers (e.g. paper/thesis/table-5.1.csv, the
 * thesis' Table 5.1 transcribed) are merged into one table whose value
 * columns come in pairs "H (ordo)" and "H (thesis)". Rows are matched by
 * their label columns (the first N_LABELS).
 */
#ifndef ORDO_ANALYSIS_BESIDE_H
#define ORDO_ANALYSIS_BESIDE_H

#include "table.h"

/* Builds OUT (uninitialized on entry); SOURCE names the published column
 * ("thesis"). Returns 0, or ORDO_EXIT_INPUT with one line printed when the
 * file cannot be read or its header differs from OURS. */
int beside_build(const table *ours, size_t n_labels, const char *csv_path, const char *source, table *out);

#endif
