/* The memory limit SLURM puts on a job through its cgroup (task/cgroup),
 * read from inside an element: what enforces the memory limit on a
 * cluster, where ordo is not root and cannot make cgroups of its own. */
#ifndef ORDO_HARNESS_SLURM_JOB_CGROUP_H
#define ORDO_HARNESS_SLURM_JOB_CGROUP_H

/* The limit in MB of the job cgroup this process is in, and in *file the
 * file it came from; -1 (and *file NULL) when there is none. */
long slurm_job_memory_limit_mb(char **file);

#endif
