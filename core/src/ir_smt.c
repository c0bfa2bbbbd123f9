/* IR expressions as SMT terms in Int or bit-vector arithmetic
 * (ordo/ir_smt.h). */
#include <ordo/expr_eval.h>
#include <ordo/ir_smt.h>

#include "ir_smt_vals.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static bool is_unsigned_int(ordo_type t)
{
    return t.kind == ORDO_TY_INT && !t.is_signed;
}

ordo_sort ordo_ir_sort(const ordo_ir_smt *a, ordo_type t)
{
    if (t.kind == ORDO_TY_BOOL)
        return ordo_smt_bool_sort(a->s);
    return a->bv ? ordo_smt_bv_sort(a->s, t.width) : ordo_smt_int_sort(a->s);
}

ordo_ir_val ordo_ir_const(const ordo_ir_smt *a, ordo_type t, int64_t c)
{
    (void)a; /* both arithmetics keep a constant as the interpreter does */
    c = ordo_value_wrap(t, c);
    return (ordo_ir_val){ .is_const = true, .c = c };
}

ordo_ir_val ordo_ir_sym(ordo_term t)
{
    return (ordo_ir_val){ .is_const = false, .t = t };
}

/* An unsigned value as an Int term: 64-bit ones beyond INT64_MAX are kept
 * as their bit pattern, read back as 2^64 + c. */
static ordo_term int_numeral(const ordo_ir_smt *a, ordo_type t, int64_t c)
{
    if (c >= 0 || !ordo_type_is_unsigned(t))
        return ordo_smt_int(a->s, c);
    char digits[24];
    snprintf(digits, sizeof digits, "%" PRIu64, (uint64_t)c);
    return a->s->ops->numeral(a->s, digits, ordo_smt_int_sort(a->s));
}

ordo_term ordo_ir_term(const ordo_ir_smt *a, ordo_type t, ordo_ir_val v)
{
    if (!v.is_const)
        return v.t;
    if (t.kind == ORDO_TY_BOOL)
        return ordo_smt_bool(a->s, v.c != 0);
    return a->bv ? ordo_smt_bv(a->s, (uint64_t)v.c, t.width) : int_numeral(a, t, v.c);
}

/* 2^w as an Int term (w <= 64). */
static ordo_term int_pow2(const ordo_ir_smt *a, unsigned w)
{
    if (w < 63)
        return ordo_smt_int(a->s, INT64_C(1) << w);
    return a->s->ops->numeral(a->s, w == 63 ? "9223372036854775808" : "18446744073709551616",
                              ordo_smt_int_sort(a->s));
}

/* Int mode, C's wrap-around (unsigned arithmetic, integer conversions):
 * v, an exact result, brought into the range of t by one period 2^w where
 * it may lie below (BELOW) or above (ABOVE) that range by less than one
 * period. Cheaper for the solver than a modulus. */
enum { BELOW = 1, ABOVE = 2 };

static ordo_term int_shift_into(const ordo_ir_smt *a, ordo_type t, ordo_term v, unsigned sides)
{
    ordo_smt *s = a->s;
    ordo_term period = int_pow2(a, t.width);
    if (sides & BELOW) {
        ordo_term lo = t.is_signed ? ordo_smt_app1(s, ORDO_OP_NEG, int_pow2(a, t.width - 1))
                                   : ordo_smt_int(s, 0);
        v = ordo_smt_ite(s, ordo_smt_app2(s, ORDO_OP_LT, v, lo),
                         ordo_smt_app2(s, ORDO_OP_ADD, v, period), v);
    }
    if (sides & ABOVE) {
        ordo_term end = t.is_signed ? int_pow2(a, t.width - 1) : period;
        v = ordo_smt_ite(s, ordo_smt_app2(s, ORDO_OP_GE, v, end),
                         ordo_smt_app2(s, ORDO_OP_SUB, v, period), v);
    }
    return v;
}

/* Int mode: v modulo 2^w into the range of t, for v anywhere. */
static ordo_term int_modulo(const ordo_ir_smt *a, ordo_type t, ordo_term v)
{
    ordo_term m = ordo_smt_app2(a->s, ORDO_OP_IMOD, v, int_pow2(a, t.width)); /* [0, 2^w) */
    return t.is_signed ? int_shift_into(a, t, m, ABOVE) : m;
}

