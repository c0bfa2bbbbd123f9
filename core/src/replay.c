/* Counterexample replay on the IR interpreter (trace.h, DESIGN.md "Trust"). */
#include <stdio.h>
#include <stdlib.h>

#include <ordo/interp.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

/* Hands out the trace's values of each thread in order. */
typedef struct {
    const ordo_trace *t;
    size_t *next;        /* per thread: index of the next entry to look at */
    unsigned n_threads;
} trace_values;

static bool next_value(void *ctx, unsigned thread, ordo_type type, int64_t *value)
{
    (void)type;
    trace_values *tv = ctx;
    if (thread >= tv->n_threads) {
        size_t n = thread + 1;
        tv->next = xrealloc(tv->next, n * sizeof *tv->next);
        for (size_t i = tv->n_threads; i < n; i++)
            tv->next[i] = 0;
        tv->n_threads = (unsigned)n;
    }
    for (size_t i = tv->next[thread]; i < tv->t->n_values; i++)
        if (tv->t->values[i].thread == thread) {
            *value = tv->t->values[i].value;
            tv->next[thread] = i + 1;
            return true;
        }
    tv->next[thread] = tv->t->n_values;
    return false;
}

/* Replays t; with `log`, writes one line per step to it. */
static bool replay(const ordo_program *p, const ordo_trace *t, ordo_arith mode, char **why, FILE *log)
{
    ordo_interp *in = ordo_interp_new(p, mode);
    trace_values tv = { .t = t };
    bool ok = false;
    *why = NULL;
    for (size_t i = 0; i < t->n_steps && !*why && !ok; i++) {
        unsigned thread = t->schedule[i], line;
        ordo_step_status st = ordo_interp_step(in, thread, next_value, &tv);
        if (log) {
            const char *file = ordo_interp_position(in, thread, &line);
            fprintf(log, "step %zu: thread %u at %s:%u (%s)\n", i, thread, file, line,
                    ordo_step_status_name(st));
        }
        if (st == ORDO_STEP_ERROR) /* reached, at the last step or earlier */
            ok = true;
        else if (st != ORDO_STEP_OK && st != ORDO_STEP_FINISHED)
            *why = xasprintf("step %zu: %s", i, ordo_interp_message(in));
    }
    if (!ok && !*why) {
        unsigned line;
        const char *file = ordo_interp_position(in, 0, &line);
        *why = xasprintf("the schedule ended after %zu steps without reaching an error "
                         "(%u threads; main at %s:%u)",
                         t->n_steps, ordo_interp_n_threads(in), file, line);
    }
    free(tv.next);
    ordo_interp_free(in);
    return ok;
}

bool ordo_trace_replay_mode(const ordo_program *p, const ordo_trace *t, ordo_arith mode,
                            char **why)
{
    return replay(p, t, mode, why, NULL);
}

bool ordo_trace_replay(const ordo_program *p, const ordo_trace *t, char **why)
{
    return ordo_trace_replay_mode(p, t, ORDO_ARITH_BV, why);
}

char *ordo_trace_describe(const ordo_program *p, const ordo_trace *t, ordo_arith mode)
{
    char *text = NULL, *why = NULL;
    size_t size = 0;
    FILE *log = open_memstream(&text, &size);
    if (!log)
        return xstrdup("(out of memory)");
    bool ok = replay(p, t, mode, &why, log);
    for (size_t i = 0; i < t->n_values; i++)
        fprintf(log, "value: thread %u: %lld\n", t->values[i].thread, (long long)t->values[i].value);
    fprintf(log, "%s\n", ok ? "reaches the error" : why);
    free(why);
    fclose(log);
    return text;
}
