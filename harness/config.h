/* Benchmark configurations (the files in configs/): tasks, limits, jobs and runs,
 * with `matrix:` expansion; validated against the plugin descriptors. */
#ifndef ORDO_HARNESS_CONFIG_H
#define ORDO_HARNESS_CONFIG_H

#include "run_config.h"
#include "../common/scoring.h"

typedef struct {
    double cpu_s;   /* <= 0: none */
    double wall_s;  /* <= 0: none */
    long memory_mb; /* <= 0: none */
} run_limits;

typedef struct {
    char *path, *dir, *text; /* the file, its folder, its contents */
    char *repo;              /* the repository root above it (or its folder) */
    char *benchmark;
    char *corpus;            /* NULL: not set in the file */
    char *include, *exclude; /* NULL: none */
    size_t n_tasks;
    char **tasks;            /* set files / globs, relative to dir */
    run_limits limits;
    int jobs;
    scoring_policy scoring;  /* the exit status of `ordo bench` follows it */
    size_t n_runs;
    run_config *runs;
} bench_config;

/* Reads and validates path. On any problem returns false with *err, one
 * line "FILE:LINE: WHAT". */
bool bench_config_load(bench_config *c, const char *path, const ordo_plugin_set *plugins,
                       char **err);
void bench_config_free(bench_config *c);

/* The repository root above dir: the nearest ancestor holding .git, else dir. */
char *repo_root_of(const char *dir);
/* Default wall limit for a CPU limit. */
double default_wall_s(double cpu_s);

#endif