ordo_term ordo_ir_truth(const ordo_ir_smt *a, ordo_type t, ordo_ir_val v)
{
    if (v.is_const)
        return ordo_smt_bool(a->s, v.c != 0);
    if (t.kind == ORDO_TY_BOOL)
        return v.t;
    return ordo_smt_app1(
        a->s, ORDO_OP_NOT,
        ordo_smt_app2(a->s, ORDO_OP_EQ, v.t, ordo_ir_term(a, t, ordo_ir_const(a, t, 0))));
}

/* A Bool term as a value of type t (0/1 for integers). */
static ordo_ir_val from_bool(const ordo_ir_smt *a, ordo_type t, ordo_term b)
{
    if (t.kind == ORDO_TY_BOOL)
        return ordo_ir_sym(b);
    return ordo_ir_sym(ordo_smt_ite(a->s, b, ordo_ir_term(a, t, ordo_ir_const(a, t, 1)),
                               ordo_ir_term(a, t, ordo_ir_const(a, t, 0))));
}

ordo_ir_val ordo_ir_unop(const ordo_ir_smt *a, ordo_unop op, ordo_type t, ordo_ir_val x,
                         ordo_type xt)
{
    int64_t r;
    if (x.is_const && !ordo_eval_unop(ORDO_ARITH_BV, op, t, x.c, &r))
        return ordo_ir_const(a, t, r);
    if (op == ORDO_U_LNOT)
        return from_bool(a, t, ordo_smt_app1(a->s, ORDO_OP_NOT, ordo_ir_truth(a, xt, x)));
    ordo_term v = ordo_ir_term(a, t, x);
    if (a->bv)
        return ordo_ir_sym(
            ordo_smt_app1(a->s, op == ORDO_U_NEG ? ORDO_OP_BVNEG : ORDO_OP_BVNOT, v));
    ordo_term neg = ordo_smt_app1(a->s, ORDO_OP_NEG, v);
    if (op == ORDO_U_NEG)
        return ordo_ir_sym(is_unsigned_int(t) ? int_shift_into(a, t, neg, BELOW) : neg);
    return ordo_ir_sym(
        ordo_smt_app2(a->s, ORDO_OP_SUB, neg, ordo_smt_int(a->s, 1))); /* ~x = -x-1 */
}

static ordo_term compare(const ordo_ir_smt *a, ordo_binop op, ordo_type xt, ordo_term x,
                         ordo_term y)
{
    static const ordo_smt_op int_ops[] = { ORDO_OP_LT, ORDO_OP_LE, ORDO_OP_GT, ORDO_OP_GE };
    static const ordo_smt_op sbv_ops[] = { ORDO_OP_BVSLT, ORDO_OP_BVSLE, ORDO_OP_BVSGT,
                                           ORDO_OP_BVSGE };
    static const ordo_smt_op ubv_ops[] = { ORDO_OP_BVULT, ORDO_OP_BVULE, ORDO_OP_BVUGT,
                                           ORDO_OP_BVUGE };
    if (op == ORDO_B_EQ || op == ORDO_B_NE) {
        ordo_term eq = ordo_smt_app2(a->s, ORDO_OP_EQ, x, y);
        return op == ORDO_B_EQ ? eq : ordo_smt_app1(a->s, ORDO_OP_NOT, eq);
    }
    unsigned k = (unsigned)(op - ORDO_B_LT);
    const ordo_smt_op *ops = !a->bv ? int_ops : ordo_type_is_unsigned(xt) ? ubv_ops : sbv_ops;
    return ordo_smt_app2(a->s, ops[k], x, y);
}

/* |c| of a constant of type t as an Int numeral. */
static ordo_term int_abs_numeral(const ordo_ir_smt *a, ordo_type t, int64_t c)
{
    if (c >= 0 || ordo_type_is_unsigned(t))
        return int_numeral(a, t, c);
    if (c == INT64_MIN)
        return int_pow2(a, 63);
    return ordo_smt_int(a->s, -c);
}

/* C's truncating division and remainder over mathematical integers. A
 * constant divisor stays a numeral: the solver's core sees linear terms
 * (it does no preprocessing that would fold |c| and the sign test). */
