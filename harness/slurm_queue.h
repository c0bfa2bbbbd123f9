/* SLURM's client commands as ordo uses them: sbatch, squeue, scontrol. */
#ifndef ORDO_HARNESS_SLURM_QUEUE_H
#define ORDO_HARNESS_SLURM_QUEUE_H

/* Runs argv (PATH lookup) and returns what it wrote to stdout and stderr;
 * *status is its exit status (127: it could not be run). */
char *slurm_command(char *const argv[], int *status);
/* "22.05.8" from sbatch --version, or NULL when sbatch cannot run. */
char *slurm_version(void);
/* The cluster's MaxArraySize (scontrol show config), 1001 when unknown. */
long slurm_max_array_size(void);
/* 1 while an element of job `id` is pending or running (squeue), 0 once
 * it has left the queue, -1 when squeue cannot tell. */
int slurm_job_queued(const char *id);

#endif
