/*
 * ordo verify TASK [--engine E] [--solver S] [--expect true|false]
 *                  [--scoring sound|svcomp] [--cpu-time S] [--wall-time S] [--memory MB] [--log FILE]
 *                  [--OPTION VALUE ...]
 * One task through the same runner as `ordo bench` (same limits, same
 * statuses); prints the verdict, the statistics and the counterexample.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/ir.h>
#include <ordo/xalloc.h>

#include "commands.h"
#include "context.h"
#include "results_file.h"

#define DEFAULT_ENGINE "oc"

static const char usage_text[] =
    "usage: ordo verify TASK.yml|FILE.c|FILE.i [--engine E] [--solver S] [--expect true|false]\n"
    "                   [--scoring sound|svcomp] [--data-model ILP32|LP64] [--cpu-time S]\n"
    "                   [--wall-time S] [--memory MB] [--log FILE] [--OPTION VALUE ...]\n"
    "Verifies one task (default engine " DEFAULT_ENGINE ", solver " ORDO_DEFAULT_SOLVER
    "); 'ordo engines' lists the options.\n"
    "Exit status: 0 an answer (that matches --expect), 1 no answer or a wrong one,\n"
    "2 usage, 3 unsupported, 4 bad task file. What is an answer is the scoring policy's\n"
    "(default sound: a SAFE that holds only up to a bound is none; svcomp: every SAFE is\n"
    "the answer true).\n";

typedef struct {
    const char *task, *engine, *expect, *data_model, *log;
    scoring_policy scoring;
    run_limits limits;
    kv_list options; /* engine options and solver */
} verify_args;

static bool parse_number(const char *s, double *out)
{
    char *end;
    *out = s ? strtod(s, &end) : 0;
    return s && end != s && !*end && *out >= 0;
}

static int parse_args(int argc, char **argv, verify_args *a)
{
    double mem = 0;
    bool wall_set = false;
    a->limits = (run_limits){ 900, 0, 0 };
    a->scoring = SCORING_DEFAULT;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(arg, "--help")) {
            fputs(usage_text, stdout);
            return ORDO_EXIT_OK;
        } else if (arg[0] != '-' && !a->task)
            a->task = arg;
        else if (strncmp(arg, "--", 2) || !value)
            ok = false;
        else if (!strcmp(arg, "--engine"))
            a->engine = argv[++i];
        else if (!strcmp(arg, "--expect"))
            ok = !strcmp(a->expect = argv[++i], "true") || !strcmp(a->expect, "false");
        else if (!strcmp(arg, "--scoring"))
            ok = scoring_parse(argv[++i], &a->scoring);
        else if (!strcmp(arg, "--data-model"))
            ok = !strcmp(a->data_model = argv[++i], "ILP32") || !strcmp(a->data_model, "LP64");
        else if (!strcmp(arg, "--log"))
            a->log = argv[++i];
        else if (!strcmp(arg, "--cpu-time"))
            ok = parse_number(argv[++i], &a->limits.cpu_s);
        else if (!strcmp(arg, "--wall-time"))
            ok = wall_set = parse_number(argv[++i], &a->limits.wall_s);
        else if (!strcmp(arg, "--memory"))
            ok = parse_number(argv[++i], &mem);
        else
            kv_add(&a->options, arg + 2, argv[++i]);
        if (!ok) {
            fprintf(stderr, "ordo verify: bad argument '%s'%s%s\n%s", arg, value ? " " : "",
                    value ? value : "", usage_text);
            return ORDO_EXIT_USAGE;
        }
    }
    a->limits.memory_mb = (long)mem;
    if (!wall_set)
        a->limits.wall_s = default_wall_s(a->limits.cpu_s);
    if (!a->task) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    return -1;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* The task: a .yml, or a program with --expect / --data-model. */
static int load_task(const verify_args *a, task *t)
{
    char *cwd = getcwd(NULL, 0);
    if (!cwd) /* a working directory removed under us has no name */
        cwd = xstrdup(".");
    char *repo = repo_root_of(cwd);
    char *corpus = context_corpus(NULL, NULL, NULL, repo);
    task_roots roots;
    task_roots_init(&roots, corpus, repo);
    char *name = task_name(&roots, a->task), *err = NULL;
    int st = ORDO_EXIT_OK;
    if (ends_with(a->task, ".yml")) {
        task_load_status ls = task_load(t, a->task, name, &err);
        if (ls == TASK_NO_PROPERTY)
            err = xasprintf("%s: no unreach-call property", a->task);
        st = ls == TASK_OK ? ORDO_EXIT_OK : ORDO_EXIT_INPUT;
    } else if (access(a->task, R_OK) != 0) {
        err = xasprintf("%s: cannot read the file", a->task);
        st = ORDO_EXIT_INPUT;
    } else {
        *t = (task){ xstrdup(a->task), xstrdup(name), xstrdup(a->task), EXPECT_NONE, ORDO_DM_ILP32 };
    }
    if (st == ORDO_EXIT_OK && a->expect)
        t->expected = !strcmp(a->expect, "true") ? EXPECT_TRUE : EXPECT_FALSE;
    if (st == ORDO_EXIT_OK && a->data_model)
        t->data_model = !strcmp(a->data_model, "LP64") ? ORDO_DM_LP64 : ORDO_DM_ILP32;
    if (err)
        fprintf(stderr, "ordo verify: %s\n", err);
    free(err);
    free(name);
    task_roots_free(&roots);
    free(corpus);
    free(repo);
    free(cwd);
    return st;
}