static ordo_ir_val int_divide(const ordo_ir_smt *a, ordo_binop op, ordo_term x, ordo_ir_val yv,
                              ordo_type yt)
{
    ordo_smt *s = a->s;
    ordo_term zero = ordo_smt_int(s, 0);
    ordo_term y = ordo_ir_term(a, yt, yv);
    ordo_term x_nonneg = ordo_smt_app2(s, ORDO_OP_GE, x, zero);
    ordo_term ax = ordo_smt_ite(s, x_nonneg, x, ordo_smt_app1(s, ORDO_OP_NEG, x));
    ordo_term ay, same_sign;
    if (yv.is_const) {
        ay = int_abs_numeral(a, yt, yv.c);
        bool y_nonneg = yv.c >= 0 || ordo_type_is_unsigned(yt);
        same_sign = y_nonneg ? x_nonneg : ordo_smt_app1(s, ORDO_OP_NOT, x_nonneg);
    } else {
        ordo_term y_nonneg = ordo_smt_app2(s, ORDO_OP_GE, y, zero);
        ay = ordo_smt_ite(s, y_nonneg, y, ordo_smt_app1(s, ORDO_OP_NEG, y));
        same_sign = ordo_smt_app2(s, ORDO_OP_EQ, x_nonneg, y_nonneg);
    }
    ordo_term q_abs = ordo_smt_app2(s, ORDO_OP_IDIV, ax, ay);
    ordo_term q = ordo_smt_ite(s, same_sign, q_abs, ordo_smt_app1(s, ORDO_OP_NEG, q_abs));
    if (op == ORDO_B_DIV)
        return ordo_ir_sym(q);
    return ordo_ir_sym(ordo_smt_app2(s, ORDO_OP_SUB, x, ordo_smt_app2(s, ORDO_OP_MUL, y, q)));
}

/* The shift amount y (type yt) at the width of t. */
static ordo_term shift_amount(const ordo_ir_smt *a, ordo_type t, ordo_ir_val y, ordo_type yt)
{
    ordo_term v = ordo_ir_term(a, yt, y);
    if (yt.width < t.width)
        return a->s->ops->app(a->s, ORDO_OP_ZEXT, 1, &v, t.width - yt.width, 0);
    if (yt.width > t.width)
        return a->s->ops->app(a->s, ORDO_OP_EXTRACT, 1, &v, t.width - 1, 0);
    return v;
}

/* Both operands constant and the operation defined: its value, folded by
 * C's evaluator (constants are kept as in bit-vectors in both
 * arithmetics). */
static bool fold_binop(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_type xt,
                       ordo_ir_val x, ordo_type yt, ordo_ir_val y, ordo_ir_val *out)
{
    int64_t r;
    if (!x.is_const || !y.is_const || ordo_eval_binop(ORDO_ARITH_BV, op, t, xt, yt, x.c, y.c, &r))
        return false;
    *out = ordo_ir_const(a, t, r);
    return true;
}

static ordo_ir_val binop_terms(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_ir_val x,
                               ordo_type xt, ordo_ir_val y, ordo_type yt);
static int64_t signed_offset(ordo_type t, int64_t c);

ordo_ir_val ordo_ir_binop(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_ir_val x,
                          ordo_type xt, ordo_ir_val y, ordo_type yt)
{
    ordo_ir_val folded;
    if (fold_binop(a, op, t, xt, x, yt, y, &folded))
        return folded;
    ordo_ir_val r = binop_terms(a, op, t, x, xt, y, yt);
    /* Pointer arithmetic (at a pointer type: a pointer difference is an
     * integer) keeps the region of its pointer operand, the left one in
     * the IR (p + i, also for C's i + p; p - i). The offset's region means
     * nothing: p[100] or p - 16 is no access of the object whose cells
     * include address 100 or 16. A constant moves a known offset. */
    if ((op == ORDO_B_ADD || op == ORDO_B_SUB) && t.kind == ORDO_TY_PTR) {
        r.region = x.region;
        if (y.is_const) {
            int64_t d = signed_offset(t, y.c);
            d = op == ORDO_B_ADD ? d : -d;
            r.at_offset = x.at_offset;
            r.offset = x.at_offset ? x.offset + d : 0;
            ir_vals_moved(a, &r, t, x, d);
        }
    }
    return r;
}

