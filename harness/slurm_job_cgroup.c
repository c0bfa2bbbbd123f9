/* The memory limit of a SLURM job's cgroup (slurm_job_cgroup.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "slurm_job_cgroup.h"

/* Our group's path up to its ".../job_N" component, from a line of
 * /proc/self/cgroup whose controllers are `ctls` ("" for cgroup v2). */
static char *job_group(const char *ctls)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    char line[1024], *group = NULL;
    while (f && !group && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *c = strchr(line, ':'), *path = c ? strchr(c + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = '\0';
        char *job = strstr(path, "/job_");
        bool match = *ctls ? strstr(c + 1, ctls) != NULL : !strcmp(c + 1, "");
        if (match && job) {
            job[1 + strcspn(job + 1, "/")] = '\0';
            group = xstrdup(path);
        }
    }
    if (f)
        fclose(f);
    return group;
}

static long long read_limit(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[64] = "";
    bool got = f && fgets(buf, sizeof buf, f);
    if (f)
        fclose(f);
    /* "max" (v2) and v1's huge default mean no limit */
    long long bytes = got && buf[0] >= '0' && buf[0] <= '9' ? atoll(buf) : -1;
    return bytes > 0 && bytes < (1LL << 60) ? bytes : -1;
}

typedef struct {
    const char *ctls, *mount, *file;
} job_file;

/* The first of the files that exists in our job's group: its path. */
static char *job_file_path(const job_file *files, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *group = job_group(files[i].ctls);
        char *path = group ? xasprintf("%s%s/%s", files[i].mount, group, files[i].file) : NULL;
        free(group);
        if (path && access(path, R_OK) == 0)
            return path;
        free(path);
    }
    return NULL;
}

long slurm_job_memory_limit_mb(char **file)
{
    static const job_file limits[] = {
        { "", "/sys/fs/cgroup", "memory.max" },
        { "", "/sys/fs/cgroup/unified", "memory.max" },
        { "memory", "/sys/fs/cgroup/memory", "memory.limit_in_bytes" },
    };
    *file = job_file_path(limits, sizeof limits / sizeof *limits);
    long long bytes = *file ? read_limit(*file) : -1;
    if (bytes > 0)
        return (long)(bytes >> 20);
    free(*file);
    *file = NULL;
    return -1;
}

double slurm_job_cpu_s(void)
{
    static const job_file usage[] = {
        { "", "/sys/fs/cgroup", "cpu.stat" },
        { "", "/sys/fs/cgroup/unified", "cpu.stat" },
        { "cpuacct", "/sys/fs/cgroup/cpuacct", "cpuacct.usage" },
        { "cpuacct", "/sys/fs/cgroup/cpu,cpuacct", "cpuacct.usage" },
    };
    static char *path; /* found once: a job does not move */
    if (!path)
        path = job_file_path(usage, sizeof usage / sizeof *usage);
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[128];
    double s = -1;
    bool v2 = f && strstr(path, "cpu.stat");
    while (f && s < 0 && fgets(line, sizeof line, f))
        if (!v2)
            s = (double)atoll(line) * 1e-9;
        else if (!strncmp(line, "usage_usec ", 11))
            s = (double)atoll(line + 11) * 1e-6;
    if (f)
        fclose(f);
    return s;
}
