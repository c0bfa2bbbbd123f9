/* Emitting IR edges and expressions from the front end: locations,
 * temporaries, conversions (C11 6.3: every implicit conversion is an
 * explicit ORDO_E_CAST in the IR). */
#include <stdio.h>

#include "frontend_internal.h"

unsigned fe_new_loc(fe *f)
{
    return ordo_add_loc(f->p, f->proc);
}

void fe_edge(fe *f, unsigned from, unsigned to, ordo_stmt *s)
{
    s->file = f->file;
    s->line = f->line;
    ordo_add_edge(f->p, f->proc, from, to, s);
}

void fe_emit(fe *f, ordo_stmt *s)
{
    unsigned next = fe_new_loc(f);
    fe_edge(f, f->cur, next, s);
    f->cur = next;
}

void fe_goto(fe *f, unsigned to)
{
    fe_edge(f, f->cur, to, ordo_s_new(f->p, ORDO_S_SKIP));
    f->cur = fe_new_loc(f); /* anything after a jump is dead code */
}

void fe_fork(fe *f, const ordo_expr *cond, unsigned tloc, unsigned floc)
{
    fe_edge(f, f->cur, tloc, ordo_s_assume(f->p, cond));
    fe_edge(f, f->cur, floc, ordo_s_assume(f->p, ordo_e_unop(f->p, ORDO_U_LNOT, ordo_ty_bool(), cond)));
    f->cur = fe_new_loc(f); /* both ways leave: what follows is dead code */
}

unsigned fe_temp(fe *f, ordo_type t)
{
    char name[32];
    snprintf(name, sizeof name, "__t%u", f->n_temps++);
    return ordo_add_var(f->p, name, t, (int)f->proc, 0);
}

const ordo_expr *fe_copy(fe *f, const ordo_expr *e)
{
    unsigned t = fe_temp(f, e->type);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, t), e));
    return ordo_e_var(f->p, t);
}

const ordo_expr *fe_int(fe *f, ordo_type t, int64_t v)
{
    return ordo_e_const(f->p, t, v);
}

const ordo_expr *fe_to_bool(fe *f, const ordo_expr *e)
{
    if (e->type.kind == ORDO_TY_BOOL)
        return e;
    if (e->kind == ORDO_E_CAST && e->kid[0]->type.kind == ORDO_TY_BOOL)
        return e->kid[0]; /* (int)b != 0 is b */
    if (e->kind == ORDO_E_CONST)
        return ordo_e_const(f->p, ordo_ty_bool(), e->value != 0);
    return ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), e, fe_int(f, e->type, 0));
}

/* Constants are folded through conversions so the IR stays readable. */
static int64_t wrap(int64_t v, ordo_type t)
{
    if (t.kind == ORDO_TY_BOOL)
        return v != 0;
    if (t.width >= 64)
        return v;
    uint64_t mask = (UINT64_C(1) << t.width) - 1;
    uint64_t u = (uint64_t)v & mask;
    bool neg = t.kind == ORDO_TY_INT && t.is_signed && (u >> (t.width - 1)) & 1;
    return neg ? (int64_t)(u | ~mask) : (int64_t)u;
}

const ordo_expr *fe_convert(fe *f, const ordo_expr *e, ordo_type to)
{
    if (ordo_type_equal(e->type, to))
        return e;
    if (to.kind == ORDO_TY_BOOL)
        return fe_to_bool(f, e);
    if (e->kind == ORDO_E_CONST)
        return fe_int(f, to, wrap(e->value, to));
    return ordo_e_cast(f->p, to, e);
}

/* Function pointer values: FN_VALUE_BASE + the procedure's index. Cells
 * are numbered from 16 upwards, so no data address reaches these; every
 * call through a pointer compares it with the candidates (fe_call). */
enum { FN_VALUE_BASE = 0x7f000000 };

const ordo_expr *fe_fn_value(fe *f, unsigned proc)
{
    return fe_int(f, ordo_ty_ptr(f->p->data_model), (int64_t)FN_VALUE_BASE + proc);
}
