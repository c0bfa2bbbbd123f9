/* What OUT/slurm/ keeps of a benchmark run through SLURM (slurm.h): its
 * set-up, its submitted arrays, and loading both back with the config and
 * its tasks, for the elements, `ordo collect` and --resume. */
#ifndef ORDO_HARNESS_SLURM_STATE_H
#define ORDO_HARNESS_SLURM_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include <ordo/host.h>

#include "config.h"
#include "task.h"

typedef struct {
    char *config, *corpus;      /* absolute paths */
    char *include, *exclude;    /* NULL: none */
    char *config_hash;          /* slurm_config_hash of the config */
    char *slurm_version;        /* sbatch --version */
} slurm_setup;

/* FNV-1a (64 bits) of the config's text, as 16 hex digits. */
char *slurm_config_hash(const bench_config *c);
bool slurm_setup_write(const char *out, const slurm_setup *s);
/* False (*err) when OUT/slurm/setup is absent or malformed. */
bool slurm_setup_read(const char *out, slurm_setup *s, char **err);
void slurm_setup_free(slurm_setup *s);

typedef struct {
    char *id;                        /* SLURM's job id of the array */
    size_t seq, pairs, elements, per_element;
} slurm_job;

typedef struct {
    size_t n;
    slurm_job *jobs;
} slurm_jobs;

void slurm_jobs_read(const char *out, slurm_jobs *j);
bool slurm_jobs_append(const char *out, const slurm_job *j);
void slurm_jobs_free(slurm_jobs *j);

/* A benchmark's config and tasks, loaded back from OUT/slurm/setup. */
typedef struct {
    char *out;
    slurm_setup setup;
    ordo_plugin_set plugins;
    bench_config c;
    task_list tasks;
    char *corpus;
} slurm_loaded;

/* Loads OUT's benchmark; returns -1, or the exit status after saying
 * (as "ordo CMD: ...") what is wrong, e.g. a config changed since. */
int slurm_load(const char *cmd, const char *out, slurm_loaded *l);
void slurm_loaded_free(slurm_loaded *l);

#endif
