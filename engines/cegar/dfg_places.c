/* What an action reads and writes, and whether it is a real observer
 * (dfg.h; thesis Definition 11's read(α) and written(α)). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "dfg.h"

static cg_place var_place(unsigned var)
{
    return (cg_place){ .kind = CG_PLACE_VAR, .id = var };
}

/* The cells an address may name: one when it is a constant. */
static cg_place cell_place(const ordo_expr *addr)
{
    if (addr->kind == ORDO_E_CONST)
        return (cg_place){ .kind = CG_PLACE_CELL, .id = (uint64_t)addr->value };
    return (cg_place){ .kind = CG_PLACE_ANY_CELL };
}

static void expr_reads(const ordo_expr *e, void (*add)(void *, cg_place), void *ctx)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        add(ctx, var_place(e->var));
    if (e->kind == ORDO_E_LOAD)
        add(ctx, cell_place(e->kid[0]));
    for (int i = 0; i < 3; i++)
        expr_reads(e->kid[i], add, ctx);
}

void cg_stmt_reads(const ordo_stmt *st, void (*add)(void *ctx, cg_place), void *ctx)
{
    if (st->kind == ORDO_S_RETURN) /* after inlining: the thread's end */
        return;
    if (st->has_lhs && st->lhs.is_mem)
        expr_reads(st->lhs.addr, add, ctx);
    expr_reads(st->rhs, add, ctx);
    expr_reads(st->cond, add, ctx);
    expr_reads(st->addr, add, ctx);
    expr_reads(st->size, add, ctx);
    if (st->kind == ORDO_S_LOCK)
        add(ctx, cell_place(st->addr));
}

bool cg_stmt_write(const ordo_program *p, const ordo_stmt *st, cg_place *w)
{
    (void)p;
    if (st->kind == ORDO_S_LOCK || st->kind == ORDO_S_UNLOCK) {
        *w = cell_place(st->addr);
        return true;
    }
    if (!st->has_lhs || st->kind == ORDO_S_RETURN || st->kind == ORDO_S_CALL)
        return false;
    *w = st->lhs.is_mem ? cell_place(st->lhs.addr) : var_place(st->lhs.var);
    return true;
}

static bool same_place(cg_place a, cg_place b)
{
    return a.kind == b.kind && a.id == b.id;
}

typedef struct {
    cg_place **v;
    unsigned *n;
} place_set;

static void add_unique(void *ctx, cg_place pl)
{
    place_set *s = ctx;
    for (unsigned i = 0; i < *s->n; i++)
        if (same_place((*s->v)[i], pl))
            return;
    *s->v = xrealloc(*s->v, (*s->n + 1) * sizeof **s->v);
    (*s->v)[(*s->n)++] = pl;
}

static void add_write(cg_action_places *a, cg_place pl, bool cross)
{
    for (unsigned i = 0; i < a->n_writes; i++)
        if (same_place(a->writes[i], pl)) {
            a->cross[i] = a->cross[i] && cross;
            return;
        }
    a->writes = xrealloc(a->writes, (a->n_writes + 1) * sizeof *a->writes);
    a->cross = xrealloc(a->cross, (a->n_writes + 1) * sizeof *a->cross);
    a->cross[a->n_writes] = cross;
    a->writes[a->n_writes++] = pl;
}

/* Can evaluating e be undefined (ordo/expr_eval.h), so that the transfer
 * blocks? A load through a computed address (NULL), a division or a
 * shift by anything but a safe constant. */
static bool may_be_undefined(const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_LOAD && e->kid[0]->kind != ORDO_E_CONST)
        return true;
    if (e->kind == ORDO_E_BINOP) {
        const ordo_expr *r = e->kid[1];
        bool constant = r->kind == ORDO_E_CONST;
        if ((e->op == ORDO_B_DIV || e->op == ORDO_B_REM) && (!constant || r->value == 0))
            return true;
        if ((e->op == ORDO_B_SHL || e->op == ORDO_B_SHR) &&
            (!constant || r->value < 0 || r->value >= e->type.width))
            return true;
    }
    return may_be_undefined(e->kid[0]) || may_be_undefined(e->kid[1]) ||
           may_be_undefined(e->kid[2]);
}

bool cg_stmt_observes(const ordo_stmt *st)
{
    switch (st->kind) {
    case ORDO_S_ASSUME: case ORDO_S_THREAD_JOIN: case ORDO_S_LOCK: case ORDO_S_UNLOCK:
    case ORDO_S_ALLOC: case ORDO_S_FREE: case ORDO_S_CALL:
        return true;
    case ORDO_S_RETURN:
        return false;
    default:
        return may_be_undefined(st->rhs) ||
               (st->has_lhs && st->lhs.is_mem && may_be_undefined(st->lhs.addr));
    }
}

/* The reads of an action are its upward-exposed ones: what a statement
 * of a block reads after an earlier statement of the block wrote it
 * (a variable or a constant cell, not a computed address) is that
 * write's value, never one another action wrote (a block is one atomic
 * step), so no data-flow edge comes into the action through it. */
static bool written_before(const cg_action_places *a, cg_place pl)
{
    if (pl.kind == CG_PLACE_ANY_CELL)
        return false;
    for (unsigned i = 0; i < a->n_writes; i++)
        if (!a->cross[i] && same_place(a->writes[i], pl))
            return true;
    return false;
}

typedef struct {
    place_set set;
    const cg_action_places *a;
} exposed_reads;

static void add_exposed(void *ctx, cg_place pl)
{
    exposed_reads *r = ctx;
    if (!written_before(r->a, pl))
        add_unique(&r->set, pl);
}

static void stmt_places(const ordo_program *p, const ordo_stmt *st, cg_action_places *a)
{
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++)
            stmt_places(p, st->stmts[i], a);
        return;
    }
    exposed_reads reads = { { &a->reads, &a->n_reads }, a };
    cg_stmt_reads(st, add_exposed, &reads);
    cg_place w;
    if (cg_stmt_write(p, st, &w))
        add_write(a, w, false);
    if (st->kind == ORDO_S_THREAD_START && st->rhs && p->procs[st->proc].n_params > 0)
        add_write(a, var_place(p->procs[st->proc].params[0]), true);
    if (cg_stmt_observes(st))
        a->observer = true;
}

void cg_action_places_of(const ordo_program *p, const ordo_stmt *st, cg_action_places *out)
{
    *out = (cg_action_places){ 0 };
    stmt_places(p, st, out);
}

void cg_action_places_free(cg_action_places *a)
{
    free(a->reads);
    free(a->writes);
    free(a->cross);
    free(a->read_id);
    free(a->write_id);
    *a = (cg_action_places){ 0 };
}
