/*
 * Resource control of the runs through control groups (DESIGN.md, "Runner
 * and results"): a memory limit (cgroup v2 memory.max, else cgroup v1
 * memory.limit_in_bytes), peak memory, out-of-memory kills and the CPU time
 * of a run's whole process tree. One group per job slot, reused by the
 * runs of that slot and removed at the end.
 */
#ifndef ORDO_HARNESS_CGROUP_H
#define ORDO_HARNESS_CGROUP_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct {
    int version;        /* 1 or 2; 0 when unavailable */
    char *memory_dir;   /* v1: memory controller group; v2: the group */
    char *cpu_dir;      /* v1: cpuacct group (NULL if unavailable); v2: NULL */
    long long oom_kills_before;
} cgroup_slot;

/* Creates the group of a slot with the memory limit (MB, <= 0 none).
 * Returns false (slot->version 0) when no cgroup can be used. */
bool cgroup_slot_create(cgroup_slot *s, int slot, long memory_mb);
/* Resets the peak and counters before a run. */
void cgroup_slot_reset(cgroup_slot *s);
/* Moves process pid into the group (called by the run child itself). */
bool cgroup_slot_enter(const cgroup_slot *s, pid_t pid);
/* CPU time of everything that ran in the group since the reset; < 0 unknown. */
double cgroup_slot_cpu_s(const cgroup_slot *s);
double cgroup_slot_peak_mb(const cgroup_slot *s);
/* True when the kernel killed a process of the group for memory since the reset. */
bool cgroup_slot_oom_killed(const cgroup_slot *s);
/* SIGKILLs every process of the group and waits (briefly) until it is empty. */
void cgroup_slot_kill_all(const cgroup_slot *s);
void cgroup_slot_remove(cgroup_slot *s);
/* "cgroup-v1", "cgroup-v2". */
const char *cgroup_mechanism(const cgroup_slot *s);

#endif
