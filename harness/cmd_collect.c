/*
 * ordo collect OUT: merges the part files of a benchmark run with
 * ordo bench --slurm (slurm.h) into OUT/results.csv, in the config's order,
 * whether or not its arrays have finished; says how many pairs still have
 * no row and whether an array is still in SLURM's queue.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "slurm_merge.h"
#include "slurm_queue.h"
#include "slurm_state.h"

static const char usage_text[] =
    "usage: ordo collect OUT\n"
    "Merges the rows of 'ordo bench CONFIG --slurm --out OUT' into OUT/results.csv.\n"
    "Exit status 5 while pairs have no row.\n";

static void say_queued(const char *out)
{
    slurm_jobs jobs;
    slurm_jobs_read(out, &jobs);
    for (size_t i = 0; i < jobs.n; i++)
        if (slurm_job_queued(jobs.jobs[i].id) != 0)
            printf("  job %s is still in SLURM's queue\n", jobs.jobs[i].id);
    slurm_jobs_free(&jobs);
}

int ordo_cmd_collect(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--help")) {
        fputs(usage_text, stdout);
        return ORDO_EXIT_OK;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    slurm_loaded l;
    int st = slurm_load("collect", argv[1], &l);
    if (st < 0) {
        st = slurm_collect(argv[1], &l.c, &l.tasks, &l.setup);
        if (st == ORDO_EXIT_INCOMPLETE)
            say_queued(argv[1]);
    }
    slurm_loaded_free(&l);
    return st;
}
