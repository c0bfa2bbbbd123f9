/* Merging the part files of a benchmark run through SLURM into
 * OUT/results.csv (slurm.h), and what the merge found. */
#ifndef ORDO_HARNESS_SLURM_MERGE_H
#define ORDO_HARNESS_SLURM_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "slurm_state.h"
#include "tally.h"
#include "task.h"

typedef struct {
    size_t n;
    char **items;
} slurm_names; /* distinct, in order of first appearance */

typedef struct {
    size_t n_pairs, n_rows;
    answer_tally tally; /* by the config's scoring policy */
    slurm_names nodes, memory_enforced_by, cpu_enforced_by;
} slurm_merged;

/* Rewrites OUT/results.csv from the parts, one row per pair that has one,
 * in the order a local run writes them (task by task, each task's runs in
 * the config's order), and OUT/nodes.csv (run, task, node, job of each
 * row, in the same order). False (after saying why) when it cannot. */
bool slurm_merge(const char *out, const bench_config *c, const task_list *tasks,
                 slurm_merged *m);
/* The closing summary of ordo bench --slurm and ordo collect. */
void slurm_merged_print(const slurm_merged *m, const char *benchmark, const char *out);
void slurm_merged_free(slurm_merged *m);
/* Merges, brings metadata.yml's slurm: section up to date and prints the
 * summary; returns the exit status of ordo bench --slurm and ordo collect
 * (ORDO_EXIT_INCOMPLETE while pairs have no row). */
int slurm_collect(const char *out, const bench_config *c, const task_list *tasks,
                  const slurm_setup *s);

#endif
