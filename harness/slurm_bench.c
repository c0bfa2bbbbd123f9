/* ordo bench --slurm (slurm.h): set-up, submission, waiting and merge. */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "commands.h"
#include "bench_metadata.h"
#include "slurm_merge.h"
#include "slurm_metadata.h"
#include "slurm_part.h"
#include "slurm_queue.h"
#include "slurm_wait.h"

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
    (void)st, (void)flag, (void)f;
    remove(path);
    return 0;
}

/* A fresh (not resumed) benchmark starts without parts, arrays or rows. */
static void forget_previous(const char *out)
{
    char *parts = xasprintf("%s/parts", out), *state = xasprintf("%s/slurm", out);
    char *results = xasprintf("%s/results.csv", out), *nodes = xasprintf("%s/nodes.csv", out);
    nftw(parts, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    nftw(state, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    unlink(results);
    unlink(nodes);
    free(parts);
    free(state);
    free(results);
    free(nodes);
}

/* Rows of OUT/results.csv that no part backs: a local run's, which a merge
 * of the parts would drop. */
static bool holds_local_rows(const char *out)
{
    char *results = xasprintf("%s/results.csv", out), *setup = xasprintf("%s/slurm/setup", out);
    bool local = access(results, F_OK) == 0 && access(setup, F_OK) != 0;
    free(results);
    free(setup);
    return local;
}

/* The id of an earlier array of OUT still in the queue, else NULL. */
static char *array_in_queue(const char *out)
{
    slurm_jobs jobs;
    slurm_jobs_read(out, &jobs);
    char *id = NULL;
    for (size_t i = 0; !id && i < jobs.n; i++)
        if (slurm_job_queued(jobs.jobs[i].id) != 0)
            id = xstrdup(jobs.jobs[i].id);
    slurm_jobs_free(&jobs);
    return id;
}

/* The set-up of this submission; on --resume, the config must be the one
 * the earlier submissions ran. Returns -1 or an exit status. */
static int prepare(const slurm_bench_input *in, const char *out, slurm_setup *s)
{
    char *err = NULL, *hash = slurm_config_hash(in->c);
    slurm_setup before = { 0 };
    bool had = in->resume && slurm_setup_read(out, &before, &err);
    int st = -1;
    if (in->resume && holds_local_rows(out)) {
        fprintf(stderr, "ordo bench: %s/results.csv holds a local run's rows; --slurm --resume "
                        "continues only a benchmark submitted with --slurm (use another --out)\n",
                out);
        st = ORDO_EXIT_USAGE;
    } else if (had && strcmp(before.config_hash, hash)) {
        fprintf(stderr, "ordo bench: %s differs from the config %s ran (config hash %s, was %s "
                        "in %s/metadata.yml); use another --out or run without --resume\n",
                in->c->path, out, hash, before.config_hash, out);
        st = ORDO_EXIT_USAGE;
    }
    char *queued = st < 0 ? array_in_queue(out) : NULL;
    if (queued) {
        fprintf(stderr, "ordo bench: job %s of %s is still in SLURM's queue; wait for it "
                        "('ordo collect %s') or scancel it first\n", queued, out, out);
        st = ORDO_EXIT_INCOMPLETE;
    }
    free(queued);
    free(err);
    slurm_setup_free(&before);
    if (st >= 0) {
        free(hash);
        return st;
    }
    if (!in->resume)
        forget_previous(out);
    char *corpus = realpath(in->corpus, NULL); /* a corpus the config does not use may not exist */
    *s = (slurm_setup){ realpath(in->c->path, NULL), corpus ? corpus : xstrdup(in->corpus),
                        in->include ? xstrdup(in->include) : NULL,
                        in->exclude ? xstrdup(in->exclude) : NULL, hash, slurm_version() };
    char *logs = xasprintf("%s/slurm/logs", out);
    bool ok = s->config && s->corpus && make_dirs(logs) && slurm_setup_write(out, s);
    if (!ok)
        fprintf(stderr, "ordo bench: cannot set up %s/slurm\n", out);
    free(logs);
    return ok ? -1 : ORDO_EXIT_INPUT;
}

/* The pairs without a part, task by task, as a local run orders them. */
static slurm_pair *missing_pairs(const char *out, const bench_config *c, const task_list *tasks,
                                 size_t *n)
{
    slurm_pair *p = xcalloc(tasks->n * c->n_runs + 1, sizeof *p);
    *n = 0;
    for (size_t t = 0; t < tasks->n; t++)
        for (size_t r = 0; r < c->n_runs; r++) {
            char *path = slurm_part_path(out, c->runs[r].name, tasks->tasks[t].name);
            if (access(path, F_OK) != 0)
                p[(*n)++] = (slurm_pair){ t, r };
            free(path);
        }
    return p;
}

/* metadata.yml's slurm: section right after a submission (the merge
 * rewrites it): the arrays, and the rows there were before. */
static void record_submission(const char *out, const slurm_bench_input *in,
                              const slurm_setup *s, size_t n_submitted)
{
    slurm_jobs jobs;
    slurm_jobs_read(out, &jobs);
    size_t n_pairs = in->tasks->n * in->c->n_runs;
    slurm_merged before = { .n_pairs = n_pairs, .n_rows = n_pairs - n_submitted };
    slurm_metadata_write(out, s, &jobs, &before);
    slurm_jobs_free(&jobs);
}

static int submit_and_wait(const slurm_bench_input *in, const slurm_args *a, const char *out,
                           const slurm_setup *s)
{
    size_t n;
    slurm_pair *pairs = missing_pairs(out, in->c, in->tasks, &n);
    slurm_jobs jobs;
    slurm_jobs_read(out, &jobs);
    slurm_job job = { 0 };
    int st = -1;
    if (n && !slurm_submit(out, in->c, in->tasks, pairs, n, a, jobs.n + 1, &job))
        st = ORDO_EXIT_INPUT;
    else if (n) {
        slurm_jobs_append(out, &job);
        printf("submitted SLURM job %s: %zu pairs as %zu array elements (%zu per element)\n",
               job.id, n, job.elements, job.per_element);
        fflush(stdout);
        if (a->no_wait) {
            record_submission(out, in, s, n);
            printf("'ordo collect %s' merges the rows once the array has run\n", out);
            st = ORDO_EXIT_OK;
        } else if (!slurm_wait(out, in->c, in->tasks, pairs, n, job.id)) {
            printf("stopped waiting; job %s runs on: 'ordo collect %s' merges its rows\n",
                   job.id, out);
            st = 130;
        }
    }
    if (st < 0)
        st = slurm_collect(out, in->c, in->tasks, s);
    free(job.id);
    slurm_jobs_free(&jobs);
    free(pairs);
    return st;
}

int slurm_bench(const slurm_bench_input *in, const slurm_args *a)
{
    char *given = in->out ? xstrdup(in->out) : xasprintf("out/%s", in->c->benchmark);
    char *out = make_dirs(given) ? realpath(given, NULL) : NULL;
    if (!out) {
        fprintf(stderr, "ordo bench: cannot create %s\n", given);
        free(given);
        return ORDO_EXIT_INPUT;
    }
    slurm_setup s = { 0 };
    int st = prepare(in, out, &s);
    char *metadata = xasprintf("%s/metadata.yml", out);
    if (st < 0 && (!in->resume || access(metadata, F_OK) != 0)) {
        metadata_info m = { in->c, NULL, in->corpus, in->tasks->n, in->tasks->n_skipped,
                            in->tasks->n_errors, in->tasks->n * in->c->n_runs, false };
        if (!metadata_write(out, &m))
            fprintf(stderr, "ordo bench: cannot write %s/metadata.yml\n", out);
    }
    if (st < 0) {
        runner_catch_interrupts();
        st = submit_and_wait(in, a, out, &s);
    }
    slurm_setup_free(&s);
    free(metadata);
    free(out);
    free(given);
    return st;
}
