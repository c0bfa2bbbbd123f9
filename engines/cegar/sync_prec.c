/* The places mutex addresses depend on (sync_prec.h). */
#include <stdlib.h>

#include "sync_prec.h"

typedef struct {
    const ordo_program *p;
    cg_prec *prec;
    bool changed;
} closure;

/* Everything e reads becomes tracked. */
static void track_reads(closure *c, const ordo_expr *e)
{
    c->changed |= cg_prec_add_reads(c->prec, e) > 0;
}

static bool lvalue_tracked(const closure *c, const ordo_lvalue *lv)
{
    if (!lv->is_mem)
        return c->prec->vars[lv->var];
    return lv->addr->kind == ORDO_E_CONST && lv->addr->value > 0 &&
           cg_prec_has_cell(c->prec, (uint64_t)lv->addr->value);
}

static void visit(closure *c, const ordo_stmt *s)
{
    switch (s->kind) {
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < s->n_stmts; i++)
            visit(c, s->stmts[i]);
        return;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
        track_reads(c, s->addr);
        return;
    case ORDO_S_ASSIGN:
        if (lvalue_tracked(c, &s->lhs))
            track_reads(c, s->rhs);
        return;
    case ORDO_S_THREAD_START: {
        const ordo_proc *f = &c->p->procs[s->proc];
        if (s->rhs && f->n_params > 0 && c->prec->vars[f->params[0]])
            track_reads(c, s->rhs);
        return;
    }
    default:
        return;
    }
}

void cg_prec_add_mutex_sources(cg_prec *prec, const ordo_program *p)
{
    closure c = { .p = p, .prec = prec, .changed = true };
    while (c.changed) {
        c.changed = false;
        for (unsigned f = 0; f < p->n_procs; f++)
            for (unsigned e = 0; e < p->procs[f].n_edges; e++)
                visit(&c, p->procs[f].edges[e].stmt);
    }
}
