/*
 * The run child: enters its limits, parses the task (unless the engine
 * reads no program), runs the engine with its solver, replays an UNSAFE
 * verdict's counterexample (DESIGN.md, "Trust") and reports to the parent
 * through a pipe, one "key value" line each, closed by "end".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <ordo/ir.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "crash_report.h"
#include "runner.h"

/* Output beyond this goes nowhere (the log is capped, never the disk). */
#define LOG_CAP_BYTES (8L << 20)

static void set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit rl = { soft, hard };
    setrlimit(resource, &rl);
}

static void enter_limits(const child_args *a)
{
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a killed `ordo bench` leaves no run behind */
    if (a->cgroup)
        cgroup_slot_enter(a->cgroup, getpid());
    if (a->limits->cpu_s > 0) {
        /* The parent enforces the limit on the whole process tree with
         * exact accounting; RLIMIT_CPU (tick-sampled, it may fire a little
         * early) is only the backstop should the parent not get to run. */
        rlim_t cpu = (rlim_t)ceil(a->limits->cpu_s + report_grace_s(a->limits->cpu_s)) + 1;
        set_limit(RLIMIT_CPU, cpu, cpu + 1);
    }
    if (a->rlimit_as && a->limits->memory_mb > 0) {
        rlim_t bytes = (rlim_t)a->limits->memory_mb << 20;
        set_limit(RLIMIT_AS, bytes, bytes);
    }
    set_limit(RLIMIT_CORE, 0, 0);
    set_limit(RLIMIT_FSIZE, LOG_CAP_BYTES, LOG_CAP_BYTES);
    signal(SIGXFSZ, SIG_IGN);
    if (a->cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(a->cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
}

static void redirect_output(const char *log_path)
{
    int fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        fd = open("/dev/null", O_WRONLY);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    if (fd > STDERR_FILENO)
        close(fd);
    setvbuf(stderr, NULL, _IOLBF, 0);
}

/* Reason text on one line. */
static void put_line(FILE *out, const char *key, const char *text)
{
    fprintf(out, "%s ", key);
    for (const char *p = text; *p; p++)
        fputc(*p == '\n' || *p == '\r' ? ' ' : *p, out);
    fputc('\n', out);
}

/* The replayed counterexample (thread, location, values), one "cex" line
 * per line of ordo_trace_describe(). */
static void put_counterexample(FILE *out, const ordo_program *p, const ordo_trace *t)
{
    char *text = ordo_trace_describe(p, t, ORDO_ARITH_BV);
    for (char *line = text, *end; line && *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line) - 1;
        fprintf(out, "cex %.*s\n", (int)(end - line + (*end != '\n')), line);
    }
    free(text);
}

typedef struct {
    const char *status;
    int verdict;
    long bound;
    char *reason;
    bool complete; /* SAFE: the engine's completeness flag */
} child_result;

/* What an UNSAFE verdict becomes: false once its trace replays. */
static child_result check_unsafe(const ordo_engine_result *r, const ordo_program *p,
                                 FILE *report)
{
    if (!p) /* the engine reads no program: nothing to replay against */
        return (child_result){ "false", EXPECT_FALSE, -1, NULL, false };
    if (!r->trace)
        return (child_result){ "error", EXPECT_NONE, -1,
                               xstrdup("engine reported UNSAFE without a counterexample"), false };
    char *why = NULL;
    if (!ordo_trace_replay(p, r->trace, &why)) {
        char *reason = xasprintf("counterexample does not replay: %s", why ? why : "?");
        free(why);
        return (child_result){ "error", EXPECT_NONE, -1, reason, false };
    }
    put_counterexample(report, p, r->trace);
    return (child_result){ "false", EXPECT_FALSE, -1, NULL, false };
}

static child_result interpret(const ordo_engine_result *r, const ordo_program *p,
                              const ordo_deadline *d, FILE *report)
{
    char *reason = r->reason ? xstrdup(r->reason) : NULL;
    switch (r->verdict) {
    case ORDO_VERDICT_SAFE:
        if (r->complete) {
            free(reason);
            return (child_result){ "true", EXPECT_TRUE, -1, NULL, true };
        }
        return (child_result){ "true", EXPECT_TRUE, r->bound, reason, false };
    case ORDO_VERDICT_UNSAFE:
        free(reason);
        return check_unsafe(r, p, report);
    case ORDO_VERDICT_UNKNOWN:
        /* An engine that gave up because its time ran out timed out. */
        return (child_result){ ordo_deadline_expired(d) ? "timeout" : "unknown", EXPECT_NONE, -1,
                               reason, false };
    case ORDO_VERDICT_UNSUPPORTED:
        return (child_result){ "unsupported", EXPECT_NONE, -1, reason, false };
    case ORDO_VERDICT_ERROR:
        break;
    }
    return (child_result){ "error", EXPECT_NONE, -1, reason ? reason : xstrdup("engine error"), false };
}

static void write_report(FILE *out, const child_result *c, const ordo_stats *stats)
{
    fprintf(out, "status %s\n", c->status);
    if (c->verdict != EXPECT_NONE)
        fprintf(out, "verdict %s\n", c->verdict == EXPECT_TRUE ? "true" : "false");
    if (c->bound >= 0)
        fprintf(out, "bound %ld\n", c->bound);
    if (c->verdict == EXPECT_TRUE)
        fprintf(out, "complete %d\n", c->complete);
    if (c->reason)
        put_line(out, "reason", c->reason);
    for (size_t i = 0; stats && i < ordo_stats_count(stats); i++)
        fprintf(out, "stat %s %.17g\n", ordo_stats_name(stats, i), ordo_stats_value(stats, i));
    fprintf(out, REPORT_END "\n");
}

static child_result run_engine(const child_args *a, const ordo_program *p, ordo_stats *stats,
                               FILE *report)
{
    ordo_deadline deadline;
    ordo_deadline_start(&deadline, a->limits->cpu_s, a->limits->wall_s);
    ordo_solver_factory factory;
    if (a->rc->solver)
        factory = ordo_solver_factory_make(a->rc->solver, &deadline);
    ordo_engine_input in = {
        .source = a->t->program,
        .data_model = a->t->data_model,
        .program = p,
        .options = a->rc->options,
        .solvers = a->rc->solver ? &factory : NULL,
        .stats = stats,
        .deadline = &deadline,
    };
    ordo_engine_result r = a->rc->engine->engine->run(&in);
    child_result c = interpret(&r, p, &deadline, report);
    if (ordo_stats_refused(stats)) { /* a defect of the engine, whatever it answered */
        free(c.reason);
        c = (child_result){ .status = "error", .verdict = EXPECT_NONE, .bound = -1,
                            .reason = xasprintf("engine error: statistic %s is not declared "
                                                "in the engine's descriptor",
                                                ordo_stats_refused(stats)) };
    }
    if (r.owns_reason)
        free(r.reason);
    ordo_trace_free(r.trace);
    return c;
}

void child_main(const child_args *a)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGCHLD, SIG_DFL); /* the parent's handler must not interrupt the engine */
    enter_limits(a);
    redirect_output(a->log_path);
    crash_report_install();
    FILE *report = fdopen(a->report_fd, "w");
    ordo_stats *stats = ordo_stats_new();
    ordo_stats_declare(stats, a->rc->engine->stats);
    if (a->rc->solver)
        ordo_stats_declare(stats, a->rc->solver->stats);
    ordo_program *p = NULL;
    child_result c;
    if (!(a->rc->engine->engine->flags & ORDO_ENGINE_NO_PROGRAM)) {
        int status = ORDO_FRONTEND_OK;
        char *err = NULL;
        p = ordo_frontend_parse(a->t->program, (ordo_data_model)a->t->data_model, &status, &err);
        if (!p) {
            bool unsupported = status == ORDO_FRONTEND_UNSUPPORTED;
            c = (child_result){ unsupported ? "unsupported" : "error", EXPECT_NONE, -1,
                                err ? err : xstrdup("front end failed"), false };
            goto report;
        }
    }
    c = run_engine(a, p, stats, report);
report:
    write_report(report, &c, stats);
    fclose(report);
    fflush(stdout);
    free(c.reason);
    ordo_stats_free(stats);
    ordo_program_free(p);
    _exit(0);
}