/* Int mode: a constant added to or subtracted from a pointer, as the
 * offset it is: C's pointer arithmetic wraps modulo 2^width, so p[-1]
 * adds 2^width - 1, which is -1 for every valid result (an address in
 * [0, 2^width); another result is undefined in C anyway). Constants from
 * 2^(width-1) up are such offsets, as no address reaches them (the walk
 * takes bit-vectors for a program whose allocations would). */
static int64_t signed_offset(ordo_type t, int64_t c)
{
    if (t.width >= 64 || c < INT64_C(1) << (t.width - 1))
        return c; /* 64 bits: the constant keeps its bit pattern, signed */
    return c - (INT64_C(1) << t.width);
}

/* Conjoins the Bool term c to *a->defined. */
static void conjoin_defined(const ordo_ir_smt *a, ordo_term c)
{
    *a->defined = *a->defined ? ordo_smt_app2(a->s, ORDO_OP_AND, *a->defined, c) : c;
}

/* With a->defined: conjoins to it that x op y (a division, remainder or
 * shift of result type t) is defined, by its right operand y. */
static void note_defined(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_ir_val y,
                         ordo_type yt)
{
    if (!a->defined)
        return;
    ordo_type b = { ORDO_TY_BOOL, 1, false };
    ordo_ir_val ok;
    if (op == ORDO_B_DIV || op == ORDO_B_REM) {
        ok = ordo_ir_binop(a, ORDO_B_NE, b, y, yt, ordo_ir_const(a, yt, 0), yt);
    } else {
        ok = ordo_ir_binop(a, ORDO_B_LT, b, y, yt, ordo_ir_const(a, yt, t.width), yt);
        if (!ordo_type_is_unsigned(yt))
            ok = ordo_ir_binop(a, ORDO_B_LAND, b, ok, b,
                               ordo_ir_binop(a, ORDO_B_GE, b, y, yt, ordo_ir_const(a, yt, 0), yt),
                               b);
    }
    if (!ok.is_const || !ok.c)
        conjoin_defined(a, ordo_ir_term(a, b, ok));
}

