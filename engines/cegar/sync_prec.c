/* The places mutex addresses and joined thread ids depend on (sync_prec.h). */
#include <stdlib.h>

#include "mem_objects.h"
#include "sync_prec.h"

/* An object larger than this is not tracked cell by cell when a computed
 * address reaches into it (its cells' values stay abstract). */
enum { MAX_TRACKED_OBJECT_CELLS = 4096 };

typedef struct {
    const ordo_program *p;
    cg_prec *prec;
    bool changed;
} closure;

/* Every cell of the object a computed address reaches into. */
static unsigned track_object(cg_prec *prec, const ordo_object *ob)
{
    unsigned n = 0;
    for (uint64_t k = 0; k < ob->n_cells; k++)
        n += cg_prec_add_cell(prec, ob->base + k);
    return n;
}

/* Everything e reads becomes tracked: its variables, the cells of its
 * loads at constant addresses, and for a load at a computed address the
 * places of the address and the whole object it reaches into. An object
 * too large to track cell by cell is left out with the address: which of
 * its cells a load reads would not tell the value read (a join loop over
 * pthread_t t[10000] would be enumerated iteration by iteration for
 * nothing). */
static unsigned add_reads(closure *c, const ordo_expr *e)
{
    if (!e)
        return 0;
    if (e->kind == ORDO_E_VAR)
        return cg_prec_add_var(c->prec, e->var);
    if (e->kind == ORDO_E_LOAD && e->kid[0]->kind == ORDO_E_CONST)
        return e->kid[0]->value > 0 ? cg_prec_add_cell(c->prec, (uint64_t)e->kid[0]->value) : 0;
    unsigned n = 0;
    if (e->kind == ORDO_E_LOAD) {
        const ordo_object *ob = cg_object_of(c->p, e->kid[0]);
        if (ob && ob->n_cells > MAX_TRACKED_OBJECT_CELLS)
            return 0;
        n += ob ? track_object(c->prec, ob) : 0;
    }
    for (int i = 0; i < 3; i++)
        n += add_reads(c, e->kid[i]);
    return n;
}

static void track_reads(closure *c, const ordo_expr *e)
{
    c->changed |= add_reads(c, e) > 0;
}

/* The static object a computed address reaches into (t[i]), unless it is
 * too large to track cell by cell. */
static const ordo_object *object_of(const ordo_program *p, const ordo_expr *addr)
{
    const ordo_object *ob = cg_object_of(p, addr);
    return ob && ob->n_cells <= MAX_TRACKED_OBJECT_CELLS ? ob : NULL;
}

/* Is a write to lv a write of a tracked place? A computed address counts
 * when the object it reaches into is tracked. */
static bool lvalue_tracked(const closure *c, const ordo_lvalue *lv)
{
    if (!lv->is_mem)
        return c->prec->vars[lv->var];
    const ordo_expr *a = lv->addr;
    if (a->kind == ORDO_E_CONST)
        return a->value > 0 && cg_prec_has_cell(c->prec, (uint64_t)a->value);
    const ordo_object *ob = object_of(c->p, a);
    return ob && cg_prec_has_cell(c->prec, ob->base);
}

/* A tracked place written: the write must land on a known place, so the
 * address it is computed from is tracked too. */
static void track_write(closure *c, const ordo_lvalue *lv)
{
    if (lv->is_mem)
        track_reads(c, lv->addr);
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
    case ORDO_S_THREAD_JOIN:
        track_reads(c, s->cond);
        return;
    case ORDO_S_ASSIGN:
        if (lvalue_tracked(c, &s->lhs)) {
            track_reads(c, s->rhs);
            track_write(c, &s->lhs);
        }
        return;
    case ORDO_S_THREAD_START: {
        const ordo_proc *f = &c->p->procs[s->proc];
        if (s->rhs && f->n_params > 0 && c->prec->vars[f->params[0]])
            track_reads(c, s->rhs);
        if (s->has_lhs && lvalue_tracked(c, &s->lhs))
            track_write(c, &s->lhs);
        return;
    }
    default:
        return;
    }
}

void cg_prec_add_sync_sources(cg_prec *prec, const ordo_program *p)
{
    closure c = { .p = p, .prec = prec, .changed = true };
    while (c.changed) {
        c.changed = false;
        for (unsigned f = 0; f < p->n_procs; f++)
            for (unsigned e = 0; e < p->procs[f].n_edges; e++)
                visit(&c, p->procs[f].edges[e].stmt);
    }
}
