/* Counterexample traces from feasible paths (cex.h). */
#include "cex.h"


bool cg_cex_ends_step(const ordo_program *shown, const cg_action *actions,
                      const cg_state *const *states, unsigned i, unsigned n)
{
    const cg_action *a = &actions[i];
    const ordo_stmt *st = shown->procs[states[i]->threads[a->thread].proc].edges[a->edge].stmt;
    bool atomic_after = states[i + 1]->atomic_owner == (int)a->thread;
    return ordo_stmt_is_visible(shown, st) && (!atomic_after || i + 1 == n);
}

ordo_trace *cg_cex_trace(cg_path *pf, const ordo_program *shown, const cg_action *actions,
                         const cg_state *const *states, unsigned n)
{
    ordo_trace *t = ordo_trace_new();
    for (unsigned i = 0; i < n; i++)
        if (cg_cex_ends_step(shown, actions, states, i, n))
            ordo_trace_step(t, actions[i].thread);
    for (unsigned i = 0; i < pf->n_havocs; i++) {
        const cg_havoc *h = &pf->havocs[i];
        int64_t v = 1; /* a value SCOI showed to be irrelevant */
        if (h->term && !ordo_ir_model_value(&pf->arith, h->type, h->term, &v))
            v = 0;
        ordo_trace_value(t, h->thread, v);
    }
    return t;
}