static ordo_ir_val binop_terms(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_ir_val x,
                               ordo_type xt, ordo_ir_val y, ordo_type yt)
{
    static const ordo_smt_op bv_arith[] = { ORDO_OP_BVADD, ORDO_OP_BVSUB, ORDO_OP_BVMUL };
    static const ordo_smt_op int_arith[] = { ORDO_OP_ADD, ORDO_OP_SUB, ORDO_OP_MUL };
    static const ordo_smt_op bv_bitwise[] = { ORDO_OP_BVAND, ORDO_OP_BVOR, ORDO_OP_BVXOR };
    static const ordo_smt_op bool_bitwise[] = { ORDO_OP_AND, ORDO_OP_OR, ORDO_OP_XOR };
    ordo_smt *s = a->s;
    if (op == ORDO_B_LAND || op == ORDO_B_LOR)
        return from_bool(a, t, ordo_smt_app2(s, op == ORDO_B_LAND ? ORDO_OP_AND : ORDO_OP_OR,
                                             ordo_ir_truth(a, xt, x), ordo_ir_truth(a, yt, y)));
    if (op >= ORDO_B_LT && op <= ORDO_B_GE && xt.kind == ORDO_TY_BOOL) { /* as 0 and 1 */
        ordo_type i8 = { ORDO_TY_INT, 8, true };
        return binop_terms(a, op, t, ordo_ir_cast(a, i8, x, xt), i8, ordo_ir_cast(a, i8, y, yt), i8);
    }
    if (op >= ORDO_B_EQ && op <= ORDO_B_GE)
        return from_bool(a, t, compare(a, op, xt, ordo_ir_term(a, xt, x), ordo_ir_term(a, yt, y)));
    ordo_term tx = ordo_ir_term(a, xt, x);
    switch (op) {
    case ORDO_B_ADD: case ORDO_B_SUB: case ORDO_B_MUL: {
        ordo_term ty = ordo_ir_term(a, yt, y);
        if (!a->bv && t.kind == ORDO_TY_PTR && op != ORDO_B_MUL) {
            tx = x.is_const ? ordo_smt_int(s, signed_offset(t, x.c)) : tx;
            ty = y.is_const ? ordo_smt_int(s, signed_offset(t, y.c)) : ty;
        }
        ordo_term r = ordo_smt_app2(s, (a->bv ? bv_arith : int_arith)[op - ORDO_B_ADD], tx, ty);
        if (a->bv || !is_unsigned_int(t))
            return ordo_ir_sym(r);
        /* unsigned operands lie in [0, 2^w): a sum at most one period above,
         * a difference at most one below, a product anywhere */
        return ordo_ir_sym(op == ORDO_B_ADD ? int_shift_into(a, t, r, ABOVE)
                      : op == ORDO_B_SUB ? int_shift_into(a, t, r, BELOW)
                                         : int_modulo(a, t, r));
    }
    case ORDO_B_DIV: case ORDO_B_REM:
        note_defined(a, op, t, y, yt);
        if (!a->bv)
            return int_divide(a, op, tx, y, yt);
        return ordo_ir_sym(ordo_smt_app2(
            s, ordo_type_is_unsigned(t) ? (op == ORDO_B_DIV ? ORDO_OP_BVUDIV : ORDO_OP_BVUREM)
                              : (op == ORDO_B_DIV ? ORDO_OP_BVSDIV : ORDO_OP_BVSREM),
            tx, ordo_ir_term(a, yt, y)));
    case ORDO_B_AND: case ORDO_B_OR: case ORDO_B_XOR:
        if (t.kind == ORDO_TY_BOOL)
            return ordo_ir_sym(
                ordo_smt_app2(s, bool_bitwise[op - ORDO_B_AND], tx, ordo_ir_term(a, yt, y)));
        return ordo_ir_sym(
            ordo_smt_app2(s, bv_bitwise[op - ORDO_B_AND], tx, ordo_ir_term(a, yt, y)));
    case ORDO_B_SHL: case ORDO_B_SHR:
        note_defined(a, op, t, y, yt);
        if (!a->bv && y.is_const && y.c >= 0 && y.c < 62) {
            ordo_term p = ordo_smt_int(s, INT64_C(1) << y.c);
            return ordo_ir_sym(
                ordo_smt_app2(s, op == ORDO_B_SHL ? ORDO_OP_MUL : ORDO_OP_IDIV, tx, p));
        }
        return ordo_ir_sym(ordo_smt_app2(s, op == ORDO_B_SHL ? ORDO_OP_BVSHL
                                       : ordo_type_is_unsigned(t) ? ORDO_OP_BVLSHR : ORDO_OP_BVASHR,
                                    tx, shift_amount(a, t, y, yt)));
    default:
        return ordo_ir_sym(tx); /* not reached: every operator is handled above */
    }
}

/* Does every value of integer type `from` have the same value in `to`? */
static bool int_range_within(ordo_type from, ordo_type to)
{
    if (!to.is_signed)
        return !from.is_signed && from.width <= to.width;
    return from.is_signed ? from.width <= to.width : from.width < to.width;
}

/* Int mode: C's conversion between integer types (values of other types,
 * pointers, keep their number). */
static ordo_ir_val int_convert(const ordo_ir_smt *a, ordo_type to, ordo_ir_val x, ordo_type from)
{
    if (from.kind != ORDO_TY_INT || to.kind != ORDO_TY_INT || int_range_within(from, to))
        return x;
    if (to.width < from.width)
        return ordo_ir_sym(int_modulo(a, to, x.t));
    /* same or wider: a signed value lies at most one period below an
     * unsigned range, an unsigned one at most one above a signed range */
    return ordo_ir_sym(int_shift_into(a, to, x.t, from.is_signed ? BELOW : ABOVE));
}

ordo_ir_val ordo_ir_cast(const ordo_ir_smt *a, ordo_type to, ordo_ir_val x, ordo_type from)
{
    if (to.kind == ORDO_TY_BOOL)
        return x.is_const ? ordo_ir_const(a, to, x.c != 0) : ordo_ir_sym(ordo_ir_truth(a, from, x));
    if (x.is_const)
        return ordo_ir_const(a, to, x.c);
    if (from.kind == ORDO_TY_BOOL)
        return from_bool(a, to, x.t);
    if (!a->bv)
        return int_convert(a, to, x, from);
    if (from.width == to.width)
        return x;
    if (to.width < from.width) /* a narrowed pointer is no pointer any more */
        return ordo_ir_sym(a->s->ops->app(a->s, ORDO_OP_EXTRACT, 1, &x.t, to.width - 1, 0));
    return ordo_ir_sym(a->s->ops->app(a->s,
                                      ordo_type_is_unsigned(from) ? ORDO_OP_ZEXT : ORDO_OP_SEXT, 1,
                                      &x.t, to.width - from.width, 0));
}

