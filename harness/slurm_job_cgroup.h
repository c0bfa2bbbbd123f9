/* The cgroup SLURM puts a job in (task/cgroup, jobacct_gather/cgroup),
 * read from inside an element: on a cluster, where ordo is not root and
 * cannot make cgroups of its own, the job's memory limit is what holds,
 * and the job's CPU accounting counts everything a run started. */
#ifndef ORDO_HARNESS_SLURM_JOB_CGROUP_H
#define ORDO_HARNESS_SLURM_JOB_CGROUP_H

/* The limit in MB of the job cgroup this process is in, and in *file the
 * file it came from; -1 (and *file NULL) when there is none. */
long slurm_job_memory_limit_mb(char **file);
/* The CPU time of the job so far (cgroup v2 cpu.stat, v1 cpuacct.usage);
 * < 0 when the job has no CPU accounting group. */
double slurm_job_cpu_s(void);

#endif
