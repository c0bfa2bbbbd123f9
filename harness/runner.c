/*
 * The parent side of the runner (runner.h): forks one child per run, polls
 * the report pipes, enforces the wall limit (timer, then SIGKILL to the
 * process group) and the CPU limit of the whole process tree (cgroup
 * accounting, else the process group's CPU times from /proc), then
 * classifies how the run ended.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "runner.h"

#define TICK_MS 100

typedef struct {
    bool busy, exited;
    pid_t pid;
    int fd;                  /* report pipe, -1 once at EOF */
    char *report;            /* what the child wrote so far */
    size_t len, cap;
    double start, end;       /* monotonic */
    bool killed_wall, killed_cpu;
    double tree_cpu_s;       /* CPU time of the process tree, last seen */
    double external_cpu_start; /* the external CPU counter at the start */
    int wstatus;
    struct rusage usage;
    bool has_cgroup;
    cgroup_slot cgroup;
    int cpu;                 /* pinned core or -1 */
    void *tag;
} job;

struct runner {
    run_limits limits;
    int n_slots;
    job *slots;
    bool rlimit_as;
    bool external_memory;    /* memory limited outside ordo (a SLURM job's cgroup) */
    double (*external_cpu_s)(void); /* NULL: none */
    char *memory_mechanism, *cpu_mechanism;
};

volatile int runner_interrupted;
static int sigchld_pipe[2] = { -1, -1 };

static void on_sigchld(int sig)
{
    (void)sig;
    int saved = errno;
    if (write(sigchld_pipe[1], "c", 1) < 0) {
        /* pipe full: a wake-up is pending anyway */
    }
    errno = saved;
}

static void on_interrupt(int sig)
{
    (void)sig;
    runner_interrupted = 1;
    on_sigchld(0); /* wake the poll */
}