void ordo_type_range(ordo_type t, __int128 *lo, __int128 *hi)
{
    if (t.kind == ORDO_TY_BOOL) {
        *lo = 0;
        *hi = 1;
    } else if (t.kind == ORDO_TY_INT && t.is_signed) {
        *lo = -((__int128)1 << (t.width - 1));
        *hi = ((__int128)1 << (t.width - 1)) - 1;
    } else {
        *lo = 0;
        *hi = ((__int128)1 << t.width) - 1;
    }
}

ordo_ir_val ordo_ir_int_fit(const ordo_ir_smt *a, ordo_type t, ordo_ir_val x, __int128 lo,
                            __int128 hi)
{
    if (x.is_const)
        return ordo_ir_const(a, t, x.c);
    __int128 t_lo, t_hi, period = (__int128)1 << t.width;
    ordo_type_range(t, &t_lo, &t_hi);
    if (lo >= t_lo && hi <= t_hi)
        return x;
    if (lo < t_lo - period || hi > t_hi + period)
        return ordo_ir_sym(int_modulo(a, t, x.t));
    return ordo_ir_sym(
        int_shift_into(a, t, x.t, (lo < t_lo ? BELOW : 0) | (hi > t_hi ? ABOVE : 0)));
}

ordo_ir_val ordo_ir_ite(const ordo_ir_smt *a, ordo_type t, ordo_term cond, ordo_ir_val x,
                        ordo_ir_val y)
{
    if (x.is_const && y.is_const && x.c == y.c)
        return x;
    if (!x.is_const && !y.is_const && x.t == y.t)
        return x;
    ordo_ir_val r =
        ordo_ir_sym(ordo_smt_ite(a->s, cond, ordo_ir_term(a, t, x), ordo_ir_term(a, t, y)));
    r.region = x.region == y.region ? x.region : 0;
    r.at_offset = x.at_offset && y.at_offset && x.offset == y.offset;
    r.offset = r.at_offset ? x.offset : 0;
    ordo_ir_join_values(a, &r, x, y);
    return r;
}

ordo_term ordo_ir_in_range(const ordo_ir_smt *a, ordo_type t, ordo_term v)
{
    if (a->bv || t.kind == ORDO_TY_BOOL)
        return ordo_smt_bool(a->s, true);
    ordo_sort is = ordo_smt_int_sort(a->s);
    ordo_term lo, hi;
    if (!ordo_type_is_unsigned(t)) {
        uint64_t half = UINT64_C(1) << (t.width - 1);
        lo = ordo_smt_int(a->s, -(int64_t)(half - 1) - 1);
        hi = ordo_smt_int(a->s, (int64_t)(half - 1));
    } else {
        lo = ordo_smt_int(a->s, 0);
        hi = t.width >= 64 ? a->s->ops->numeral(a->s, "18446744073709551615", is)
                           : ordo_smt_int(a->s, (int64_t)((UINT64_C(1) << t.width) - 1));
    }
    return ordo_smt_app2(a->s, ORDO_OP_AND, ordo_smt_app2(a->s, ORDO_OP_LE, lo, v),
                         ordo_smt_app2(a->s, ORDO_OP_LE, v, hi));
}

bool ordo_ir_model_value(const ordo_ir_smt *a, ordo_type t, ordo_term v, int64_t *out)
{
    ordo_term m = ordo_smt_eval(a->s, v, true);
    if (!m)
        return false;
    if (!a->s->ops->term_to_int64(a->s, m, out)) {
        /* A 64-bit value beyond INT64_MAX (a bit-vector, or an unsigned Int):
         * read it as unsigned. */
        char *text = a->s->ops->term_to_string(a->s, m);
        char *end = NULL;
        unsigned long long u = 0;
        if (text && text[0] == '#' && text[1] == 'x')
            u = strtoull(text + 2, &end, 16);
        else if (text && text[0] == '#' && text[1] == 'b')
            u = strtoull(text + 2, &end, 2);
        else if (text && text[0] >= '0' && text[0] <= '9') /* Int: 2^63 .. 2^64-1 */
            u = strtoull(text, &end, 10);
        bool ok = end && *end == '\0';
        free(text);
        if (!ok)
            return false;
        *out = (int64_t)u;
    }
    *out = ordo_value_wrap(t, *out);
    return true;
}

