/* Atomic sections as one action of partial-order reduction (por_deps.h).
 *
 * An atomic section stops every other thread from its begin to its end.
 * Taken alone, its begin would depend on every action of the other
 * threads (it disables them). But no other thread runs inside the
 * section, so the section from its begin to its end is one block that
 * executes whole: when it surely reaches its end, the begin commutes with
 * another thread's actions exactly when the whole block does, and the
 * begin's summary is the block's accesses (THETA reads an atomic block's
 * variables up to its end in the same way). The begin keeps
 * POR_HALTS_OTHERS, dependent with everything, when the block may stop
 * before its end: a cycle inside it, a statement that may block or end
 * the thread or the program (an assume without its complement, lock,
 * join, exit, return, allocation, free, a call) or an expression the
 * explicit evaluator may find undefined (cegar evaluates bit-vectors: a
 * division or shift by a non-constant, a load or store at a computed
 * address). There the other threads stop for good and only the proviso
 * could not bring them back. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "por_deps.h"
#include "transfer.h"

static bool constant(const ordo_expr *e)
{
    return e->kind == ORDO_E_CONST;
}

/* May evaluating e be undefined (bit-vector arithmetic, expr_eval.c)? */
static bool may_be_undefined(const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_LOAD && !constant(e->kid[0]))
        return true;
    if (e->kind == ORDO_E_BINOP && !constant(e->kid[1]) &&
        (e->op == ORDO_B_DIV || e->op == ORDO_B_REM || e->op == ORDO_B_SHL ||
         e->op == ORDO_B_SHR))
        return true;
    for (int i = 0; i < 3; i++)
        if (may_be_undefined(e->kid[i]))
            return true;
    return false;
}

/* Can statement a of edge e (of f) stop the block before its end? */
static bool may_stop(const ordo_proc *f, const ordo_edge_index *out, const ordo_edge *e,
                     const ordo_stmt *a)
{
    switch (a->kind) {
    case ORDO_S_ASSUME:
        if (!por_assume_complemented(f, out, e, a))
            return true;
        break;
    case ORDO_S_SKIP:
    case ORDO_S_ERROR:
    case ORDO_S_ASSIGN:
    case ORDO_S_HAVOC:
    case ORDO_S_THREAD_START:
        break;
    default:
        return true; /* lock, unlock, join, exit, return, alloc, free, call, a nested begin */
    }
    bool computed_lhs = a->has_lhs && a->lhs.is_mem && !constant(a->lhs.addr);
    return computed_lhs || may_be_undefined(a->cond) || may_be_undefined(a->rhs);
}

/* Checks the statements of edge e inside the block: after the begin on
 * the opening edge, up to the end on a closing one. *closes: e has the
 * end. False when one may stop the block. */
static bool edge_finishes(const ordo_proc *f, const ordo_edge_index *out, const ordo_edge *e,
                          bool opening, bool *closes)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap = 0;
    cg_flatten(e->stmt, &list, &n, &cap);
    bool inside = !opening, ok = true;
    *closes = false;
    for (unsigned i = 0; i < n && ok && !*closes; i++) {
        if (!inside) {
            inside = list[i]->kind == ORDO_S_ATOMIC_BEGIN;
            continue;
        }
        if (list[i]->kind == ORDO_S_ATOMIC_END)
            *closes = true;
        else
            ok = !may_stop(f, out, e, list[i]);
    }
    free(list);
    return ok && (*closes || e->to != f->final_loc);
}

typedef struct {
    por_tables *t;
    unsigned proc;
    const ordo_proc *f;
    const ordo_edge_index *out;
    unsigned char *mark; /* per location: 0 new, 1 on the DFS path, 2 done */
    por_summary *block;
} section;

/* DFS from location l over the block's edges; false at a cycle or an edge
 * that may stop the block. A closing edge's accesses count whole. */
static bool visit(section *x, unsigned l)
{
    x->mark[l] = 1;
    for (unsigned i = x->out->start[l]; i < x->out->start[l + 1]; i++) {
        unsigned k = x->out->edge[i];
        const ordo_edge *e = &x->f->edges[k];
        bool closes;
        if (!edge_finishes(x->f, x->out, e, false, &closes))
            return false;
        por_summary_join(x->t, x->block, &x->t->edge[x->proc][k]);
        if (closes || x->mark[e->to] == 2)
            continue;
        if (x->mark[e->to] == 1 || !visit(x, e->to))
            return false;
    }
    x->mark[l] = 2;
    return true;
}

/* Edge k of proc opens an atomic section (its last atomic statement is a
 * begin): when the block surely reaches its end, the edge's summary
 * becomes the block's, without POR_HALTS_OTHERS. */
static void summarise_section(por_tables *t, unsigned proc, const ordo_edge_index *out,
                              unsigned k, unsigned char *mark)
{
    const ordo_proc *f = &t->p->procs[proc];
    const ordo_edge *e = &f->edges[k];
    bool closes;
    if (!edge_finishes(f, out, e, true, &closes) || closes)
        return;
    por_summary *s = &t->edge[proc][k];
    uint64_t *w = xcalloc(2 * (size_t)t->words, sizeof *w);
    por_summary block = { .reads = w, .writes = w + t->words };
    por_summary_join(t, &block, s);
    for (unsigned l = 0; l < f->n_locs; l++)
        mark[l] = 0;
    section x = { t, proc, f, out, mark, &block };
    if (visit(&x, e->to)) {
        por_summary_join(t, s, &block);
        s->flags = block.flags; /* por_summary_join drops POR_HALTS_OTHERS */
    }
    free(w);
}

/* Does edge e open an atomic section it does not close? */
static bool opens_section(const ordo_edge *e)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap = 0;
    cg_flatten(e->stmt, &list, &n, &cap);
    bool open = false;
    for (unsigned i = 0; i < n; i++)
        if (list[i]->kind == ORDO_S_ATOMIC_BEGIN || list[i]->kind == ORDO_S_ATOMIC_END)
            open = list[i]->kind == ORDO_S_ATOMIC_BEGIN;
    free(list);
    return open;
}

void por_summarise_sections(por_tables *t, unsigned proc, const ordo_edge_index *out)
{
    const ordo_proc *f = &t->p->procs[proc];
    unsigned char *mark = xmalloc(f->n_locs + 1);
    for (unsigned k = 0; k < f->n_edges; k++)
        if (opens_section(&f->edges[k]))
            summarise_section(t, proc, out, k, mark);
    free(mark);
}
