/*
 * ordo bench CONFIG [--jobs N] [--resume] [--out DIR] [--corpus DIR]
 *                   [--include REGEX] [--exclude REGEX]
 * Runs the configuration matrix over its tasks (DESIGN.md, "Runner and
 * results"): every (task, run) pair without a row yet, in parallel jobs,
 * one CSV row per finished run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "commands.h"
#include "context.h"
#include "metadata.h"
#include "progress.h"
#include "results.h"

typedef struct {
    const char *config, *out, *corpus, *include, *exclude;
    int jobs; /* 0: the config's */
    bool resume;
} bench_args;

static const char usage_text[] =
    "usage: ordo bench CONFIG.yml [--jobs N] [--resume] [--out DIR] [--corpus DIR]\n"
    "                  [--include REGEX] [--exclude REGEX]\n"
    "Runs every (task, run) pair of the configuration; results go to DIR/results.csv\n"
    "(default out/BENCHMARK). --resume runs only the pairs without a row.\n"
    "Exit status: 0 no wrong answer, 1 a wrong answer under the configuration's scoring\n"
    "policy (scoring: sound, the default, where a SAFE that holds only up to a bound is\n"
    "no answer; or svcomp, where every SAFE is the answer true), 2 usage, 4 bad input,\n"
    "130 interrupted.\n";

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
        else if (arg[0] != '-' && !a->config)
            a->config = arg;
        else {
            fprintf(stderr, "ordo bench: bad argument '%s'\n%s", arg, usage_text);
            return ORDO_EXIT_USAGE;
        }
    }
    if (!a->config) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    return -1;
}

/* mkdir -p, deepest folder first: one system call when the parents exist. */
static bool make_dirs(const char *path)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST)
        return true;
    char *parent = xstrdup(path), *slash = strrchr(parent, '/');
    bool ok = errno == ENOENT && slash && slash != parent;
    if (ok) {
        *slash = '\0';
        ok = make_dirs(parent) && (mkdir(path, 0755) == 0 || errno == EEXIST);
    }
    free(parent);
    return ok;
}

/* The statistic columns: every statistic the runs' engines and solvers declare. */
static char **stat_columns(const bench_config *c, size_t *n)
{
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t i = 0; i < 2 * c->n_runs; i++) {
        const ordo_plugin *p = i % 2 ? c->runs[i / 2].solver : c->runs[i / 2].engine;
        for (const ordo_stat_desc *s = p ? p->stats : NULL; s && s->name; s++) {
            bool seen = false;
            for (size_t j = 0; j < *n; j++)
                seen = seen || !strcmp(names[j], s->name);
            if (!seen) {
                XGROW(names, *n, cap);
                names[(*n)++] = (char *)s->name;
            }
        }
    }
    return names;
}

static char *flat(const char *s)
{
    char *f = xstrdup(s);
    for (char *p = f; *p; p++)
        if (*p == '/')
            *p = '_';
    return f;
}

/* DIR/logs/<run>/<task path with / replaced by __>.log */
static char *log_path(const char *out, const run_config *rc, const task *t)
{
    char *run = flat(rc->name);
    char *dir = xasprintf("%s/logs/%s", out, run);
    make_dirs(dir);
    size_t len = strlen(t->name);
    char *name = xcalloc(1, 2 * len + 1), *p = name;
    for (const char *s = t->name; *s; s++)
        p = *s == '/' ? stpcpy(p, "__") : (*p = *s, p + 1);
    char *path = xasprintf("%s/%s.log", dir, name);
    free(run);
    free(dir);
    free(name);
    return path;
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
    size_t n_class[N_RESULT_CLASSES];
    size_t bounded_on_true;   /* bounded SAFEs on tasks labelled true */
    size_t n_judged[3];       /* by the configured policy: none, correct, wrong */
    long score;               /* by the configured policy */
} bench;

static void record(bench *b, const pair *p, run_outcome *o)
{
    const task *t = &b->tasks->tasks[p->task];
    const run_config *rc = &b->c->runs[p->run];
    results_append(&b->results, b->c->benchmark, rc, t, o);
    bool on_true = t->expected == EXPECT_TRUE;
    answer_kind a = run_answer(o);
    result_class c = classify(a, on_true);
    b->n_class[c]++;
    b->bounded_on_true += c == CLASS_BOUNDED && on_true;
    b->n_judged[scoring_judge(b->c->scoring, a, on_true)]++;
    b->score += scoring_points(b->c->scoring, a, on_true);
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

static bool load_tasks(const bench_config *c, const bench_args *a, task_list *tasks,
                       char **corpus)
{
    *corpus = context_corpus(a->corpus, c->corpus, c->dir, c->repo);
    task_roots roots;
    task_roots_init(&roots, *corpus, c->repo);
    char *err = NULL;
    bool ok = true;
    for (size_t i = 0; ok && i < c->n_tasks; i++)
        ok = task_list_add(tasks, &roots, c->tasks[i], c->dir, &err);
    const char *inc = a->include ? a->include : c->include;
    const char *exc = a->exclude ? a->exclude : c->exclude;
    ok = ok && task_list_finish(tasks, inc, exc, &err);
    if (!ok)
        fprintf(stderr, "ordo bench: %s\n", err);
    for (size_t i = 0; i < tasks->n_errors; i++)
        fprintf(stderr, "ordo bench: %s\n", tasks->errors[i]);
    free(err);
    task_roots_free(&roots);
    return ok;
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
    const size_t *n = b->n_class;
    printf("\n  correct %zu, wrong %zu, unknown %zu, bounded %zu (%zu on true tasks, %zu on false)\n",
           n[CLASS_CORRECT], n[CLASS_WRONG], n[CLASS_UNKNOWN], n[CLASS_BOUNDED], b->bounded_on_true,
           n[CLASS_BOUNDED] - b->bounded_on_true);
    printf("  scoring %s: solved %zu, wrong %zu, score %ld\n", scoring_name(b->c->scoring),
           b->n_judged[JUDGED_CORRECT], b->n_judged[JUDGED_WRONG], b->score);
    printf("  results: %s\n", b->results.path);
}

static int run_bench(const bench_config *c, const bench_args *a, const task_list *tasks,
                     const char *corpus)
{
    char *out = a->out ? xstrdup(a->out) : xasprintf("out/%s", c->benchmark);
    bench b = { .c = c, .tasks = tasks, .out = out };
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
    int status = !finished ? 130 : b.n_judged[JUDGED_WRONG] ? ORDO_EXIT_FINDING : ORDO_EXIT_OK;
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
    if (load_tasks(&c, &a, &tasks, &corpus)) {
        if (tasks.n_skipped)
            fprintf(stderr, "ordo bench: %zu tasks without an unreach-call verdict skipped\n",
                    tasks.n_skipped);
        if (tasks.n)
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
