/* The frame of an action for PRED's transfer function (frame.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "frame.h"

/* No thread binds the owner (cannot happen for a bound predicate). */
#define CG_NO_COPY 0xffffffffu

static void add_write(cg_frame *f, const ordo_program *p, const ordo_lvalue *lv, unsigned t)
{
    if (lv->is_mem) {
        f->memory = true;
        return;
    }
    XGROW(f->writes, f->n_writes, f->cap_writes);
    f->writes[f->n_writes++] = (cg_write){ lv->var, p->vars[lv->var].is_global ? 0 : t };
}

/* May the operation at e be undefined (the path formula then requires it
 * defined: ordo_ir_smt.defined, <ordo/ir_smt.h>)? A division by a
 * non-zero constant and a shift by a constant within the width cannot be. */
static bool may_be_undefined(const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_BINOP) {
        const ordo_expr *b = e->kid[1];
        bool constant = b->kind == ORDO_E_CONST;
        if ((e->op == ORDO_B_DIV || e->op == ORDO_B_REM) && !(constant && b->value != 0))
            return true;
        if ((e->op == ORDO_B_SHL || e->op == ORDO_B_SHR) &&
            !(constant && b->value >= 0 && b->value < (int64_t)e->type.width))
            return true;
    }
    return may_be_undefined(e->kid[0]) || may_be_undefined(e->kid[1]) ||
           may_be_undefined(e->kid[2]);
}

static bool stmt_may_be_undefined(const ordo_stmt *st)
{
    return may_be_undefined(st->rhs) || may_be_undefined(st->cond) ||
           may_be_undefined(st->addr) || may_be_undefined(st->size) ||
           (st->has_lhs && st->lhs.is_mem && may_be_undefined(st->lhs.addr));
}

static void stmt_frame(cg_frame *f, const ordo_program *p, const ordo_stmt *st, unsigned t)
{
    switch (st->kind) {
    case ORDO_S_ASSIGN:
    case ORDO_S_HAVOC:
    case ORDO_S_THREAD_START: /* the new thread's parameter: a new instance */
        if (st->has_lhs)
            add_write(f, p, &st->lhs, t);
        break;
    case ORDO_S_ALLOC:
        add_write(f, p, &st->lhs, t);
        f->constrains = true; /* the size is bounded */
        break;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
        f->memory = true;
        f->constrains = true; /* the address is the one the state knew */
        break;
    case ORDO_S_ASSUME:
    case ORDO_S_THREAD_JOIN:
        f->constrains = true;
        break;
    default:
        break;
    }
    if (stmt_may_be_undefined(st))
        f->constrains = true;
}

void cg_frame_of(cg_frame *f, const cg_model *m, unsigned proc, unsigned edge, unsigned t)
{
    *f = (cg_frame){ 0 };
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap = 0;
    cg_flatten(m->p->procs[proc].edges[edge].stmt, &list, &n, &cap);
    for (unsigned i = 0; i < n; i++)
        stmt_frame(f, m->p, list[i], t);
    free(list);
}

void cg_frame_of_dcoi_havocs(cg_frame *f, const cg_model *m, const ordo_stmt *evaluated,
                             const ordo_stmt *original, unsigned t)
{
    *f = (cg_frame){ 0 };
    if (evaluated == original)
        return;
    const ordo_stmt **was = NULL, **is = NULL;
    unsigned n = 0, k = 0, cap = 0, cap_is = 0;
    cg_flatten(original, &was, &n, &cap);
    cg_flatten(evaluated, &is, &k, &cap_is);
    for (unsigned i = 0; i < n && i < k; i++)
        if (is[i] != was[i] && is[i]->kind == ORDO_S_HAVOC && is[i]->has_lhs)
            add_write(f, m->p, &is[i]->lhs, t);
    free(was);
    free(is);
}

void cg_frame_free(cg_frame *f)
{
    free(f->writes);
    *f = (cg_frame){ 0 };
}

/* The thread whose copy of var e reads under b (globals: 0). */
static unsigned copy_of(const ordo_program *p, const cg_binding *b, unsigned var)
{
    if (p->vars[var].is_global)
        return 0;
    for (unsigned i = 0; i < b->n; i++)
        if (b->owner[i] == cg_var_owner(p, var))
            return b->thread[i];
    return CG_NO_COPY;
}

static bool writes_var(const cg_frame *f, unsigned var, unsigned thread)
{
    for (unsigned i = 0; i < f->n_writes; i++)
        if (f->writes[i].var == var && f->writes[i].thread == thread)
            return true;
    return false;
}

bool cg_frame_touches(const cg_frame *f, const ordo_program *p, const cg_binding *b,
                      const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_LOAD && f->memory)
        return true;
    if (e->kind == ORDO_E_VAR) {
        unsigned copy = copy_of(p, b, e->var);
        if (copy == CG_NO_COPY || writes_var(f, e->var, copy))
            return true;
    }
    return cg_frame_touches(f, p, b, e->kid[0]) || cg_frame_touches(f, p, b, e->kid[1]) ||
           cg_frame_touches(f, p, b, e->kid[2]);
}
