/*
 * The part file of a (task, run) pair run by a SLURM element:
 * OUT/parts/<run>/<task>.row (names with '%' and '/' percent-encoded), one
 * "key value" line each and last the CSV row exactly as results.csv holds
 * it. Written to a temporary file, fsynced and renamed, so that a part is
 * whole or absent and a requeued element replaces its part.
 */
#ifndef ORDO_HARNESS_SLURM_PART_H
#define ORDO_HARNESS_SLURM_PART_H

#include <stdbool.h>

#include "results_file.h"

typedef struct {
    char *node, *job;        /* the node and SLURM job (ID_INDEX) that ran it */
    char *result, *status;   /* correct/wrong/unknown/bounded; the run's status */
    answer_kind answer;      /* what the run answered (scoring.h): scored at the merge */
    double cputime_s;
    char *memory_enforced_by, *cpu_enforced_by;
    char *row;               /* the CSV row, without its newline */
} slurm_part;

char *slurm_part_path(const char *out, const char *run, const char *task);
/* Writes the part of a finished run (rf: the statistic columns). */
bool slurm_part_write(const char *out, const results_file *rf, const char *benchmark,
                      const run_config *rc, const task *t, const run_outcome *o,
                      const slurm_part *about);
/* Reads a part; false when absent or incomplete. */
bool slurm_part_read(const char *path, slurm_part *p);
void slurm_part_free(slurm_part *p);

#endif
