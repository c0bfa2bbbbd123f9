/* PRED refinement by weakest preconditions along the path (wp.h). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "fold.h"
#include "mutex_learn.h"
#include "pred.h"
#include "refine.h"
#include "wp.h"

/* Predicates carried backwards at once, and their largest size: beyond,
 * the refinement keeps what it has (progress is checked by the caller). */
enum { MAX_PENDING = 64, MAX_NODES = 64 };

typedef struct {
    const ordo_expr *e;
    cg_binding b;        /* whose locals it reads */
} pending;

typedef struct {
    ordo_program *p;
    const cg_path *pf;
    cg_prec *prec;
    cg_pred_split split;
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

/* The thread b binds the owner of local var to (-1: none). */
static int bound(const ordo_program *p, const cg_binding *b, unsigned var)
{
    for (unsigned i = 0; i < b->n; i++)
        if (b->owner[i] == cg_var_owner(p, var))
            return (int)b->thread[i];
    return -1;
}

/* b without the owners e does not read. */
static cg_binding restrict_to(const ordo_program *p, const ordo_expr *e, const cg_binding *b)
{
    cg_binding r = { 0 }, all = { 0 };
    cg_bind(p, e, 0, &all);
    for (unsigned i = 0; i < all.n; i++)
        for (unsigned k = 0; k < b->n; k++)
            if (b->owner[k] == all.owner[i]) {
                r.owner[r.n] = all.owner[i];
                r.thread[r.n++] = b->thread[k];
            }
    return r;
}

const ordo_expr *cg_subst_var(ordo_program *p, const ordo_expr *e, unsigned var,
                              const ordo_expr *r)
{
    if (!e || !reads_var(e, var))
        return e;
    if (e->kind == ORDO_E_VAR)
        return ordo_type_equal(r->type, e->type) ? r : ordo_e_cast(p, e->type, r);
    const ordo_expr *k[3];
    for (int i = 0; i < 3; i++)
        k[i] = cg_subst_var(p, e->kid[i], var, r);
    return cg_expr_with_kids(p, e, k);
}

/* e (folded) as a predicate; NULL when it is too large. */
static const ordo_expr *track(walk *w, const ordo_expr *e)
{
    e = cg_fold_offsets(w->p, e);
    if (size_of(e) > MAX_NODES)
        return NULL;
    w->added += cg_prec_add_pred(w->prec, w->p, e);
    return e;
}

/* e becomes a predicate, and is carried further back. */
static void keep(walk *w, const ordo_expr *e, cg_binding b)
{
    if ((e = track(w, e)) && w->n < MAX_PENDING)
        w->v[w->n++] = (pending){ e, b };
}

/* A condition of thread t: its locals are t's. */
static void keep_of(walk *w, const ordo_expr *e, unsigned t)
{
    cg_binding b = { 0 };
    if (cg_bind(w->p, e, t, &b))
        keep(w, e, b);
}

static void keep_equality(walk *w, const ordo_expr *a, const ordo_expr *b, unsigned t)
{
    keep_of(w, ordo_e_binop(w->p, ORDO_B_EQ, ordo_ty_bool(), a, b), t);
}

/* The atoms of a condition: what its Boolean connectives combine (x != k
 * and x == k are one predicate). */
static void keep_atoms(walk *w, const ordo_expr *e, unsigned t)
{
    if (e->kind == ORDO_E_UNOP && e->op == ORDO_U_LNOT) {
        keep_atoms(w, e->kid[0], t);
    } else if (e->kind == ORDO_E_BINOP && (e->op == ORDO_B_LAND || e->op == ORDO_B_LOR)) {
        keep_atoms(w, e->kid[0], t);
        keep_atoms(w, e->kid[1], t);
    } else if (e->kind == ORDO_E_BINOP && e->op == ORDO_B_NE) {
        keep_equality(w, e->kid[0], e->kid[1], t);
    } else {
        keep_of(w, e, t);
    }
}

/* A condition of the core as --pred-split cuts it (pred_split.h). */
static void keep_split(walk *w, const ordo_expr *e, unsigned t)
{
    if (w->split == CG_SPLIT_ATOMS)
        keep_atoms(w, e, t);
    else if (w->split == CG_SPLIT_CONJUNCTS && e->kind == ORDO_E_BINOP && e->op == ORDO_B_LAND) {
        keep_split(w, e->kid[0], t);
        keep_split(w, e->kid[1], t);
    } else {
        keep_of(w, e, t);
    }
}

unsigned cg_prec_add_atoms(cg_prec *prec, ordo_program *p, const ordo_expr *cond)
{
    walk w = { .p = p, .prec = prec };
    keep_atoms(&w, cond, 0);
    return w.added;
}

/* Does b bind an owner of r to another thread than r's binding does? */
static bool clashes(const cg_binding *b, const cg_binding *r)
{
    for (unsigned i = 0; i < r->n; i++)
        for (unsigned k = 0; k < b->n; k++)
            if (b->owner[k] == r->owner[i] && b->thread[k] != r->thread[i])
                return true;
    return false;
}

/* place == r for place := r of thread t (a variable x, r not reading x), a predicate not
 * carried further: with it, a condition on x that a later action assumes
 * teaches the same condition on what x was computed from. Thread-safe
 * LBE cuts `t := g; assume t < k` into two actions, and Cartesian
 * abstraction keeps no relation between t < k and g < k across them: the
 * weakest precondition g < k, needed further on, was never established,
 * and the same spurious path came back (an interpolant would say
 * t == g or g < k there; this is that fact, from the path's own copy). */
static void keep_copy(walk *w, const ordo_expr *place, const ordo_expr *r, unsigned t)
{
    if (!ordo_type_equal(r->type, place->type))
        r = ordo_e_cast(w->p, place->type, r);
    const ordo_expr *e = ordo_e_binop(w->p, ORDO_B_EQ, ordo_ty_bool(), place, r);
    cg_binding b = { 0 };
    if (cg_bind(w->p, e, t, &b))
        track(w, e);
}

/* The pending predicate q becomes e, its weakest precondition through a
 * write of r by thread t (e NULL, a havoc: nothing to carry), r's locals
 * being t's (dropped when that needs a third owner, or t's copy of an
 * owner another thread's copy of which it reads). True when e still
 * reads the state. */
static bool carry(walk *w, pending *q, const ordo_expr *e, const ordo_expr *r, unsigned t)
{
    cg_binding b = q->b;
    q->e = NULL;
    if (!e)
        return false;
    bool reads = cg_reads_state(e);
    b = restrict_to(w->p, e, &b);
    cg_binding of_r = { 0 };
    if (cg_bind(w->p, r, t, &of_r) && !clashes(&b, &of_r) && cg_bind(w->p, r, t, &b))
        keep(w, e, b);
    return reads;
}

/* x := r (r NULL: a havoc) of thread t, going backwards: a pending
 * predicate that reads this copy of x becomes its weakest precondition;
 * x == r joins them when one still reads the state (keep_copy). */
static void assignment(walk *w, unsigned x, const ordo_expr *r, unsigned t)
{
    bool global = w->p->vars[x].is_global, carried = false;
    unsigned n = w->n;
    for (unsigned i = 0; i < n; i++) {
        pending *q = &w->v[i];
        if (!q->e || !reads_var(q->e, x) || (!global && bound(w->p, &q->b, x) != (int)t))
            continue;
        carried |= carry(w, q, r ? cg_subst_var(w->p, q->e, x, r) : NULL, r, t);
    }
    if (carried && !reads_var(r, x))
        keep_copy(w, ordo_e_var(w->p, x), r, t);
}

enum { NO_THREAD = -2, MIXED = -1 };

/* Joins to *t the threads binding b gives the locals e reads (NO_THREAD:
 * none yet; MIXED: two, or one b does not bind). */
static void threads_read(const ordo_program *p, const ordo_expr *e, const cg_binding *b, int *t)
{
    if (!e || *t == MIXED)
        return;
    if (e->kind == ORDO_E_VAR && !p->vars[e->var].is_global) {
        int k = bound(p, b, e->var);
        *t = k < 0 || (*t != NO_THREAD && *t != k) ? MIXED : k;
    }
    for (int i = 0; i < 3; i++)
        threads_read(p, e->kid[i], b, t);
}

/* The value of addr, its locals those of the threads b binds, in label
 * l's state (the state before the label's statement). */
static bool address_in(const walk *w, const cg_label *l, const ordo_expr *addr,
                       const cg_binding *b, int64_t *value)
{
    int t = NO_THREAD;
    threads_read(w->p, addr, b, &t);
    expl_view v = { .p = w->p, .prec = w->pf->m->prec, .mode = w->pf->m->mode, .s = l->state,
                    .thread = t == NO_THREAD ? l->thread : (unsigned)t };
    return t != MIXED && l->state && expl_eval(&v, addr, value, NULL) == ORDO_EVAL_OK;
}

/* e (read under b) after a store of r to the cell at `cell` by label l:
 * every load whose address, with the store's loads already replaced, is
 * that cell in l's state reads r; *hit tells whether one did. A load at
 * an address the state does not know is taken as another cell: the
 * predicate is a candidate, the path formula is what refutes the path. */
static const ordo_expr *subst_store(walk *w, const cg_label *l, const ordo_expr *e,
                                    const cg_binding *b, uint64_t cell, const ordo_expr *r,
                                    bool *hit)
{
    if (!e || !cg_reads_state(e))
        return e;
    const ordo_expr *k[3];
    for (int i = 0; i < 3; i++)
        k[i] = subst_store(w, l, e->kid[i], b, cell, r, hit);
    int64_t a;
    if (e->kind != ORDO_E_LOAD || !address_in(w, l, k[0], b, &a) || (uint64_t)a != cell)
        return cg_expr_with_kids(w->p, e, k);
    *hit = true;
    return ordo_type_equal(r->type, e->type) ? r : ordo_e_cast(w->p, e->type, r);
}

static bool reads_memory(const ordo_expr *e)
{
    return e && (e->kind == ORDO_E_LOAD || reads_memory(e->kid[0]) || reads_memory(e->kid[1]) ||
                 reads_memory(e->kid[2]));
}

/* mem[a] := r of label l (st; a havoc when r is NULL), going backwards,
 * where the state before it knew a: a pending predicate reading that
 * cell becomes its weakest precondition, and mem[a] == r joins them (as
 * keep_copy does for a variable) when r reads no memory. A value reaches
 * the cell a later condition reads through such stores (array elements,
 * writes through pointers into allocated memory); a predicate that
 * stopped at them never met what was stored. */
static void store(walk *w, const cg_label *l, const ordo_stmt *st)
{
    int64_t a;
    cg_binding own = { 0 };
    if (!l->state || !cg_bind(w->p, st->lhs.addr, l->thread, &own) ||
        !address_in(w, l, st->lhs.addr, &own, &a) || a <= 0)
        return;
    const ordo_expr *r = st->rhs ? st->rhs : ordo_e_const(w->p, st->lhs.type, 0);
    bool carried = false;
    unsigned n = w->n;
    for (unsigned i = 0; i < n; i++) {
        pending *q = &w->v[i];
        bool hit = false;
        const ordo_expr *e = q->e ? subst_store(w, l, q->e, &q->b, (uint64_t)a, r, &hit) : NULL;
        if (hit)
            carried |= carry(w, q, st->rhs ? e : NULL, r, l->thread);
    }
    if (carried && st->rhs && !reads_memory(st->rhs))
        keep_copy(w, ordo_e_load(w->p, st->lhs.type, ordo_e_const(w->p, st->lhs.addr->type, a)),
                  st->rhs, l->thread);
}

/* A split lock or unlock of the core (mutex_cells.h): the chosen cell's
 * equality; for the outside case, the predicate that the address is a
 * candidate, whole (a disjunction that no Cartesian abstraction of its
 * atoms would know). */
static void split_mutex(walk *w, const cg_label *l)
{
    const ordo_expr *addr = l->stmt->addr;
    if (l->mutex != CG_MUTEX_OUTSIDE)
        keep_equality(w, addr, ordo_e_const(w->p, addr->type, (int64_t)l->mutex), l->thread);
    else if (w->pf->n_outside_cells > 0)
        keep_of(w, cg_mutex_member(w->p, addr, w->pf->outside_cells, w->pf->n_outside_cells),
                l->thread);
}

unsigned cg_refine_pred_wp(cg_path *pf, cg_prec *prec, ordo_program *p, cg_pred_split split)
{
    unsigned *core;
    unsigned n = cg_path_core(pf, &core);
    bool *in_core = xcalloc(pf->n_labels + 1, sizeof *in_core);
    for (unsigned i = 0; i < n; i++)
        in_core[core[i]] = true;
    walk w = { .p = p, .pf = pf, .prec = prec, .split = split };
    for (unsigned i = pf->n_labels; i-- > 0;) {
        const cg_label *l = &pf->labels[i];
        const ordo_stmt *st = l->stmt;
        if (in_core[i] && st->kind == ORDO_S_ASSUME)
            keep_split(&w, st->cond, l->thread);
        else if (in_core[i] && st->kind == ORDO_S_THREAD_JOIN)
            keep_equality(&w, st->cond, ordo_e_const(p, st->cond->type, l->join), l->thread);
        else if (in_core[i] && l->mutex != CG_MUTEX_UNSPLIT)
            split_mutex(&w, l);
        else if ((st->kind == ORDO_S_ASSIGN || st->kind == ORDO_S_HAVOC) && st->lhs.is_mem)
            store(&w, l, st);
        else if (st->kind == ORDO_S_ASSIGN)
            assignment(&w, st->lhs.var, st->rhs, l->thread);
        else if (st->kind == ORDO_S_HAVOC)
            assignment(&w, st->lhs.var, NULL, l->thread);
    }
    free(in_core);
    free(core);
    ordo_log(ORDO_LOG_DEBUG, "cegar: %u new predicates (%u in all)", w.added, prec->n_preds);
    if (w.added == 0)
        w.added = cg_refine_unsat_core(pf, prec);
    return w.added;
}
