/* Merging SLURM part files (slurm_merge.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/csv.h>
#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "commands.h"
#include "results_file.h"
#include "slurm_merge.h"
#include "slurm_metadata.h"
#include "slurm_part.h"

static void add_distinct(slurm_names *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->items[i], name))
            return;
    s->items = xrealloc(s->items, (s->n + 1) * sizeof *s->items);
    s->items[s->n++] = xstrdup(name);
}

static void count(slurm_merged *m, const slurm_part *p, const task *t)
{
    m->n_rows++;
    tally_add(&m->tally, p->answer, t->expected == EXPECT_TRUE);
    add_distinct(&m->nodes, p->node);
    add_distinct(&m->memory_enforced_by, p->memory_enforced_by ? p->memory_enforced_by : "?");
    add_distinct(&m->cpu_enforced_by, p->cpu_enforced_by ? p->cpu_enforced_by : "?");
}

static void node_line(FILE *nodes, const char *run, const char *task, const slurm_part *p)
{
    const char *fields[] = { run, task, p->node, p->job };
    for (size_t i = 0; i < 4; i++) {
        if (i)
            fputc(',', nodes);
        csv_write_field(nodes, fields[i]);
    }
    fputc('\n', nodes);
}

bool slurm_merge(const char *out, const bench_config *c, const task_list *tasks,
                 slurm_merged *m)
{
    *m = (slurm_merged){ .n_pairs = tasks->n * c->n_runs, .tally = { .scoring = c->scoring } };
    size_t n_stats;
    char **stats = stat_columns(c, &n_stats);
    results_file rf;
    char *err = NULL, *nodes_path = xasprintf("%s/nodes.csv", out);
    FILE *nodes = fopen(nodes_path, "w");
    bool ok = nodes && results_open(&rf, out, stats, n_stats, false, &err);
    if (!ok)
        fprintf(stderr, "ordo: %s\n", err ? err : "cannot write nodes.csv");
    if (nodes)
        fputs("run,task,node,job\n", nodes);
    for (size_t t = 0; ok && t < tasks->n; t++)
        for (size_t r = 0; r < c->n_runs; r++) {
            const char *run = c->runs[r].name, *task = tasks->tasks[t].name;
            char *path = slurm_part_path(out, run, task);
            slurm_part p;
            if (slurm_part_read(path, &p)) {
                dprintf(rf.fd, "%s\n", p.row);
                node_line(nodes, run, task, &p);
                count(m, &p, &tasks->tasks[t]);
                slurm_part_free(&p);
            }
            free(path);
        }
    if (ok) {
        ok = fdatasync(rf.fd) == 0;
        results_close(&rf);
    }
    if (nodes)
        ok = fclose(nodes) == 0 && ok;
    free(nodes_path);
    free(err);
    free(stats);
    return ok;
}

void slurm_merged_print(const slurm_merged *m, const char *benchmark, const char *out)
{
    printf("%s: %zu of %zu pairs have a row", benchmark, m->n_rows, m->n_pairs);
    if (m->n_rows < m->n_pairs)
        printf(" (%zu missing: killed by SLURM or not run; see %s/slurm/logs, then "
               "rerun with --slurm --resume)",
               m->n_pairs - m->n_rows, out);
    putchar('\n');
    tally_print(&m->tally);
    printf("  results: %s/results.csv (nodes: %s/nodes.csv)\n", out, out);
}

int slurm_collect(const char *out, const bench_config *c, const task_list *tasks,
                 const slurm_setup *s)
{
    slurm_merged m;
    slurm_jobs jobs;
    slurm_jobs_read(out, &jobs);
    bool ok = slurm_merge(out, c, tasks, &m) && slurm_metadata_write(out, s, &jobs, &m);
    slurm_merged_print(&m, c->benchmark, out);
    int st = !ok                      ? ORDO_EXIT_INPUT
             : m.n_rows < m.n_pairs   ? ORDO_EXIT_INCOMPLETE
             : m.tally.n_judged[JUDGED_WRONG] ? ORDO_EXIT_FINDING
                                      : ORDO_EXIT_OK;
    slurm_jobs_free(&jobs);
    slurm_merged_free(&m);
    return st;
}

static void free_names(slurm_names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->items[i]);
    free(s->items);
}

void slurm_merged_free(slurm_merged *m)
{
    free_names(&m->nodes);
    free_names(&m->memory_enforced_by);
    free_names(&m->cpu_enforced_by);
    *m = (slurm_merged){ 0 };
}
