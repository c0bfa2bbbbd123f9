/* The facts PRED's transfer checks depend on (pred_slice.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "pred.h"
#include "pred_slice.h"

/* Places by index: the variables, then memory (every cell and the next
 * allocation) as one. */
typedef struct {
    unsigned *v;
    unsigned n, cap;
} places;

static void add(places *l, unsigned place)
{
    XGROW(l->v, l->n, l->cap);
    l->v[l->n++] = place;
}

static void expr_places(const ordo_expr *e, unsigned memory, places *l)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        add(l, e->var);
    else if (e->kind == ORDO_E_LOAD)
        add(l, memory);
    for (int i = 0; i < 3; i++)
        expr_places(e->kid[i], memory, l);
}

/* The places st reads or writes (as path.c encodes it); false for a call,
 * whose places are those of a whole procedure. */
static bool stmt_places(const ordo_program *p, const ordo_stmt *st, places *l)
{
    unsigned memory = p->n_vars;
    switch (st->kind) {
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < st->n_stmts; i++)
            if (!stmt_places(p, st->stmts[i], l))
                return false;
        return true;
    case ORDO_S_CALL:
        return false;
    case ORDO_S_THREAD_START:
        if (p->procs[st->proc].n_params > 0)
            add(l, p->procs[st->proc].params[0]);
        break;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
    case ORDO_S_ALLOC:
    case ORDO_S_FREE:
        add(l, memory);
        break;
    default:
        break;
    }
    if (st->has_lhs) {
        if (st->lhs.is_mem) {
            add(l, memory);
            expr_places(st->lhs.addr, memory, l);
        } else {
            add(l, st->lhs.var);
        }
    }
    expr_places(st->rhs, memory, l);
    expr_places(st->cond, memory, l);
    expr_places(st->addr, memory, l);
    expr_places(st->size, memory, l);
    return true;
}

/* The places of a known value of the data state (state.h, pred.h keys).
 * A copy fact (learn.h) is asserted by no check (path.c): none. */
static void fact_places(const cg_model *m, uint64_t key, places *l)
{
    unsigned memory = m->p->n_vars;
    if (key == CG_ALLOC_KEY || key < CG_CELL_LIMIT)
        add(l, memory);
    else if (key < CG_VAR_KEY)
        expr_places(m->prec->preds[cg_pred_key_pred(key)], memory, l);
    else if (!(key & CG_COPY_BIT))
        add(l, (unsigned)(key & 0xffffffffu));
}

static bool touches(const bool *relevant, const unsigned *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (relevant[v[i]])
            return true;
    return false;
}

static void mark(bool *relevant, const unsigned *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        relevant[v[i]] = true;
}

void cg_pred_relevant(const cg_model *m, const cg_state *s, const ordo_stmt *st,
                      const ordo_expr *const *preds, unsigned n, bool *keep)
{
    places start = { 0 }, facts = { 0 };
    bool all = !stmt_places(m->p, st, &start);
    for (unsigned i = 0; i < n; i++)
        expr_places(preds[i], m->p->n_vars, &start);
    unsigned *first = xmalloc((s->n_vals + 1) * sizeof *first);
    for (unsigned i = 0; i < s->n_vals; i++) {
        keep[i] = all;
        first[i] = facts.n;
        fact_places(m, s->vals[i].key, &facts);
    }
    first[s->n_vals] = facts.n;
    bool *relevant = xcalloc(m->p->n_vars + 1, sizeof *relevant);
    mark(relevant, start.v, start.n);
    for (bool grew = !all; grew;) {
        grew = false;
        for (unsigned i = 0; i < s->n_vals; i++) {
            unsigned k = first[i + 1] - first[i];
            if (!keep[i] && touches(relevant, facts.v + first[i], k)) {
                keep[i] = grew = true;
                mark(relevant, facts.v + first[i], k);
            }
        }
    }
    free(relevant);
    free(first);
    free(facts.v);
    free(start.v);
}
