/*
 * Performance history: several result directories of the same benchmark,
 * each labelled with the ordo commit and date in its metadata.yml, put in
 * date order with solved count, wrong verdicts, score, and total CPU time
 * over the runs (configuration, task) every directory solved correctly.
 */
#ifndef ORDO_ANALYSIS_HISTORY_H
#define ORDO_ANALYSIS_HISTORY_H

#include "results.h"
#include "table.h"

typedef struct {
    char *dir, *commit, *date;
    results res;
    unsigned runs, solved, wrong;
    long score;
    double common_cputime_s; /* over the common runs */
} history_point;

typedef struct {
    history_point *points; /* oldest first */
    size_t n;
    size_t n_common;       /* runs every directory solved correctly */
} history;

/* Loads every directory (results.csv and metadata.yml with ordo_commit and
 * date). Returns 0, or an exit status with one line printed. */
int history_load(history *h, char **dirs, size_t n, scoring_policy policy);
void history_free(history *h);

/* The history as a table, one row per directory. */
void history_table(const history *h, table *t);

/* history.png / .svg in OUT_DIR: solved tasks, score and CPU time on the
 * common runs, one panel each (own axis), one point per commit. */
int history_figure(const history *h, const char *out_dir);

#endif
