/* PRED refinement by weakest preconditions along the path (wp.h). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "pred.h"
#include "wp.h"

/* Predicates carried backwards at once, and their largest size: beyond,
 * the refinement keeps what it has (progress is checked by the caller). */
enum { MAX_PENDING = 64, MAX_NODES = 64 };

typedef struct {
    const ordo_expr *e;
    int thread;          /* whose locals it reads; -1: none */
} pending;

typedef struct {
    ordo_program *p;
    cg_prec *prec;
    pending v[MAX_PENDING];
    unsigned n;
    unsigned added;
} walk;

static unsigned size_of(const ordo_expr *e)
{
    if (!e)
        return 0;
    return 1 + size_of(e->kid[0]) + size_of(e->kid[1]) + size_of(e->kid[2]);
}

static bool reads_var(const ordo_expr *e, unsigned var)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_VAR && e->var == var)
        return true;
    return reads_var(e->kid[0], var) || reads_var(e->kid[1], var) || reads_var(e->kid[2], var);
}

static bool reads_locals(const ordo_program *p, const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_VAR && !p->vars[e->var].is_global)
        return true;
    return reads_locals(p, e->kid[0]) || reads_locals(p, e->kid[1]) || reads_locals(p, e->kid[2]);
}

/* e with every read of var replaced by r. */
static const ordo_expr *subst(ordo_program *p, const ordo_expr *e, unsigned var, const ordo_expr *r)
{
    if (!e || !reads_var(e, var))
        return e;
    const ordo_expr *k[3];
    for (int i = 0; i < 3; i++)
        k[i] = subst(p, e->kid[i], var, r);
    switch (e->kind) {
    case ORDO_E_VAR:   return ordo_type_equal(r->type, e->type) ? r : ordo_e_cast(p, e->type, r);
    case ORDO_E_LOAD:  return ordo_e_load(p, e->type, k[0]);
    case ORDO_E_UNOP:  return ordo_e_unop(p, (ordo_unop)e->op, e->type, k[0]);
    case ORDO_E_BINOP: return ordo_e_binop(p, (ordo_binop)e->op, e->type, k[0], k[1]);
    case ORDO_E_ITE:   return ordo_e_ite(p, k[0], k[1], k[2]);
    case ORDO_E_CAST:  return ordo_e_cast(p, e->type, k[0]);
    default:           return e;
    }
}

static void keep(walk *w, const ordo_expr *e, int thread)
{
    if (size_of(e) > MAX_NODES)
        return;
    w->added += cg_prec_add_pred(w->prec, w->p, e);
    if (w->n < MAX_PENDING)
        w->v[w->n++] = (pending){ e, thread };
}

static void keep_equality(walk *w, const ordo_expr *a, const ordo_expr *b, int thread)
{
    keep(w, ordo_e_binop(w->p, ORDO_B_EQ, ordo_ty_bool(), a, b), thread);
}

/* The atoms of a condition: what its Boolean connectives combine (x != k
 * and x == k are one predicate). */
static void keep_atoms(walk *w, const ordo_expr *e, int thread)
{
    if (e->kind == ORDO_E_UNOP && e->op == ORDO_U_LNOT) {
        keep_atoms(w, e->kid[0], thread);
    } else if (e->kind == ORDO_E_BINOP && (e->op == ORDO_B_LAND || e->op == ORDO_B_LOR)) {
        keep_atoms(w, e->kid[0], thread);
        keep_atoms(w, e->kid[1], thread);
    } else if (e->kind == ORDO_E_BINOP && e->op == ORDO_B_NE) {
        keep_equality(w, e->kid[0], e->kid[1], thread);
    } else {
        keep(w, e, thread);
    }
}

/* x := r (r NULL: a havoc) of thread t, going backwards. */
static void assignment(walk *w, unsigned x, const ordo_expr *r, unsigned t)
{
    bool global = w->p->vars[x].is_global;
    bool r_local = r && reads_locals(w->p, r);
    unsigned n = w->n;
    for (unsigned i = 0; i < n; i++) {
        pending *q = &w->v[i];
        if (!q->e || !reads_var(q->e, x) || (!global && q->thread != (int)t))
            continue;
        if (!r || (r_local && q->thread >= 0 && q->thread != (int)t)) {
            q->e = NULL; /* unknown before: nothing to carry */
            continue;
        }
        const ordo_expr *e = subst(w->p, q->e, x, r);
        int thread = !reads_locals(w->p, e) ? -1 : r_local ? (int)t : q->thread;
        q->e = NULL;
        keep(w, e, thread);
    }
}

static int context(const ordo_program *p, const ordo_expr *e, unsigned t)
{
    return reads_locals(p, e) ? (int)t : -1;
}

unsigned cg_refine_pred_wp(cg_path *pf, cg_prec *prec, ordo_program *p)
{
    unsigned *core;
    unsigned n = cg_path_core(pf, &core);
    bool *in_core = xcalloc(pf->n_labels + 1, sizeof *in_core);
    for (unsigned i = 0; i < n; i++)
        in_core[core[i]] = true;
    walk w = { .p = p, .prec = prec };
    for (unsigned i = pf->n_labels; i-- > 0;) {
        const cg_label *l = &pf->labels[i];
        const ordo_stmt *st = l->stmt;
        if (in_core[i] && st->kind == ORDO_S_ASSUME)
            keep_atoms(&w, st->cond, context(p, st->cond, l->thread));
        else if (in_core[i] && st->kind == ORDO_S_THREAD_JOIN)
            keep_equality(&w, st->cond, ordo_e_const(p, st->cond->type, l->join),
                          context(p, st->cond, l->thread));
        else if (st->kind == ORDO_S_ASSIGN && !st->lhs.is_mem)
            assignment(&w, st->lhs.var, st->rhs, l->thread);
        else if (st->kind == ORDO_S_HAVOC && !st->lhs.is_mem)
            assignment(&w, st->lhs.var, NULL, l->thread);
    }
    free(in_core);
    free(core);
    ordo_log(ORDO_LOG_DEBUG, "cegar: %u new predicates (%u in all)", w.added, prec->n_preds);
    return w.added;
}
