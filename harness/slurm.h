/*
 * ordo bench --slurm (README, "Running on a cluster"): the pending
 * (task, run) pairs become one sbatch job array; each element runs its
 * pairs through ordo's own runner (ordo slurm-element) and writes each
 * finished row to its own part file under OUT/parts/; the submitting ordo
 * waits (part files and squeue) and merges the parts into OUT/results.csv
 * in the configuration's order, as a local run writes it.
 *
 * OUT/slurm/ keeps what the elements, `ordo collect` and --resume need:
 *   setup          the config, corpus, filters and config hash
 *   jobs           one line per submitted array: job id, pairs, elements
 *   array-N.pairs  the pairs of submission N, one "run<TAB>task" a line
 *   array-N.sh     the script each element runs
 *   logs/          SLURM's output of each element
 */
#ifndef ORDO_HARNESS_SLURM_H
#define ORDO_HARNESS_SLURM_H

#include <stdbool.h>

#include "config.h"
#include "task.h"

typedef struct {
    bool on, no_wait;
    const char *partition, *sbatch_args; /* NULL: not given */
    int max_parallel;                    /* 0: no cap on running elements */
    int pairs_per_element;               /* 0: one, unless beyond MaxArraySize */
} slurm_args;

/* Consumes argv[*i] (and its value) when it is a SLURM option. */
bool slurm_parse_arg(slurm_args *s, char **argv, int argc, int *i);
/* False (after saying why) when SLURM options come without --slurm. */
bool slurm_args_valid(const slurm_args *s);

typedef struct {
    const bench_config *c;
    const task_list *tasks;
    const char *corpus, *out; /* out NULL: out/BENCHMARK */
    const char *include, *exclude;
    bool resume;
} slurm_bench_input;

/* Submits the pending pairs, waits (unless --no-wait) and merges; returns
 * the exit status of ordo bench. */
int slurm_bench(const slurm_bench_input *in, const slurm_args *a);

#endif
