/* Control groups for the runs' limits and measurements (cgroup.h). */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "cgroup.h"

static bool write_file(const char *dir, const char *file, const char *value)
{
    char *path = xasprintf("%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    free(path);
    if (!f)
        return false;
    bool ok = fputs(value, f) >= 0;
    return (fclose(f) == 0) && ok;
}

/* The number after `key` in a file of "key value" lines (or the first
 * number of the file when key is NULL); -1 when absent. */
static long long read_number(const char *dir, const char *file, const char *key)
{
    char *path = xasprintf("%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f)
        return -1;
    long long v = -1;
    char line[256];
    size_t klen = key ? strlen(key) : 0;
    while (fgets(line, sizeof line, f)) {
        if (!key) {
            v = atoll(line);
            break;
        }
        if (!strncmp(line, key, klen) && line[klen] == ' ') {
            v = atoll(line + klen + 1);
            break;
        }
    }
    fclose(f);
    return v;
}

/* The mount point of a cgroup v1 controller, or of cgroup2 (ctl NULL),
 * and our own group below it, from /proc/self/mounts and /proc/self/cgroup. */
static char *own_group_dir(const char *ctl)
{
    FILE *m = fopen("/proc/self/mounts", "r");
    if (!m)
        return NULL;
    char dev[256], mnt[512], type[64], opts[512], *mount_point = NULL;
    while (!mount_point && fscanf(m, "%255s %511s %63s %511s %*d %*d", dev, mnt, type, opts) == 4) {
        bool v2 = !strcmp(type, "cgroup2");
        if ((ctl && !strcmp(type, "cgroup") && strstr(opts, ctl)) || (!ctl && v2))
            mount_point = xstrdup(mnt);
    }
    fclose(m);
    FILE *c = mount_point ? fopen("/proc/self/cgroup", "r") : NULL;
    char line[1024], *dir = NULL;
    while (c && !dir && fgets(line, sizeof line, c)) {
        line[strcspn(line, "\n")] = '\0';
        char *ctls = strchr(line, ':'), *path = ctls ? strchr(ctls + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = '\0';
        ctls++;
        bool match = ctl ? strstr(ctls, ctl) != NULL : !strcmp(line, "0");
        if (match)
            dir = xasprintf("%s%s", mount_point, strcmp(path, "/") ? path : "");
    }
    if (c)
        fclose(c);
    free(mount_point);
    return dir;
}

/* Removes the empty groups of ordo processes that no longer exist (a
 * benchmark killed with SIGKILL cannot remove its own). Processes still in
 * such a group are left alone: they may not be ours to kill. */
static void remove_stale_groups(const char *parent)
{
    DIR *d = opendir(parent);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        int pid, slot;
        if (sscanf(e->d_name, "ordo-%d-%d", &pid, &slot) != 2 || pid == getpid() ||
            kill(pid, 0) == 0 || errno != ESRCH)
            continue;
        char *dir = xasprintf("%s/%s", parent, e->d_name);
        rmdir(dir);
        free(dir);
    }
    closedir(d);
}

static char *make_group(const char *ctl, int slot)
{
    char *parent = own_group_dir(ctl);
    if (!parent)
        return NULL;
    if (slot == 0)
        remove_stale_groups(parent);
    char *dir = xasprintf("%s/ordo-%d-%d", parent, (int)getpid(), slot);
    free(parent);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        free(dir);
        return NULL;
    }
    return dir;
}

static bool create_v2(cgroup_slot *s, int slot, long memory_mb)
{
    s->memory_dir = make_group(NULL, slot);
    if (!s->memory_dir)
        return false;
    char *bytes = xasprintf("%lld", (long long)memory_mb << 20);
    /* Needs the memory controller (and its peak) enabled for our group. */
    bool ok = read_number(s->memory_dir, "memory.peak", NULL) >= 0 &&
              (memory_mb <= 0 || write_file(s->memory_dir, "memory.max", bytes));
    if (ok && memory_mb > 0)
        write_file(s->memory_dir, "memory.swap.max", "0");
    free(bytes);
    s->version = ok ? 2 : 0;
    return ok;
}

static bool create_v1(cgroup_slot *s, int slot, long memory_mb)
{
    s->memory_dir = make_group("memory", slot);
    if (!s->memory_dir)
        return false;
    char *bytes = xasprintf("%lld", (long long)memory_mb << 20);
    bool ok = memory_mb <= 0 || write_file(s->memory_dir, "memory.limit_in_bytes", bytes);
    if (ok && memory_mb > 0) /* no swapping around the limit, where swap accounting exists */
        write_file(s->memory_dir, "memory.memsw.limit_in_bytes", bytes);
    free(bytes);
    s->cpu_dir = make_group("cpuacct", slot);
    s->version = ok ? 1 : 0;
    return ok;
}

bool cgroup_slot_create(cgroup_slot *s, int slot, long memory_mb)
{
    *s = (cgroup_slot){ 0 };
    if (create_v2(s, slot, memory_mb))
        return true;
    cgroup_slot_remove(s);
    if (create_v1(s, slot, memory_mb))
        return true;
    cgroup_slot_remove(s);
    return false;
}

void cgroup_slot_reset(cgroup_slot *s)
{
    if (s->version == 1) {
        write_file(s->memory_dir, "memory.max_usage_in_bytes", "0");
        write_file(s->memory_dir, "memory.failcnt", "0");
        if (s->cpu_dir)
            write_file(s->cpu_dir, "cpuacct.usage", "0");
        s->oom_kills_before = read_number(s->memory_dir, "memory.oom_control", "oom_kill");
    } else if (s->version == 2) {
        write_file(s->memory_dir, "memory.peak", "0"); /* resettable on recent kernels */
        s->oom_kills_before = read_number(s->memory_dir, "memory.events", "oom_kill");
    }
}

bool cgroup_slot_enter(const cgroup_slot *s, pid_t pid)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d", (int)pid);
    bool ok = write_file(s->memory_dir, "cgroup.procs", buf);
    if (s->cpu_dir)
        ok = write_file(s->cpu_dir, "cgroup.procs", buf) && ok;
    return ok;
}