void runner_catch_interrupts(void)
{
    struct sigaction sa = { .sa_handler = on_interrupt };
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static void install_sigchld(void)
{
    if (sigchld_pipe[0] >= 0)
        return;
    if (pipe2(sigchld_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        abort();
    struct sigaction sa = { .sa_handler = on_sigchld, .sa_flags = SA_RESTART | SA_NOCLDSTOP };
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    /* Orphaned grandchildren become our children, so we can reap them. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/* The i-th core we may run on, or -1. */
static int nth_allowed_cpu(int i)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set) && i-- == 0)
            return c;
    return -1;
}

/* ext: the limits held outside ordo, else NULL. */
static runner *make_runner(const run_limits *limits, int jobs, const runner_external *ext)
{
    const char *external_memory = ext ? ext->memory_mechanism : NULL;
    install_sigchld();
    runner *r = xcalloc(1, sizeof *r);
    r->limits = *limits;
    r->n_slots = jobs < 1 ? 1 : jobs;
    r->slots = xcalloc((size_t)r->n_slots, sizeof *r->slots);
    bool pin = r->n_slots > 1 && nth_allowed_cpu(r->n_slots - 1) >= 0;
    /* ORDO_CGROUPS=off: the fallbacks (RLIMIT_AS, /proc accounting), for
     * their tests and for machines whose cgroups misbehave. */
    const char *use = getenv("ORDO_CGROUPS");
    bool cgroups = !external_memory && (!use || strcmp(use, "off"));
    for (int i = 0; i < r->n_slots; i++) {
        job *j = &r->slots[i];
        j->fd = -1;
        j->cpu = pin ? nth_allowed_cpu(i) : -1;
        j->has_cgroup = cgroups && cgroup_slot_create(&j->cgroup, i, limits->memory_mb);
        cgroups = j->has_cgroup;
    }
    if (!cgroups) /* all slots or none */
        for (int i = 0; i < r->n_slots; i++)
            if (r->slots[i].has_cgroup) {
                cgroup_slot_remove(&r->slots[i].cgroup);
                r->slots[i].has_cgroup = false;
            }
    bool cpuacct = cgroups && cgroup_slot_cpu_s(&r->slots[0].cgroup) >= 0;
#ifdef __SANITIZE_ADDRESS__
    bool asan = true; /* RLIMIT_AS breaks AddressSanitizer's shadow memory */
#else
    bool asan = false;
#endif
    r->external_memory = external_memory != NULL;
    r->rlimit_as = !cgroups && !asan && !external_memory && limits->memory_mb > 0;
    r->memory_mechanism = xstrdup(limits->memory_mb <= 0 ? "none"
                                  : cgroups             ? cgroup_mechanism(&r->slots[0].cgroup)
                                  : external_memory     ? external_memory
                                  : r->rlimit_as        ? "RLIMIT_AS"
                                                        : "none (AddressSanitizer build)");
    r->external_cpu_s = ext && ext->cpu_s && r->n_slots == 1 ? ext->cpu_s : NULL;
    r->cpu_mechanism = r->external_cpu_s ? xasprintf("RLIMIT_CPU + %s", ext->cpu_mechanism)
                       : xstrdup(cpuacct ? "RLIMIT_CPU + cgroup CPU accounting of the process tree"
                                         : "RLIMIT_CPU + /proc CPU times of the process group");
    return r;
}

runner *runner_new(const run_limits *limits, int jobs)
{
    return make_runner(limits, jobs, NULL);
}

runner *runner_new_external(const run_limits *limits, int jobs, const runner_external *ext)
{
    return make_runner(limits, jobs, ext);
}

const char *runner_memory_mechanism(const runner *r) { return r->memory_mechanism; }
const char *runner_cpu_mechanism(const runner *r) { return r->cpu_mechanism; }

int runner_running(const runner *r)
{
    int n = 0;
    for (int i = 0; i < r->n_slots; i++)
        n += r->slots[i].busy;
    return n;
}

bool runner_has_free_slot(const runner *r)
{
    return runner_running(r) < r->n_slots;
}

void runner_start(runner *r, const run_config *rc, const task *t, const char *log_path,
                  void *tag)
{
    job *j = NULL;
    for (int i = 0; !j && i < r->n_slots; i++)
        if (!r->slots[i].busy)
            j = &r->slots[i];
    int fds[2];
    if (!j || pipe2(fds, O_CLOEXEC) != 0)
        abort();
    if (j->has_cgroup)
        cgroup_slot_reset(&j->cgroup);
    fflush(NULL);
    j->start = ordo_monotonic_s();
    pid_t pid = fork();
    if (pid < 0)
        abort();
    if (pid == 0) {
        close(fds[0]);
        child_args a = { rc, t, &r->limits, log_path, fds[1], j->cpu, r->rlimit_as,
                         j->has_cgroup ? &j->cgroup : NULL };
        child_main(&a);
    }
    setpgid(pid, pid); /* also done by the child: whoever runs first */
    close(fds[1]);
    fcntl(fds[0], F_SETFL, O_NONBLOCK);
    j->busy = true;
    j->exited = j->killed_wall = j->killed_cpu = false;
    j->pid = pid;
    j->fd = fds[0];
    j->len = 0;
    j->tree_cpu_s = 0;
    j->external_cpu_start = r->external_cpu_s ? r->external_cpu_s() : -1;
    j->tag = tag;
}

static void read_report(job *j)
{
    while (j->fd >= 0) {
        if (j->cap - j->len < 4096) {
            j->cap = j->cap ? 2 * j->cap : 8192;
            j->report = xrealloc(j->report, j->cap);
        }
        ssize_t n = read(j->fd, j->report + j->len, j->cap - j->len - 1);
        if (n > 0) {
            j->len += (size_t)n;
            continue;
        }
        if (n == 0) {
            close(j->fd);
            j->fd = -1;
        }
        break; /* EAGAIN: a grandchild may hold the pipe open; do not wait */
    }
}

static void reap(runner *r)
{
    char drain[64];
    while (read(sigchld_pipe[0], drain, sizeof drain) > 0)
        ;
    int st;
    struct rusage ru;
    pid_t pid;
    while ((pid = wait4(-1, &st, WNOHANG, &ru)) > 0)
        for (int i = 0; i < r->n_slots; i++) {
            job *j = &r->slots[i];
            if (j->busy && !j->exited && j->pid == pid) {
                j->exited = true;
                j->wstatus = st;
                j->usage = ru;
                j->end = ordo_monotonic_s();
            }
        }
}

/* Sum of the CPU times of the processes of group pgid (and of their
 * reaped children), from /proc. */
static double group_cpu_s(pid_t pgid)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    long ticks = sysconf(_SC_CLK_TCK), total = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        char path[300], buf[1024];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = '\0';
        char *p = strrchr(buf, ')'); /* after the command name */
        int pgrp;
        long ut, st, cut, cst;
        if (p && sscanf(p + 2, "%*c %*d %d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld %ld %ld",
                        &pgrp, &ut, &st, &cut, &cst) == 5 && pgrp == pgid)
            total += ut + st + cut + cst;
    }
    closedir(d);
    return (double)total / (double)ticks;
}

/* The run's CPU time from a cgroup (ordo's, else the external counter's),
 * else -1. */
static double accounted_cpu_s(const runner *r, const job *j)
{
    if (j->has_cgroup)
        return cgroup_slot_cpu_s(&j->cgroup);
    double now = r->external_cpu_s && j->external_cpu_start >= 0 ? r->external_cpu_s() : -1;
    return now >= 0 ? now - j->external_cpu_start : -1;
}

