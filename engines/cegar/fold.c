/* Constant offsets folded in predicates (fold.h). */
#include <ordo/ir_build.h>

#include "fold.h"

/* The offset of e = a + k or a - k (k a constant of e's integer type):
 * +k or -k in *offset, a in *base. */
static bool offset_of(const ordo_expr *e, const ordo_expr **base, int64_t *offset)
{
    if (e->kind != ORDO_E_BINOP || (e->op != ORDO_B_ADD && e->op != ORDO_B_SUB) ||
        e->type.kind != ORDO_TY_INT || e->kid[1]->kind != ORDO_E_CONST ||
        !ordo_type_equal(e->kid[0]->type, e->type) || e->kid[1]->value == INT64_MIN)
        return false;
    *base = e->kid[0];
    *offset = e->op == ORDO_B_ADD ? e->kid[1]->value : -e->kid[1]->value;
    return true;
}

/* Is |v| a value of type t both ways (v and -v fit)? */
static bool fits(ordo_type t, int64_t v)
{
    int64_t half = t.width >= 64 ? INT64_MAX : (INT64_C(1) << (t.width - 1)) - 1;
    return v >= -half && v <= half;
}

/* a + k as an expression of type t (k != 0). */
static const ordo_expr *plus(ordo_program *p, ordo_type t, const ordo_expr *a, int64_t k)
{
    ordo_binop op = k > 0 ? ORDO_B_ADD : ORDO_B_SUB;
    return ordo_e_binop(p, op, t, a, ordo_e_const(p, t, k > 0 ? k : -k));
}

/* e, its operands folded, with its own offset merged into its base's. */
static const ordo_expr *merge(ordo_program *p, const ordo_expr *e)
{
    const ordo_expr *base, *inner;
    int64_t outer, k;
    if (!offset_of(e, &base, &outer))
        return e;
    if (offset_of(base, &inner, &k) && !__builtin_add_overflow(k, outer, &k) &&
        fits(e->type, k))
        base = inner;
    else
        k = outer;
    if (k == 0)
        return base;
    return base == e->kid[0] && k == outer ? e : plus(p, e->type, base, k);
}

const ordo_expr *cg_expr_with_kids(ordo_program *p, const ordo_expr *e, const ordo_expr *const k[3])
{
    if (k[0] == e->kid[0] && k[1] == e->kid[1] && k[2] == e->kid[2])
        return e;
    switch (e->kind) {
    case ORDO_E_LOAD:  return ordo_e_load(p, e->type, k[0]);
    case ORDO_E_UNOP:  return ordo_e_unop(p, (ordo_unop)e->op, e->type, k[0]);
    case ORDO_E_BINOP: return ordo_e_binop(p, (ordo_binop)e->op, e->type, k[0], k[1]);
    case ORDO_E_ITE:   return ordo_e_ite(p, k[0], k[1], k[2]);
    case ORDO_E_CAST:  return ordo_e_cast(p, e->type, k[0]);
    default:           return e;
    }
}

const ordo_expr *cg_fold_offsets(ordo_program *p, const ordo_expr *e)
{
    if (!e || e->kind == ORDO_E_CONST || e->kind == ORDO_E_VAR)
        return e;
    const ordo_expr *k[3];
    for (int i = 0; i < 3; i++)
        k[i] = cg_fold_offsets(p, e->kid[i]);
    return merge(p, cg_expr_with_kids(p, e, k));
}
