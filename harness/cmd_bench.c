/*
 * ordo bench CONFIG [--jobs N] [--resume] [--out DIR] [--corpus DIR]
 *                   [--include REGEX] [--exclude REGEX] [--slurm ...]
 * Runs the configuration matrix over its tasks (DESIGN.md, "Runner and
 * results"): every (task, run) pair without a row yet, in parallel jobs,
 * one CSV row per finished run; with --slurm as a SLURM job array (slurm.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "commands.h"
#include "context.h"
#include "bench_metadata.h"
#include "progress.h"
#include "results_file.h"
#include "slurm.h"
#include "tally.h"

typedef struct {
    const char *config, *out, *corpus, *include, *exclude;
    int jobs; /* 0: the config's */
    bool resume;
    slurm_args slurm;
} bench_args;

static const char usage_text[] =
    "usage: ordo bench CONFIG.yml [--jobs N] [--resume] [--out DIR] [--corpus DIR]\n"
    "                  [--include REGEX] [--exclude REGEX]\n"
    "                  [--slurm [--partition P] [--max-parallel K] [--pairs-per-element N]\n"
    "                   [--sbatch-args 'ARGS'] [--no-wait]]\n"
    "Runs every (task, run) pair of the configuration; results go to DIR/results.csv\n"
    "(default out/BENCHMARK). --resume runs only the pairs without a row.\n"
    "--slurm runs the pairs as a SLURM job array (README, \"Running on a cluster\");\n"
    "--no-wait submits and returns, 'ordo collect DIR' merges the rows later.\n"
    "Exit status: 0 no wrong answer, 1 a wrong answer under the configuration's scoring\n"
    "policy (scoring: sound, the default, where a SAFE that holds only up to a bound is\n"
    "no answer; or svcomp, where every SAFE is the answer true), 2 usage, 4 bad input,\n"
    "5 results incomplete (--slurm: pairs without a row), 130 interrupted.\n";

static int parse_args(int argc, char **argv, bench_args *a)
{
    *a = (bench_args){ 0 };
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(arg, "--help")) {
            fputs(usage_text, stdout);
            return ORDO_EXIT_OK;
        } else if (!strcmp(arg, "--resume"))
            a->resume = true;
        else if (!strcmp(arg, "--jobs") && value && atoi(value) > 0)
            a->jobs = atoi(argv[++i]);
        else if (!strcmp(arg, "--out") && value)
            a->out = argv[++i];
        else if (!strcmp(arg, "--corpus") && value)
            a->corpus = argv[++i];
        else if (!strcmp(arg, "--include") && value)
            a->include = argv[++i];
        else if (!strcmp(arg, "--exclude") && value)
            a->exclude = argv[++i];
        else if (slurm_parse_arg(&a->slurm, argv, argc, &i))
            continue;
        else if (arg[0] != '-' && !a->config)
            a->config = arg;
        else {
            fprintf(stderr, "ordo bench: bad argument '%s'\n%s", arg, usage_text);
            return ORDO_EXIT_USAGE;
        }
    }
    if (!a->config || !slurm_args_valid(&a->slurm)) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    return -1;
}

typedef struct {
    size_t task, run;
} pair;

typedef struct {
    const bench_config *c;
    const task_list *tasks;
    const char *out;
    results_file results;
    runner *runner;
    progress progress;
    answer_kind *answers; /* per task x run (ANSWER_NONE = 0 until it ran) */
    long *bounds;    /* per task x run: the bound of a bounded SAFE, else -1 */
    answer_tally tally;   /* by the configured scoring policy */
} bench;

static void record(bench *b, const pair *p, run_outcome *o)
{
    const task *t = &b->tasks->tasks[p->task];
    const run_config *rc = &b->c->runs[p->run];
    results_append(&b->results, b->c->benchmark, rc, t, o);
    answer_kind a = run_answer(o);
    result_class c = tally_add(&b->tally, a, t->expected == EXPECT_TRUE);
    const char *cls = result_class_name(c);
    b->answers[p->task * b->c->n_runs + p->run] = a;
    b->bounds[p->task * b->c->n_runs + p->run] = o->bound;
    char *what = xasprintf("%s %s: %s (%s, %.2f s)", rc->name, t->name, o->status, cls,
                           o->cputime_s);
    progress_step(&b->progress, cls, what);
    free(what);
}

/* Runs the pending pairs; false when interrupted. */
static bool run_all(bench *b, pair *pending, size_t n)
{
    size_t next = 0;
    while (next < n || runner_running(b->runner)) {
        while (next < n && runner_has_free_slot(b->runner) && !runner_interrupted) {
            pair *p = &pending[next++];
            char *log = log_path(b->out, &b->c->runs[p->run], &b->tasks->tasks[p->task]);
            runner_start(b->runner, &b->c->runs[p->run], &b->tasks->tasks[p->task], log, p);
            free(log);
        }
        run_outcome o;
        pair *done = runner_wait(b->runner, &o);
        if (!done)
            return !runner_interrupted;
        record(b, done, &o);
        run_outcome_free(&o);
    }
    return true;
}

/* DESIGN.md, "Trust": tasks where two runs disagree. A SAFE that holds
 * only up to a bound (or is otherwise not complete) does not contradict a
 * (replayed) violation found by a run that unrolled further: that pair is
 * listed apart, with the bound, for the reader to compare with the other
 * run's. */