static double tree_cpu_s(const runner *r, const job *j)
{
    double cg = accounted_cpu_s(r, j);
    return cg >= 0 ? cg : group_cpu_s(j->pid);
}

static void kill_tree(job *j)
{
    kill(-j->pid, SIGKILL);
    if (j->has_cgroup)
        cgroup_slot_kill_all(&j->cgroup);
}

double report_grace_s(double limit_s)
{
    return fmin(fmax(0.1 * limit_s, 1.0), 10.0);
}

static void enforce_limits(runner *r)
{
    double now = ordo_monotonic_s();
    for (int i = 0; i < r->n_slots; i++) {
        job *j = &r->slots[i];
        if (!j->busy || j->exited)
            continue;
        double wall = r->limits.wall_s;
        if (wall > 0 && now - j->start >= wall + report_grace_s(wall)) {
            j->killed_wall = true;
            kill_tree(j);
            continue;
        }
        if (r->limits.cpu_s > 0) {
            j->tree_cpu_s = tree_cpu_s(r, j);
            if (j->tree_cpu_s >= r->limits.cpu_s + report_grace_s(r->limits.cpu_s)) {
                j->killed_cpu = true;
                kill_tree(j);
            }
        }
    }
}

static void wait_for_events(runner *r)
{
    struct pollfd fds[1 + r->n_slots];
    int n = 0;
    fds[n++] = (struct pollfd){ .fd = sigchld_pipe[0], .events = POLLIN };
    for (int i = 0; i < r->n_slots; i++)
        if (r->slots[i].busy && r->slots[i].fd >= 0)
            fds[n++] = (struct pollfd){ .fd = r->slots[i].fd, .events = POLLIN };
    if (poll(fds, (nfds_t)n, TICK_MS) > 0)
        for (int i = 0; i < r->n_slots; i++)
            if (r->slots[i].busy)
                read_report(&r->slots[i]);
}

void run_outcome_free(run_outcome *o)
{
    free(o->status);
    free(o->reason);
    free(o->counterexample);
    ordo_stats_free(o->stats);
    *o = (run_outcome){ 0 };
}

/* Appends line and a newline to *text, *len characters long in *cap
 * allocated. The allocation doubles, so a counterexample of 10,000 thread
 * creations (tens of thousands of lines) costs linear time and a few dozen
 * reallocations; copying the text for each line took minutes. */
static void append_line(char **text, size_t *len, size_t *cap, const char *line)
{
    size_t n = strlen(line);
    size_t need = *len + n + 2;
    if (need > *cap) {
        *cap = need > 2 * *cap ? need : 2 * *cap;
        *text = xrealloc(*text, *cap);
    }
    memcpy(*text + *len, line, n);
    (*text)[*len + n] = '\n';
    *len += n + 1;
    (*text)[*len] = '\0';
}