/* The need of e's own operator (its operands aside). */
static ordo_bv_need operator_bv_need(const ordo_expr *e)
{
    if (e->kind == ORDO_E_UNOP && e->op == ORDO_U_BITNOT)
        return ORDO_BV_REQUIRED;
    if (e->kind == ORDO_E_BINOP && e->type.kind != ORDO_TY_BOOL &&
        (e->op == ORDO_B_AND || e->op == ORDO_B_OR || e->op == ORDO_B_XOR ||
         e->op == ORDO_B_SHL || e->op == ORDO_B_SHR))
        return ORDO_BV_REQUIRED;
    /* a product of two unknowns wraps modulo 2^w: nonlinear in Int, while
     * bit-vectors decide it by bit-blasting */
    if (e->kind == ORDO_E_BINOP && e->op == ORDO_B_MUL && is_unsigned_int(e->type) &&
        e->kid[0]->kind != ORDO_E_CONST && e->kid[1]->kind != ORDO_E_CONST)
        return ORDO_BV_PREFERRED;
    /* a change of signedness at one width: no operation in bit-vectors,
     * a case split on every value in Int (constants are folded) */
    if (e->kind == ORDO_E_CAST && e->kid[0]->kind != ORDO_E_CONST && e->type.kind == ORDO_TY_INT &&
        e->kid[0]->type.kind == ORDO_TY_INT && e->type.width == e->kid[0]->type.width &&
        e->type.is_signed != e->kid[0]->type.is_signed)
        return ORDO_BV_PREFERRED;
    return ORDO_BV_NONE;
}

ordo_bv_need ordo_expr_bv_need(const ordo_expr *e)
{
    if (!e)
        return ORDO_BV_NONE;
    ordo_bv_need need = operator_bv_need(e);
    for (int i = 0; i < 3 && need < ORDO_BV_REQUIRED; i++) {
        ordo_bv_need kid = ordo_expr_bv_need(e->kid[i]);
        if (kid > need)
            need = kid;
    }
    return need;
}

ordo_bv_need ordo_stmt_bv_need(const ordo_stmt *st)
{
    ordo_bv_need need = ORDO_BV_NONE;
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++) {
            ordo_bv_need kid = ordo_stmt_bv_need(st->stmts[i]);
            need = kid > need ? kid : need;
        }
        return need;
    }
    const ordo_expr *es[] = { st->rhs, st->cond, st->addr, st->size,
                              st->has_lhs && st->lhs.is_mem ? st->lhs.addr : NULL };
    for (size_t i = 0; i < sizeof es / sizeof es[0]; i++) {
        ordo_bv_need kid = ordo_expr_bv_need(es[i]);
        need = kid > need ? kid : need;
    }
    for (unsigned i = 0; i < st->n_args; i++) {
        ordo_bv_need kid = ordo_expr_bv_need(st->args[i]);
        need = kid > need ? kid : need;
    }
    return need;
}

ordo_bv_census ordo_program_bv_census(const ordo_program *p)
{
    ordo_bv_census c = { NULL, NULL, 0 };
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++) {
            const ordo_stmt *st = p->procs[f].edges[e].stmt;
            ordo_bv_need need = ordo_stmt_bv_need(st);
            if (need == ORDO_BV_REQUIRED && !c.required)
                c.required = st;
            if (need == ORDO_BV_PREFERRED && !c.n_preferred++)
                c.preferred = st;
        }
    return c;
}

ordo_arith_choice ordo_program_arith_choice(const ordo_program *p)
{
    ordo_bv_census c = ordo_program_bv_census(p);
    if (c.required)
        return (ordo_arith_choice){ .bv = true, .required = true, .why = c.required };
    if (c.n_preferred > ORDO_MAX_INT_CASE_SPLITS)
        return (ordo_arith_choice){ .bv = true, .why = c.preferred };
    return (ordo_arith_choice){ .bv = false };
}

