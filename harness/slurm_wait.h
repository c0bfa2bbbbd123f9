/* Waiting for a submitted array (slurm.h): its rows, as their part files
 * appear, with a progress line like a local run's, until every pair has
 * its part or the array has left the queue. */
#ifndef ORDO_HARNESS_SLURM_WAIT_H
#define ORDO_HARNESS_SLURM_WAIT_H

#include "slurm_submit.h"

/* Seconds between two looks at the part files, and at squeue. */
#define SLURM_POLL_S 0.5
#define SLURM_QUEUE_POLL_S 2.0

/* False when interrupted (SIGINT/SIGTERM); the array runs on. */
bool slurm_wait(const char *out, const bench_config *c, const task_list *tasks,
                const slurm_pair *pairs, size_t n, const char *job_id);

#endif