static void report_disagreements(const bench *b)
{
    size_t nr = b->c->n_runs;
    for (size_t t = 0; t < b->tasks->n; t++) {
        const answer_kind *a = &b->answers[t * nr];
        const long *bound = &b->bounds[t * nr];
        const char *name = b->tasks->tasks[t].name;
        for (size_t i = 0; i < nr; i++)
            for (size_t j = 0; j < nr; j++) {
                const char *safe = b->c->runs[i].name, *unsafe = b->c->runs[j].name;
                if (a[j] != ANSWER_VIOLATION || (a[i] != ANSWER_PROOF && a[i] != ANSWER_BOUNDED))
                    continue;
                if (a[i] == ANSWER_PROOF)
                    printf("disagreement on %s: %s says true, %s says false\n", name, safe, unsafe);
                else if (bound[i] >= 0)
                    printf("bounded on %s: %s says true up to bound %ld, %s says false\n", name, safe,
                           bound[i], unsafe);
                else
                    printf("bounded on %s: %s says true (not a complete proof), %s says false\n",
                           name, safe, unsafe);
            }
    }
}

static pair *pending_pairs(const bench *b, size_t *n)
{
    size_t nr = b->c->n_runs;
    pair *p = xcalloc(b->tasks->n * nr + 1, sizeof *p);
    *n = 0;
    for (size_t t = 0; t < b->tasks->n; t++)
        for (size_t r = 0; r < nr; r++)
            if (!results_done(&b->results, b->c->runs[r].name, b->tasks->tasks[t].name))
                p[(*n)++] = (pair){ t, r };
    return p;
}

static void print_summary(const bench *b, size_t n_pending, bool finished)
{
    printf("%s: %zu runs this session", b->c->benchmark, b->progress.done);
    if (!finished)
        printf(" (interrupted; %zu left: rerun with --resume)", n_pending - b->progress.done);
    putchar('\n');
    tally_print(&b->tally);
    printf("  results: %s\n", b->results.path);
}

static int run_bench(const bench_config *c, const bench_args *a, const task_list *tasks,
                     const char *corpus)
{
    char *out = a->out ? xstrdup(a->out) : xasprintf("out/%s", c->benchmark);
    bench b = { .c = c, .tasks = tasks, .out = out, .tally = { .scoring = c->scoring } };
    size_t n_stats;
    char **stats = stat_columns(c, &n_stats);
    char *err = NULL;
    if (!make_dirs(out) || !results_open(&b.results, out, stats, n_stats, a->resume, &err)) {
        fprintf(stderr, "ordo bench: %s\n", err ? err : "cannot create the output folder");
        free(err);
        free(stats);
        free(out);
        return ORDO_EXIT_INPUT;
    }
    b.runner = runner_new(&c->limits, c->jobs);
    size_t n_pending;
    pair *pending = pending_pairs(&b, &n_pending);
    metadata_info m = { c, b.runner, corpus, tasks->n, tasks->n_skipped, tasks->n_errors,
                        tasks->n * c->n_runs, a->resume };
    if (!metadata_write(out, &m))
        fprintf(stderr, "ordo bench: cannot write %s/metadata.yml\n", out);
    b.answers = xcalloc(tasks->n * c->n_runs + 1, sizeof *b.answers);
    b.bounds = xcalloc(tasks->n * c->n_runs + 1, sizeof *b.bounds);
    runner_catch_interrupts();
    progress_start(&b.progress, n_pending);
    bool finished = run_all(&b, pending, n_pending);
    runner_kill_all(b.runner);
    progress_end(&b.progress);
    print_summary(&b, n_pending, finished);
    report_disagreements(&b);
    int status = !finished ? 130 : b.tally.n_judged[JUDGED_WRONG] ? ORDO_EXIT_FINDING : ORDO_EXIT_OK;
    runner_free(b.runner);
    results_close(&b.results);
    free(b.answers);
    free(b.bounds);
    free(pending);
    free(stats);
    free(out);
    return status;
}

int ordo_cmd_bench(int argc, char **argv)
{
    bench_args a;
    int st = parse_args(argc, argv, &a);
    if (st >= 0)
        return st;
    ordo_plugin_set plugins = { 0 };
    context_load_plugins(&plugins);
    bench_config c;
    char *err = NULL;
    if (!bench_config_load(&c, a.config, &plugins, &err)) {
        fprintf(stderr, "ordo bench: %s\n", err);
        free(err);
        bench_config_free(&c);
        ordo_plugins_close(&plugins);
        return ORDO_EXIT_USAGE;
    }
    if (a.jobs)
        c.jobs = a.jobs;
    task_list tasks = { 0 };
    char *corpus = NULL;
    st = ORDO_EXIT_INPUT;
    if (load_tasks("bench", &c, a.corpus, a.include, a.exclude, &tasks, &corpus)) {
        if (tasks.n_skipped)
            fprintf(stderr, "ordo bench: %zu tasks without an unreach-call verdict skipped\n",
                    tasks.n_skipped);
        slurm_bench_input in = { &c, &tasks, corpus, a.out, a.include, a.exclude, a.resume };
        if (tasks.n && a.slurm.on)
            st = slurm_bench(&in, &a.slurm);
        else if (tasks.n)
            st = run_bench(&c, &a, &tasks, corpus);
        else
            fprintf(stderr, "ordo bench: %s selects no task\n", a.config);
    }
    free(corpus);
    task_list_free(&tasks);
    bench_config_free(&c);
    ordo_plugins_close(&plugins);
    return st;
}