double cgroup_slot_cpu_s(const cgroup_slot *s)
{
    if (s->version == 2) {
        long long us = read_number(s->memory_dir, "cpu.stat", "usage_usec");
        return us < 0 ? -1 : (double)us * 1e-6;
    }
    long long ns = s->cpu_dir ? read_number(s->cpu_dir, "cpuacct.usage", NULL) : -1;
    return ns < 0 ? -1 : (double)ns * 1e-9;
}

double cgroup_slot_peak_mb(const cgroup_slot *s)
{
    const char *file = s->version == 2 ? "memory.peak" : "memory.max_usage_in_bytes";
    long long bytes = read_number(s->memory_dir, file, NULL);
    return bytes < 0 ? -1 : (double)bytes / (1024.0 * 1024.0);
}

bool cgroup_slot_oom_killed(const cgroup_slot *s)
{
    long long now = s->version == 2 ? read_number(s->memory_dir, "memory.events", "oom_kill")
                                    : read_number(s->memory_dir, "memory.oom_control", "oom_kill");
    if (now >= 0 && s->oom_kills_before >= 0)
        return now > s->oom_kills_before;
    /* Kernels without the oom_kill counter: the limit was hit. */
    return s->version == 1 && read_number(s->memory_dir, "memory.failcnt", NULL) > 0;
}

/* Kills the listed processes; returns how many there were. */
static int kill_listed(const char *dir)
{
    char *path = xasprintf("%s/cgroup.procs", dir);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f)
        return 0;
    int n = 0, pid;
    while (fscanf(f, "%d", &pid) == 1) {
        kill(pid, SIGKILL);
        n++;
    }
    fclose(f);
    return n;
}

void cgroup_slot_kill_all(const cgroup_slot *s)
{
    for (int i = 0; i < 200 && kill_listed(s->memory_dir) > 0; i++)
        nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
}

void cgroup_slot_remove(cgroup_slot *s)
{
    if (s->memory_dir) {
        cgroup_slot_kill_all(s);
        rmdir(s->memory_dir);
    }
    if (s->cpu_dir)
        rmdir(s->cpu_dir);
    free(s->memory_dir);
    free(s->cpu_dir);
    *s = (cgroup_slot){ 0 };
}

const char *cgroup_mechanism(const cgroup_slot *s)
{
    return s->version == 2 ? "cgroup-v2 memory.max" : "cgroup-v1 memory.limit_in_bytes";
}
