/* Counterexample replay on the IR interpreter (trace.h, DESIGN.md "Trust"). */
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

static bool diverged(char **why, size_t step, const ordo_interp *in)
{
    *why = xasprintf("step %zu: %s", step, ordo_interp_message(in));
    return false;
}

bool ordo_trace_replay_mode(const ordo_program *p, const ordo_trace *t, ordo_arith mode,
                            char **why)
{
    ordo_interp *in = ordo_interp_new(p, mode);
    trace_values tv = { .t = t };
    bool ok = false;
    *why = NULL;
    for (size_t i = 0; i < t->n_steps && !*why && !ok; i++) {
        switch (ordo_interp_step(in, t->schedule[i], next_value, &tv)) {
        case ORDO_STEP_OK:
        case ORDO_STEP_FINISHED:
            break;
        case ORDO_STEP_ERROR: /* reached, at the last step or earlier */
            ok = true;
            break;
        default:
            diverged(why, i, in);
        }
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

bool ordo_trace_replay(const ordo_program *p, const ordo_trace *t, char **why)
{
    return ordo_trace_replay_mode(p, t, ORDO_ARITH_BV, why);
}