/* Parses the child's report; false when it is incomplete (no "end"). */
static bool parse_report(job *j, run_outcome *out)
{
    j->report = xrealloc(j->report, j->len + 1);
    j->cap = j->len + 1;
    j->report[j->len] = '\0';
    bool complete = false;
    char *save = NULL;
    size_t cex_len = 0, cex_cap = 0;
    for (char *line = strtok_r(j->report, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *value = strchr(line, ' ');
        if (value)
            *value++ = '\0';
        if (!strcmp(line, REPORT_END))
            complete = true;
        else if (!value)
            continue;
        else if (!strcmp(line, "status"))
            out->status = xstrdup(value);
        else if (!strcmp(line, "verdict"))
            out->verdict = !strcmp(value, "true") ? EXPECT_TRUE : EXPECT_FALSE;
        else if (!strcmp(line, "bound"))
            out->bound = atol(value);
        else if (!strcmp(line, "complete"))
            out->complete = !strcmp(value, "1");
        else if (!strcmp(line, "reason"))
            out->reason = xstrdup(value);
        else if (!strcmp(line, "cex"))
            append_line(&out->counterexample, &cex_len, &cex_cap, value);
        else if (!strcmp(line, "stat")) {
            char *num = strrchr(value, ' ');
            if (num) {
                *num++ = '\0';
                ordo_stat_set(out->stats, value, strtod(num, NULL));
            }
        }
    }
    return complete && out->status;
}

static void set_status(run_outcome *out, const char *status, char *reason)
{
    free(out->status);
    free(out->reason);
    out->status = xstrdup(status);
    out->reason = reason;
    out->verdict = EXPECT_NONE;
    out->bound = -1;
    out->complete = false;
}

/* How a run without a complete report ended. */
static void classify_abnormal(const runner *r, const job *j, run_outcome *out)
{
    const run_limits *lim = &r->limits;
    int st = j->wstatus;
    int sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    bool oom = j->has_cgroup && cgroup_slot_oom_killed(&j->cgroup);
    bool near_memory_limit = lim->memory_mb > 0 && out->memory_mb >= 0.95 * (double)lim->memory_mb;
    if (j->killed_wall)
        set_status(out, "timeout", xasprintf("wall time limit of %g s", lim->wall_s));
    else if (j->killed_cpu)
        set_status(out, "timeout", xasprintf("CPU time limit of %g s", lim->cpu_s));
    else if (sig == SIGXCPU || (lim->cpu_s > 0 && sig == SIGKILL && out->cputime_s >= lim->cpu_s))
        /* the backstop (child.c) ended it: the runner did not get to */
        set_status(out, "timeout", xasprintf("CPU time limit of %g s (RLIMIT_CPU)", lim->cpu_s));
    else if (oom || (WIFEXITED(st) && WEXITSTATUS(st) == ORDO_EXIT_OUT_OF_MEMORY) ||
             (sig && (r->rlimit_as || r->external_memory) && near_memory_limit))
        set_status(out, "memout", xasprintf("memory limit of %ld MB", lim->memory_mb));
    else if (sig) {
        const char *abbrev = sigabbrev_np(sig);
        char *status = abbrev ? xasprintf("crash (SIG%s)", abbrev) : xasprintf("crash (%d)", sig);
        set_status(out, status, xasprintf("killed by signal %d (%s)", sig, strsignal(sig)));
        free(status);
    } else if (WIFEXITED(st) && WEXITSTATUS(st))
        set_status(out, "error", xasprintf("run ended with exit status %d", WEXITSTATUS(st)));
    else
        set_status(out, "error", xstrdup("run ended without a report"));
}

static void measure(const runner *r, const job *j, run_outcome *out)
{
    out->walltime_s = j->end - j->start;
    double own = (double)j->usage.ru_utime.tv_sec + (double)j->usage.ru_utime.tv_usec * 1e-6 +
                 (double)j->usage.ru_stime.tv_sec + (double)j->usage.ru_stime.tv_usec * 1e-6;
    double cg = accounted_cpu_s(r, j);
    out->cputime_s = cg >= 0 ? cg : (own > j->tree_cpu_s ? own : j->tree_cpu_s);
    double peak = j->has_cgroup ? cgroup_slot_peak_mb(&j->cgroup) : -1;
    out->memory_mb = peak >= 0 ? peak : (double)j->usage.ru_maxrss / 1024.0;
}

static void finish(runner *r, job *j, run_outcome *out)
{
    read_report(j);
    kill_tree(j); /* grandchildren die with the run */
    *out = (run_outcome){ .verdict = EXPECT_NONE, .bound = -1, .stats = ordo_stats_new() };
    measure(r, j, out);
    const run_limits *lim = &r->limits;
    if (!parse_report(j, out))
        classify_abnormal(r, j, out);
    else if (lim->cpu_s > 0 && out->cputime_s > lim->cpu_s)
        set_status(out, "timeout", xasprintf("CPU time limit of %g s", lim->cpu_s));
    else if (lim->wall_s > 0 && out->walltime_s > lim->wall_s)
        set_status(out, "timeout", xasprintf("wall time limit of %g s", lim->wall_s));
    else if (r->external_memory && lim->memory_mb > 0 && out->memory_mb > (double)lim->memory_mb)
        /* the job's limit has ordo's margin on top of the run's */
        set_status(out, "memout", xasprintf("memory limit of %ld MB", lim->memory_mb));
    if (j->fd >= 0)
        close(j->fd);
    j->fd = -1;
    j->busy = false;
}

void *runner_wait(runner *r, run_outcome *out)
{
    while (!runner_interrupted && runner_running(r)) {
        reap(r);
        for (int i = 0; i < r->n_slots; i++) {
            job *j = &r->slots[i];
            if (j->busy && j->exited) {
                finish(r, j, out);
                return j->tag;
            }
        }
        enforce_limits(r);
        wait_for_events(r);
    }
    return NULL;
}

void runner_kill_all(runner *r)
{
    for (int i = 0; i < r->n_slots; i++) {
        job *j = &r->slots[i];
        if (!j->busy)
            continue;
        kill_tree(j);
        waitpid(j->pid, NULL, 0);
        if (j->fd >= 0)
            close(j->fd);
        j->fd = -1;
        j->busy = false;
    }
    while (waitpid(-1, NULL, WNOHANG) > 0)
        ;
}

void runner_free(runner *r)
{
    if (!r)
        return;
    runner_kill_all(r);
    for (int i = 0; i < r->n_slots; i++) {
        if (r->slots[i].has_cgroup)
            cgroup_slot_remove(&r->slots[i].cgroup);
        free(r->slots[i].report);
    }
    free(r->slots);
    free(r->memory_mechanism);
    free(r->cpu_mechanism);
    free(r);
}
