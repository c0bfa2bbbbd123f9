/* Submitting (task, run) pairs as one sbatch job array (slurm.h). */
#ifndef ORDO_HARNESS_SLURM_SUBMIT_H
#define ORDO_HARNESS_SLURM_SUBMIT_H

#include "slurm.h"
#include "slurm_state.h"

typedef struct {
    size_t task, run;
} slurm_pair;

/* Memory an element asks for beyond the config's limit: ordo's own
 * process (runner, plugins, the task list) next to the run. */
#define SLURM_MEMORY_MARGIN_MB 256
/* Time an element asks for beyond its runs' wall limits: start-up, loading
 * the config and its tasks from the shared filesystem, writing parts. */
#define SLURM_TIME_MARGIN_S 60

/* Writes OUT/slurm/array-SEQ.{pairs,sh} and submits the array: one element
 * per pair, or per shard of consecutive pairs when there are more pairs
 * than the cluster's MaxArraySize or --pairs-per-element asks for shards.
 * Fills *job; false after saying why. */
bool slurm_submit(const char *out, const bench_config *c, const task_list *tasks,
                  const slurm_pair *pairs, size_t n, const slurm_args *a, size_t seq,
                  slurm_job *job);

#endif
