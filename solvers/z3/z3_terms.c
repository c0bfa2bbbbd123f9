/* z3 plugin: sorts, terms and reading constants back. */
#include <stdlib.h>
#include <string.h>

#include "z3_solver.h"

#define FAILED_RETURN_NULL(s) do { if ((s)->error) return NULL; } while (0)

ordo_sort z3_bool_sort(ordo_smt *base)
{
    return (ordo_sort)z3_of(base)->bool_sort;
}

ordo_sort z3_int_sort(ordo_smt *base)
{
    return (ordo_sort)z3_of(base)->int_sort;
}

ordo_sort z3_bv_sort(ordo_smt *base, unsigned width)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    if (width == 0) {
        z3_fail(s, "bit-vector sort of width 0");
        return NULL;
    }
    if (width <= 64) {
        if (!s->bv_sorts[width])
            s->bv_sorts[width] = Z3_mk_bv_sort(s->ctx, width);
        return (ordo_sort)s->bv_sorts[width];
    }
    return (ordo_sort)z3_result(s, (Z3_ast)Z3_mk_bv_sort(s->ctx, width));
}

ordo_sort z3_array_sort(ordo_smt *base, ordo_sort index, ordo_sort elem)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    return (ordo_sort)z3_result(s, (Z3_ast)Z3_mk_array_sort(s->ctx, (Z3_sort)index,
                                                           (Z3_sort)elem));
}

ordo_term z3_bool_val(ordo_smt *base, bool v)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    return z3_term(v ? Z3_mk_true(s->ctx) : Z3_mk_false(s->ctx));
}

ordo_term z3_int_val(ordo_smt *base, int64_t v)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    return z3_result(s, Z3_mk_int64(s->ctx, v, s->int_sort));
}

ordo_term z3_bv_val(ordo_smt *base, uint64_t v, unsigned width)
{
    z3_smt *s = z3_of(base);
    Z3_sort sort = (Z3_sort)z3_bv_sort(base, width);
    if (!sort)
        return NULL;
    if (width < 64)
        v &= (UINT64_C(1) << width) - 1;
    return z3_result(s, Z3_mk_unsigned_int64(s->ctx, v, sort));
}

ordo_term z3_numeral(ordo_smt *base, const char *decimal, ordo_sort sort)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    return z3_result(s, Z3_mk_numeral(s->ctx, decimal, (Z3_sort)sort));
}

ordo_term z3_const_array(ordo_smt *base, ordo_sort index, ordo_term value)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    return z3_result(s, Z3_mk_const_array(s->ctx, (Z3_sort)index, z3_ast(value)));
}

ordo_term z3_var(ordo_smt *base, const char *name, ordo_sort sort)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    if (!name)
        return z3_result(s, Z3_mk_fresh_const(s->ctx, "v", (Z3_sort)sort));
    return z3_result(s, Z3_mk_const(s->ctx, Z3_mk_string_symbol(s->ctx, name), (Z3_sort)sort));
}

typedef Z3_ast (*z3_binary_fn)(Z3_context, Z3_ast, Z3_ast);
typedef Z3_ast (*z3_nary_fn)(Z3_context, unsigned, Z3_ast const[]);

/* Left fold of an associative binary operation over n >= 2 arguments. */
static Z3_ast fold(Z3_context c, z3_binary_fn f, unsigned n, Z3_ast const *a)
{
    Z3_ast r = f(c, a[0], a[1]);
    for (unsigned i = 2; i < n && r; i++)
        r = f(c, r, a[i]);
    return r;
}

static z3_binary_fn binary_op(ordo_smt_op op)
{
    switch (op) {
    case ORDO_OP_XOR: return Z3_mk_xor;
    case ORDO_OP_IMPLIES: return Z3_mk_implies;
    case ORDO_OP_EQ: return Z3_mk_eq;
    case ORDO_OP_IDIV: return Z3_mk_div;
    case ORDO_OP_IMOD: return Z3_mk_mod;
    case ORDO_OP_LT: return Z3_mk_lt;
    case ORDO_OP_LE: return Z3_mk_le;
    case ORDO_OP_GT: return Z3_mk_gt;
    case ORDO_OP_GE: return Z3_mk_ge;
    case ORDO_OP_BVADD: return Z3_mk_bvadd;
    case ORDO_OP_BVSUB: return Z3_mk_bvsub;
    case ORDO_OP_BVMUL: return Z3_mk_bvmul;
    case ORDO_OP_BVUDIV: return Z3_mk_bvudiv;
    case ORDO_OP_BVSDIV: return Z3_mk_bvsdiv;
    case ORDO_OP_BVUREM: return Z3_mk_bvurem;
    case ORDO_OP_BVSREM: return Z3_mk_bvsrem;
    case ORDO_OP_BVAND: return Z3_mk_bvand;
    case ORDO_OP_BVOR: return Z3_mk_bvor;
    case ORDO_OP_BVXOR: return Z3_mk_bvxor;
    case ORDO_OP_BVSHL: return Z3_mk_bvshl;
    case ORDO_OP_BVLSHR: return Z3_mk_bvlshr;
    case ORDO_OP_BVASHR: return Z3_mk_bvashr;
    case ORDO_OP_BVULT: return Z3_mk_bvult;
    case ORDO_OP_BVULE: return Z3_mk_bvule;
    case ORDO_OP_BVUGT: return Z3_mk_bvugt;
    case ORDO_OP_BVUGE: return Z3_mk_bvuge;
    case ORDO_OP_BVSLT: return Z3_mk_bvslt;
    case ORDO_OP_BVSLE: return Z3_mk_bvsle;
    case ORDO_OP_BVSGT: return Z3_mk_bvsgt;
    case ORDO_OP_BVSGE: return Z3_mk_bvsge;
    case ORDO_OP_CONCAT: return Z3_mk_concat;
    case ORDO_OP_SELECT: return Z3_mk_select;
    default: return NULL;
    }
}

