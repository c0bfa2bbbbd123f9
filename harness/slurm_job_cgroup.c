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

long slurm_job_memory_limit_mb(char **file)
{
    static const struct {
        const char *ctls, *mount, *limit;
    } places[] = {
        { "", "/sys/fs/cgroup", "memory.max" },
        { "", "/sys/fs/cgroup/unified", "memory.max" },
        { "memory", "/sys/fs/cgroup/memory", "memory.limit_in_bytes" },
    };
    *file = NULL;
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char *group = job_group(places[i].ctls);
        char *path = group ? xasprintf("%s%s/%s", places[i].mount, group, places[i].limit) : NULL;
        long long bytes = path ? read_limit(path) : -1;
        free(group);
        if (bytes > 0) {
            *file = path;
            return (long)(bytes >> 20);
        }
        free(path);
    }
    return -1;
}
