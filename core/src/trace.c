/* Counterexample traces: growable schedule and value lists (trace.h). */
#include <stdlib.h>

#include <ordo/trace.h>

#include <ordo/xalloc.h>

ordo_trace *ordo_trace_new(void)
{
    return xcalloc(1, sizeof(ordo_trace));
}

void ordo_trace_free(ordo_trace *t)
{
    if (!t)
        return;
    free(t->schedule);
    free(t->values);
    free(t);
}

void ordo_trace_step(ordo_trace *t, unsigned thread)
{
    XGROW(t->schedule, t->n_steps, t->cap_steps);
    t->schedule[t->n_steps++] = thread;
}

void ordo_trace_value(ordo_trace *t, unsigned thread, int64_t value)
{
    XGROW(t->values, t->n_values, t->cap_values);
    t->values[t->n_values++] = (ordo_trace_value_entry){ thread, value };
}