static z3_nary_fn nary_op(ordo_smt_op op)
{
    switch (op) {
    case ORDO_OP_AND: return Z3_mk_and;
    case ORDO_OP_OR: return Z3_mk_or;
    case ORDO_OP_DISTINCT: return Z3_mk_distinct;
    case ORDO_OP_ADD: return Z3_mk_add;
    case ORDO_OP_SUB: return Z3_mk_sub;
    case ORDO_OP_MUL: return Z3_mk_mul;
    default: return NULL;
    }
}

static Z3_ast unary_or_indexed(Z3_context c, ordo_smt_op op, Z3_ast a, unsigned p1, unsigned p2)
{
    switch (op) {
    case ORDO_OP_NOT: return Z3_mk_not(c, a);
    case ORDO_OP_NEG: return Z3_mk_unary_minus(c, a);
    case ORDO_OP_BVNEG: return Z3_mk_bvneg(c, a);
    case ORDO_OP_BVNOT: return Z3_mk_bvnot(c, a);
    case ORDO_OP_EXTRACT: return Z3_mk_extract(c, p1, p2, a);
    case ORDO_OP_ZEXT: return Z3_mk_zero_ext(c, p1, a);
    case ORDO_OP_SEXT: return Z3_mk_sign_ext(c, p1, a);
    case ORDO_OP_BV2NAT: return Z3_mk_bv2int(c, a, false);
    case ORDO_OP_INT2BV: return Z3_mk_int2bv(c, p1, a);
    default: return NULL;
    }
}

ordo_term z3_app(ordo_smt *base, ordo_smt_op op, unsigned n, const ordo_term *args,
                 unsigned p1, unsigned p2)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    const char *bad = ordo_smt_check_arity(op, n);
    if (bad) {
        z3_fail(s, bad);
        return NULL;
    }
    for (unsigned i = 0; i < n; i++)
        if (!args[i]) {
            z3_fail(s, "NULL argument");
            return NULL;
        }
    Z3_context c = s->ctx;
    Z3_ast const *a = (Z3_ast const *)args;
    if (op == ORDO_OP_ITE)
        return z3_result(s, Z3_mk_ite(c, a[0], a[1], a[2]));
    if (op == ORDO_OP_STORE)
        return z3_result(s, Z3_mk_store(c, a[0], a[1], a[2]));
    z3_nary_fn nary = nary_op(op);
    if (nary)
        return z3_result(s, nary(c, n, a));
    z3_binary_fn binary = binary_op(op);
    if (binary)
        return z3_result(s, fold(c, binary, n, a));
    return z3_result(s, unary_or_indexed(c, op, a[0], p1, p2));
}

ordo_term z3_quantifier(ordo_smt *base, bool forall, unsigned n, const ordo_term *bound,
                        ordo_term body)
{
    z3_smt *s = z3_of(base);
    FAILED_RETURN_NULL(s);
    Z3_app *apps = malloc(n * sizeof *apps + 1);
    for (unsigned i = 0; i < n; i++)
        apps[i] = Z3_to_app(s->ctx, z3_ast(bound[i]));
    Z3_ast q = Z3_mk_quantifier_const(s->ctx, forall, 0, n, apps, 0, NULL, z3_ast(body));
    free(apps);
    return z3_result(s, q);
}

bool z3_term_to_int64(ordo_smt *base, ordo_term t, int64_t *out)
{
    z3_smt *s = z3_of(base);
    if (s->error || !t)
        return false;
    Z3_ast a = z3_ast(t);
    Z3_sort_kind k = Z3_get_sort_kind(s->ctx, Z3_get_sort(s->ctx, a));
    if (k == Z3_BOOL_SORT) {
        Z3_lbool v = Z3_get_bool_value(s->ctx, a);
        *out = v == Z3_L_TRUE;
        return v != Z3_L_UNDEF;
    }
    if (!Z3_is_numeral_ast(s->ctx, a))
        return false;
    if (k == Z3_BV_SORT) {
        uint64_t u;
        if (Z3_get_bv_sort_size(s->ctx, Z3_get_sort(s->ctx, a)) > 64 ||
            !Z3_get_numeral_uint64(s->ctx, a, &u))
            return false;
        *out = (int64_t)u;
        return true;
    }
    return k == Z3_INT_SORT && Z3_get_numeral_int64(s->ctx, a, out);
}

char *z3_term_to_string(ordo_smt *base, ordo_term t)
{
    z3_smt *s = z3_of(base);
    if (s->error || !t)
        return NULL;
    const char *text = Z3_ast_to_string(s->ctx, z3_ast(t));
    return text ? strdup(text) : NULL;
}
