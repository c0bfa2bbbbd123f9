/* Counterexample extraction (see cex.h). */
#include "cex.h"

#include <limits.h>
#include <stdlib.h>

#include <ordo/ir_smt.h>
#include <ordo/xalloc.h>

static const ordo_type bool_type = { ORDO_TY_BOOL, 1, false };

static bool holds(oc_encoding *enc, ordo_term t)
{
    int64_t v = 0;
    return ordo_ir_model_value(&enc->ar, bool_type, t, &v) && v;
}

/* The error event whose ρ_err disjunct holds in the model. */
static bool fired_error(oc_encoding *enc, unsigned *event)
{
    for (size_t i = 0; i < enc->n_errors; i++)
        if (holds(enc, enc->errors[i].fired)) {
            *event = enc->errors[i].event;
            return true;
        }
    return false;
}

/* The step of each event, as the first event of its group: a thread's
 * events from one step anchor up to the next are one statement (or atomic
 * section), which the interpreter executes at once. The model may order
 * another thread's event between them where nothing forces it there. */
static unsigned *step_groups(const oc_encoding *enc)
{
    size_t n = enc->es.n;
    unsigned *group = xmalloc((n + 1) * sizeof *group);
    unsigned *anchor = xmalloc((enc->n_threads + 1) * sizeof *anchor);
    for (size_t k = 0; k < enc->n_threads; k++)
        anchor[k] = UINT_MAX;
    for (size_t e = 0; e < n; e++) {
        const oc_event_info *in = &enc->info[e];
        group[e] = (unsigned)e;
        if (in->instance >= enc->n_threads)
            continue;
        if (in->is_step)
            anchor[in->instance] = (unsigned)e;
        else if (anchor[in->instance] != UINT_MAX)
            group[e] = anchor[in->instance];
    }
    free(anchor);
    return group;
}

ordo_trace *oc_counterexample(oc_encoding *enc, oc_graph *g, char **why)
{
    const oc_events *es = &enc->es;
    unsigned error;
    if (!fired_error(enc, &error)) {
        *why = xasprintf("model without a reached error");
        return NULL;
    }
    unsigned *order = xmalloc((es->n + 1) * sizeof *order);
    unsigned *group = step_groups(enc);
    if (!oc_graph_linearize(g, group, order)) /* steps interleave in the model: */
        oc_graph_linearize(g, NULL, order);   /* the replay will tell */
    free(group);
    /* Threads are numbered by creation in schedule order (trace.h). */
    unsigned *tid = xmalloc((enc->n_threads + 1) * sizeof *tid);
    unsigned *created = xmalloc((es->n + 1) * sizeof *created); /* event -> thread */
    unsigned *lazily = xcalloc(es->n + 1, sizeof *lazily); /* event -> lazy threads */
    for (size_t i = 0; i < es->n; i++)
        created[i] = UINT_MAX;
    for (size_t k = 0; k < enc->n_threads; k++) {
        tid[k] = UINT_MAX;
        if (k > 0 && enc->threads[k].lazy)
            lazily[enc->threads[k].create_event]++;
        else if (k > 0)
            created[enc->threads[k].create_event] = (unsigned)k;
    }
    tid[0] = 0;
    unsigned next_tid = 1;
    ordo_trace *t = ordo_trace_new();
    for (size_t i = 0; i < enc->n_silent_steps; i++) /* main's first (stmt_events.c) */
        ordo_trace_step(t, 0);
    for (size_t i = 0; i < es->n; i++) {
        unsigned e = order[i];
        if (!oc_graph_is_true(g, es->ev[e].guard))
            continue;
        if (created[e] != UINT_MAX)
            tid[created[e]] = next_tid++;
        next_tid += lazily[e]; /* they never run: no step names them */
        const oc_event_info *in = &enc->info[e];
        /* A lazy block anchored as a step is one creation step each
         * (lazy_threads.c); inside an atomic section they are its step. */
        unsigned steps = in->is_step && lazily[e] ? lazily[e] : 1;
        if (in->is_step && in->instance < enc->n_threads && tid[in->instance] != UINT_MAX &&
            (!in->completes || holds(enc, in->completes)))
            for (unsigned r = 0; r < steps + in->silent_steps; r++)
                ordo_trace_step(t, tid[in->instance]);
        if (e == error)
            break;
    }
    free(lazily);
    for (size_t h = 0; h < enc->n_havocs; h++) {
        const oc_havoc *hv = &enc->havocs[h];
        int64_t v = 0;
        if (tid[hv->instance] == UINT_MAX || (hv->guard && !holds(enc, hv->guard)))
            continue;
        if (!hv->value || !ordo_ir_model_value(&enc->ar, hv->type, hv->value, &v))
            v = 0;
        ordo_trace_value(t, tid[hv->instance], v);
    }
    free(order);
    free(created);
    free(tid);
    return t;
}
