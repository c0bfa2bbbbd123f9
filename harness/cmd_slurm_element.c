/*
 * ordo slurm-element OUT SEQ PER_ELEMENT [INDEX] (hidden: what the script
 * of an ordo bench --slurm array runs, slurm.h). Element INDEX (default
 * $SLURM_ARRAY_TASK_ID) runs pairs INDEX*PER_ELEMENT... of
 * OUT/slurm/array-SEQ.pairs through ordo's runner, one core, and writes
 * each finished row to its part file. Killed (scancel, SLURM's time limit)
 * it writes no part for the run it was in: that pair counts as missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "commands.h"
#include "slurm_job_cgroup.h"
#include "slurm_part.h"
#include "slurm_state.h"

static const char usage_text[] =
    "usage: ordo slurm-element OUT SEQ PER_ELEMENT [INDEX]\n"
    "Runs one element of an 'ordo bench --slurm' job array (internal).\n";

/* Inside a SLURM job whose cgroup limits memory, where ordo cannot make
 * cgroups of its own (not root), that limit holds rather than RLIMIT_AS,
 * and the job's CPU accounting (where it has one) measures the runs. */
static runner *element_runner(const run_limits *limits)
{
    runner *r = runner_new(limits, 1);
    char *file = NULL;
    bool own_cgroups = !strncmp(runner_memory_mechanism(r), "cgroup", 6);
    long mb = own_cgroups ? -1 : slurm_job_memory_limit_mb(&file);
    if (mb > 0) {
        char *how = xasprintf("SLURM job cgroup (%s: %ld MB)", file, mb);
        bool cpu = slurm_job_cpu_s() >= 0;
        runner_external ext = { how, cpu ? slurm_job_cpu_s : NULL,
                                "SLURM job cgroup CPU accounting" };
        runner_free(r);
        r = runner_new_external(limits, 1, &ext);
        free(how);
    }
    free(file);
    return r;
}

static const char *node_name(char *buf, size_t n)
{
    const char *node = getenv("SLURMD_NODENAME");
    if (node)
        return node;
    return gethostname(buf, n) == 0 ? buf : "unknown";
}

static size_t find_run(const bench_config *c, const char *name)
{
    for (size_t r = 0; r < c->n_runs; r++)
        if (!strcmp(c->runs[r].name, name))
            return r;
    return c->n_runs;
}

static size_t find_task(const task_list *l, const char *name)
{
    for (size_t t = 0; t < l->n; t++)
        if (!strcmp(l->tasks[t].name, name))
            return t;
    return l->n;
}

typedef struct {
    const slurm_loaded *l;
    runner *runner;
    results_file columns; /* only its statistic columns */
    slurm_part about;
} element;

/* Runs one pair ("run<TAB>task") and writes its part; returns an exit status. */
static int run_pair(element *e, char *line)
{
    const bench_config *c = &e->l->c;
    char *tab = strchr(line, '\t');
    if (tab)
        *tab = '\0';
    size_t r = find_run(c, line), t = tab ? find_task(&e->l->tasks, tab + 1) : e->l->tasks.n;
    if (r == c->n_runs || t == e->l->tasks.n) {
        fprintf(stderr, "ordo slurm-element: no pair (%s, %s) in %s\n", line, tab ? tab + 1 : "",
                c->path);
        return ORDO_EXIT_INPUT;
    }
    const task *tk = &e->l->tasks.tasks[t];
    char *log = log_path(e->l->out, &c->runs[r], tk);
    runner_start(e->runner, &c->runs[r], tk, log, e);
    free(log);
    run_outcome o;
    if (!runner_wait(e->runner, &o))
        return 130; /* killed: no part */
    bool ok = slurm_part_write(e->l->out, &e->columns, c->benchmark, &c->runs[r], tk, &o,
                               &e->about);
    run_outcome_free(&o);
    return ok ? ORDO_EXIT_OK : ORDO_EXIT_INPUT;
}

static int run_element(const slurm_loaded *l, FILE *pairs, size_t first, size_t count)
{
    char host[256], *job = NULL;
    const char *array = getenv("SLURM_ARRAY_JOB_ID"), *index = getenv("SLURM_ARRAY_TASK_ID");
    job = array && index ? xasprintf("%s_%s", array, index) : xstrdup("none");
    element e = { .l = l, .runner = element_runner(&l->c.limits) };
    e.columns.stat_names = stat_columns(&l->c, &e.columns.n_stats);
    e.about = (slurm_part){ .node = (char *)node_name(host, sizeof host), .job = job,
                            .memory_enforced_by = (char *)runner_memory_mechanism(e.runner),
                            .cpu_enforced_by = (char *)runner_cpu_mechanism(e.runner) };
    runner_catch_interrupts();
    int st = ORDO_EXIT_OK;
    char *line = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < first + count && st != 130 && getline(&line, &cap, pairs) > 0; i++) {
        line[strcspn(line, "\n")] = '\0';
        int pair_st = i >= first ? run_pair(&e, line) : ORDO_EXIT_OK;
        st = pair_st ? pair_st : st;
    }
    free(line);
    free(e.columns.stat_names);
    runner_free(e.runner);
    free(job);
    return st;
}

int ordo_cmd_slurm_element(int argc, char **argv)
{
    const char *index = argc > 4 ? argv[4] : getenv("SLURM_ARRAY_TASK_ID");
    if (argc < 4 || argc > 5 || !index || atol(argv[3]) < 1) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    slurm_loaded l;
    int st = slurm_load("slurm-element", argv[1], &l);
    char *path = xasprintf("%s/slurm/array-%s.pairs", argv[1], argv[2]);
    FILE *pairs = st < 0 ? fopen(path, "r") : NULL;
    if (st < 0 && !pairs) {
        fprintf(stderr, "ordo slurm-element: cannot read %s\n", path);
        st = ORDO_EXIT_INPUT;
    }
    if (st < 0) {
        size_t per = (size_t)atol(argv[3]);
        st = run_element(&l, pairs, (size_t)atol(index) * per, per);
    }
    if (pairs)
        fclose(pairs);
    free(path);
    slurm_loaded_free(&l);
    return st;
}