/* Copies the run's log to stderr (capped). */
static void show_log(const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return;
    char buf[4096];
    size_t n, total = 0;
    while ((n = fread(buf, 1, sizeof buf, in)) && total < (64u << 10)) {
        fwrite(buf, 1, n, stderr);
        total += n;
    }
    if (n)
        fprintf(stderr, "... (log truncated)\n");
    fclose(in);
}

static void print_outcome(const run_config *rc, const task *t, const run_outcome *o)
{
    printf("task:     %s\n", t->name);
    printf("engine:   %s %s (%s)\n", rc->engine->name, rc->engine->version, rc->options_text);
    printf("status:   %s\n", o->status);
    const char *verdict = o->verdict == EXPECT_TRUE ? "true" : o->verdict == EXPECT_FALSE ? "false" : "none";
    printf("verdict:  %s", verdict);
    if (o->bound >= 0)
        printf(" (holds up to bound %ld)", o->bound);
    else if (o->verdict == EXPECT_TRUE && !o->complete)
        printf(" (not a complete proof)");
    if (t->expected != EXPECT_NONE)
        printf(" (expected %s: %s)", t->expected == EXPECT_TRUE ? "true" : "false",
               result_class_name(classify(run_answer(o), t->expected == EXPECT_TRUE)));
    printf("\n");
    if (o->reason)
        printf("reason:   %s\n", o->reason);
    printf("time:     %.3f s CPU, %.3f s wall, %.1f MB\n", o->cputime_s, o->walltime_s,
           o->memory_mb);
    if (ordo_stats_count(o->stats))
        printf("statistics:\n");
    for (size_t i = 0; i < ordo_stats_count(o->stats); i++)
        printf("  %-32s %.10g\n", ordo_stats_name(o->stats, i), ordo_stats_value(o->stats, i));
    if (o->counterexample)
        printf("counterexample:\n%s", o->counterexample);
}

static int exit_status(const task *t, const run_outcome *o, scoring_policy p)
{
    if (!strcmp(o->status, "unsupported"))
        return ORDO_EXIT_UNSUPPORTED;
    answer_kind a = run_answer(o);
    if (!scoring_answers(p, a) ||
        (t->expected != EXPECT_NONE && scoring_judge(p, a, t->expected == EXPECT_TRUE) == JUDGED_WRONG))
        return ORDO_EXIT_FINDING;
    return ORDO_EXIT_OK;
}

static int verify(const verify_args *a, const run_config *rc, const task *t)
{
    char *log = a->log ? xstrdup(a->log) : xstrdup("/tmp/ordo-verify-XXXXXX");
    if (!a->log) {
        int fd = mkstemp(log);
        if (fd >= 0)
            close(fd);
    }
    runner *r = runner_new(&a->limits, 1);
    runner_catch_interrupts();
    runner_start(r, rc, t, log, (void *)t);
    run_outcome o;
    bool done = runner_wait(r, &o) != NULL;
    runner_free(r);
    if (!a->log)
        show_log(log);
    if (!a->log)
        unlink(log);
    free(log);
    if (!done) {
        fprintf(stderr, "ordo verify: interrupted\n");
        return 130;
    }
    print_outcome(rc, t, &o);
    int st = exit_status(t, &o, a->scoring);
    run_outcome_free(&o);
    return st;
}

int ordo_cmd_verify(int argc, char **argv)
{
    verify_args a = { 0 };
    int st = parse_args(argc, argv, &a);
    if (st >= 0) {
        kv_free(&a.options);
        return st;
    }
    ordo_plugin_set plugins = { 0 };
    context_load_plugins(&plugins);
    run_config rc;
    char *err = NULL;
    const char *engine = a.engine ? a.engine : DEFAULT_ENGINE;
    task t = { 0 };
    if (!run_config_build(&rc, "verify", engine, &a.options, &plugins, &err)) {
        fprintf(stderr, "ordo verify: %s\n", err);
        st = ORDO_EXIT_USAGE;
    } else {
        st = load_task(&a, &t);
        if (st == ORDO_EXIT_OK)
            st = verify(&a, &rc, &t);
    }
    free(err);
    task_free(&t);
    run_config_free(&rc);
    kv_free(&a.options);
    ordo_plugins_close(&plugins);
    return st;
}