/* e translated with the definedness of its operations apart, in *d
 * (NULL: true; untouched without a->defined). */
static ordo_ir_val expr_apart(const ordo_ir_smt *a, const ordo_expr *e, const ordo_ir_leaves *l,
                              ordo_term *d)
{
    ordo_ir_smt apart = *a;
    *d = NULL;
    apart.defined = a->defined ? d : NULL;
    return ordo_ir_expr(&apart, e, l);
}

/* Conjoins "guard => d" to a->defined (guard negated if NEGATE): an
 * operand evaluated only where guard holds needs to be defined only
 * there. */
static void conjoin_defined_if(const ordo_ir_smt *a, ordo_term guard, bool negate, ordo_term d)
{
    if (!d)
        return;
    if (negate)
        guard = ordo_smt_app1(a->s, ORDO_OP_NOT, guard);
    conjoin_defined(a, ordo_smt_app2(a->s, ORDO_OP_IMPLIES, guard, d));
}

/* && and ||: the right operand is evaluated (and must be defined) only
 * where the left one does not decide. */
static ordo_ir_val logical(const ordo_ir_smt *a, const ordo_expr *e, const ordo_ir_leaves *l)
{
    ordo_ir_val x = ordo_ir_expr(a, e->kid[0], l);
    ordo_term d;
    ordo_ir_val y = expr_apart(a, e->kid[1], l, &d);
    if (d)
        conjoin_defined_if(a, ordo_ir_truth(a, e->kid[0]->type, x), e->op == ORDO_B_LOR, d);
    return ordo_ir_binop(a, (ordo_binop)e->op, e->type, x, e->kid[0]->type, y, e->kid[1]->type);
}

/* c ? x : y: each branch must be defined only where it is taken. */
static ordo_ir_val conditional(const ordo_ir_smt *a, const ordo_expr *e, const ordo_ir_leaves *l)
{
    ordo_ir_val c = ordo_ir_expr(a, e->kid[0], l);
    ordo_term dx, dy;
    ordo_ir_val x = expr_apart(a, e->kid[1], l, &dx), y = expr_apart(a, e->kid[2], l, &dy);
    if (c.is_const) {
        ordo_term taken = c.c ? dx : dy;
        if (taken)
            conjoin_defined(a, taken);
        return c.c ? x : y;
    }
    ordo_term cond = ordo_ir_truth(a, e->kid[0]->type, c);
    conjoin_defined_if(a, cond, false, dx);
    conjoin_defined_if(a, cond, true, dy);
    return ordo_ir_ite(a, e->type, cond, x, y);
}

ordo_ir_val ordo_ir_expr(const ordo_ir_smt *a, const ordo_expr *e, const ordo_ir_leaves *l)
{
    switch (e->kind) {
    case ORDO_E_CONST:
        return l->constant ? l->constant(l->ud, e) : ordo_ir_const(a, e->type, e->value);
    case ORDO_E_VAR:
        return l->var(l->ud, e);
    case ORDO_E_LOAD:
        return l->load(l->ud, e, ordo_ir_expr(a, e->kid[0], l));
    case ORDO_E_UNOP:
        return ordo_ir_unop(a, (ordo_unop)e->op, e->type, ordo_ir_expr(a, e->kid[0], l),
                            e->kid[0]->type);
    case ORDO_E_BINOP: {
        if (e->op == ORDO_B_LAND || e->op == ORDO_B_LOR)
            return logical(a, e, l);
        ordo_ir_val x = ordo_ir_expr(a, e->kid[0], l), y = ordo_ir_expr(a, e->kid[1], l);
        return ordo_ir_binop(a, (ordo_binop)e->op, e->type, x, e->kid[0]->type, y,
                             e->kid[1]->type);
    }
    case ORDO_E_ITE:
        return conditional(a, e, l);
    case ORDO_E_CAST:
        return ordo_ir_cast(a, e->type, ordo_ir_expr(a, e->kid[0], l), e->kid[0]->type);
    }
    return ordo_ir_const(a, e->type, 0); /* not reached: every kind is handled above */
}
