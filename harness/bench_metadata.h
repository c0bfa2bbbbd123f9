/* DIR/metadata.yml of a benchmark: configuration, ordo version and commit,
 * machine, limits and how they are enforced, solvers, date. */
#ifndef ORDO_HARNESS_BENCH_METADATA_H
#define ORDO_HARNESS_BENCH_METADATA_H

#include <stdbool.h>

#include "config.h"
#include "runner.h"

typedef struct {
    const bench_config *config;
    const runner *runner;   /* NULL: runs through SLURM */
    const char *corpus;
    size_t n_tasks, n_skipped, n_errors, n_runs;
    bool resumed;
} metadata_info;

/* Writes DIR/metadata.yml (a resumed benchmark appends a `resumed` entry
 * instead). Returns false when it cannot be written. */
bool metadata_write(const char *dir, const metadata_info *m);

#endif
