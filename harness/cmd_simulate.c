/*
 * ordo simulate TASK.yml|FILE.c|FILE.i [--runs N] [--seed S] [--max-steps B]
 *                                      [--arith bv|int] [--data-model ILP32|LP64]
 * Random runs on the IR interpreter (interp.h, ordo_simulate_run): random
 * schedules, random values biased toward small numbers and type bounds.
 * Prints the counts per outcome and, when a run reaches the error, its
 * trace (checked by replay). Exit: 1 the error was reached, 0 it was not,
 * 2 usage, 3 unsupported, 4 input file error, 70 internal error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/interp.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "commands.h"
#include "task.h"

enum { EXIT_INTERNAL = 70 }; /* sysexits' EX_SOFTWARE: a trace that does not replay */

static const char usage_text[] =
    "usage: ordo simulate TASK.yml|FILE.c|FILE.i [--runs N] [--seed S] [--max-steps B]\n"
    "                     [--arith bv|int] [--data-model ILP32|LP64]\n"
    "A .yml task gives the program and its data model; a C file is ILP32 by default.\n"
    "Runs N random schedules (default 100, seed 1, at most B = 10000 visible steps each)\n"
    "on the IR interpreter and reports whether the error was reached.\n"
    "Exit status: 1 error reached, 0 not reached, 2 usage, 3 unsupported, 4 bad input file,\n"
    "70 internal error.\n";

typedef struct {
    const char *task;
    unsigned long runs, seed, max_steps;
    ordo_arith arith;
    const char *data_model; /* NULL: the task's, or ILP32 */
} sim_args;

static bool parse_count(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    *out = s && *s != '-' ? strtoul(s, &end, 10) : 0;
    return s && *s && *s != '-' && !*end && !errno;
}

static int parse_args(int argc, char **argv, sim_args *a)
{
    *a = (sim_args){ .runs = 100, .seed = 1, .max_steps = 10000 };
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(arg, "--help")) {
            fputs(usage_text, stdout);
            return -1;
        } else if (arg[0] != '-' && !a->task) {
            a->task = arg;
            continue;
        } else if (!value || strncmp(arg, "--", 2)) {
            ok = false;
        } else if (!strcmp(arg, "--runs")) {
            ok = parse_count(value, &a->runs);
        } else if (!strcmp(arg, "--seed")) {
            ok = parse_count(value, &a->seed);
        } else if (!strcmp(arg, "--max-steps")) {
            ok = parse_count(value, &a->max_steps) && a->max_steps > 0;
        } else if (!strcmp(arg, "--arith")) {
            ok = !strcmp(value, "bv") || !strcmp(value, "int");
            a->arith = !strcmp(value, "int") ? ORDO_ARITH_INT : ORDO_ARITH_BV;
        } else if (!strcmp(arg, "--data-model")) {
            ok = !strcmp(value, "ILP32") || !strcmp(value, "LP64");
            a->data_model = value;
        } else {
            ok = false;
        }
        if (!ok) {
            fprintf(stderr, "ordo simulate: bad argument '%s'%s%s\n%s", arg, value ? " " : "",
                    value ? value : "", usage_text);
            return ORDO_EXIT_USAGE;
        }
        i++;
    }
    if (!a->task) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    return ORDO_EXIT_OK;
}

/* The seed of run r: distinct, reproducible streams. */
static uint64_t run_seed(unsigned long seed, unsigned long r)
{
    return (uint64_t)seed * 0x100000001b3ULL + r;
}

static int report_error(const ordo_program *p, const sim_args *a, unsigned long r,
                        const ordo_trace *t)
{
    char *why = NULL;
    char *text = ordo_trace_describe(p, t, a->arith);
    printf("error reached in run %lu (seed %lu): trace of %zu steps\n%s", r, a->seed, t->n_steps,
           text);
    free(text);
    if (!ordo_trace_replay_mode(p, t, a->arith, &why)) { /* the interpreter disagrees with itself */
        fprintf(stderr, "ordo simulate: internal error: the trace does not replay: %s\n", why);
        free(why);
        return -1;
    }
    return 0;
}

static int simulate(const ordo_program *p, const sim_args *a)
{
    static const char *const names[] = { "error", "finished", "deadlock", "bound", "undefined" };
    unsigned long counts[5] = { 0 };
    bool shown = false;
    for (unsigned long r = 0; r < a->runs; r++) {
        ordo_trace *t = ordo_trace_new();
        ordo_sim_result res = ordo_simulate_run(p, a->arith, run_seed(a->seed, r),
                                                (unsigned)a->max_steps, t);
        counts[res]++;
        if (res == ORDO_SIM_ERROR && !shown) {
            shown = true;
            if (report_error(p, a, r, t)) {
                ordo_trace_free(t);
                return EXIT_INTERNAL;
            }
        }
        ordo_trace_free(t);
    }
    printf("runs: %lu", a->runs);
    for (int i = 0; i < 5; i++)
        printf(", %s: %lu", names[i], counts[i]);
    printf("\n%s\n", counts[ORDO_SIM_ERROR] ? "ERROR REACHED" : "error not reached");
    return counts[ORDO_SIM_ERROR] ? ORDO_EXIT_FINDING : ORDO_EXIT_OK;
}

/* The program of a .yml task or a C file, parsed; NULL with *exit_status. */
static ordo_program *load(const sim_args *a, int *exit_status)
{
    task t = { 0 };
    char *err = NULL;
    size_t n = strlen(a->task);
    bool yml = n > 4 && !strcmp(a->task + n - 4, ".yml");
    if (yml) {
        task_load_status ls = task_load(&t, a->task, a->task, &err);
        if (ls != TASK_OK) {
            fprintf(stderr, "ordo simulate: %s\n", err ? err : "no unreach-call property");
            free(err);
            task_free(&t);
            *exit_status = ORDO_EXIT_INPUT;
            return NULL;
        }
    }
    ordo_data_model dm = yml ? (ordo_data_model)t.data_model : ORDO_DM_ILP32;
    if (a->data_model)
        dm = !strcmp(a->data_model, "LP64") ? ORDO_DM_LP64 : ORDO_DM_ILP32;
    int status = 0;
    ordo_program *p = ordo_frontend_parse(yml ? t.program : a->task, dm, &status, &err);
    task_free(&t);
    if (!p) {
        fprintf(stderr, "%s\n", err ? err : "parse error");
        free(err);
        *exit_status = status == ORDO_FRONTEND_UNSUPPORTED ? ORDO_EXIT_UNSUPPORTED : ORDO_EXIT_INPUT;
    }
    return p;
}

int ordo_cmd_simulate(int argc, char **argv)
{
    sim_args a;
    int r = parse_args(argc, argv, &a);
    if (r)
        return r < 0 ? ORDO_EXIT_OK : r;
    ordo_program *p = load(&a, &r);
    if (!p)
        return r;
    r = simulate(p, &a);
    ordo_program_free(p);
    return r;
}
