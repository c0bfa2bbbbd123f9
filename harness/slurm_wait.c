/* Waiting for a SLURM array (slurm_wait.h). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <ordo/host.h>
#include <ordo/xalloc.h>

#include "progress.h"
#include "runner.h"
#include "slurm_part.h"
#include "slurm_queue.h"
#include "slurm_wait.h"

/* Reports the parts that appeared since the last look; returns how many
 * pairs have theirs. */
static size_t look_at_parts(const char *out, const bench_config *c, const task_list *tasks,
                            const slurm_pair *pairs, size_t n, bool *seen, progress *pr)
{
    size_t have = 0;
    for (size_t i = 0; i < n; i++) {
        if (seen[i]) {
            have++;
            continue;
        }
        const run_config *rc = &c->runs[pairs[i].run];
        const task *t = &tasks->tasks[pairs[i].task];
        char *path = slurm_part_path(out, rc->name, t->name);
        slurm_part p;
        if (slurm_part_read(path, &p)) {
            seen[i] = true;
            have++;
            char *what = xasprintf("%s %s: %s (%s, %.2f s, %s)", rc->name, t->name, p.status,
                                   p.result, p.cputime_s, p.node);
            progress_step(pr, p.result, what);
            free(what);
            slurm_part_free(&p);
        }
        free(path);
    }
    return have;
}

static void pause_s(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    nanosleep(&ts, NULL);
}

bool slurm_wait(const char *out, const bench_config *c, const task_list *tasks,
                const slurm_pair *pairs, size_t n, const char *job_id)
{
    bool *seen = xcalloc(n + 1, sizeof *seen);
    progress pr;
    progress_start(&pr, n);
    double next_queue_look = ordo_monotonic_s() + SLURM_QUEUE_POLL_S;
    bool left_queue = false, warned = false;
    /* Once the array has left the queue, one more look: a part may reach
     * this node late over a network filesystem. */
    while (look_at_parts(out, c, tasks, pairs, n, seen, &pr) < n && !left_queue &&
           !runner_interrupted) {
        pause_s(SLURM_POLL_S);
        if (ordo_monotonic_s() < next_queue_look)
            continue;
        int queued = slurm_job_queued(job_id);
        if (queued < 0 && !warned)
            fprintf(stderr, "ordo bench: squeue cannot tell whether job %s still runs; "
                            "waiting\n", job_id);
        warned = warned || queued < 0;
        left_queue = queued == 0;
        next_queue_look = ordo_monotonic_s() + SLURM_QUEUE_POLL_S;
    }
    progress_end(&pr);
    free(seen);
    return !runner_interrupted;
}
