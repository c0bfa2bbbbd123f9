/* IR expressions as SMT terms (smt_expr.h). */
#include <ordo/expr_eval.h>
#include <ordo/smt_expr.h>

static bool is_bv(const ordo_smt_env *env)
{
    return env->mode == ORDO_ARITH_BV;
}

static bool is_unsigned(ordo_type t)
{
    return t.kind == ORDO_TY_PTR || (t.kind == ORDO_TY_INT && !t.is_signed);
}

ordo_sort ordo_smt_sort_of(ordo_smt_env *env, ordo_type t)
{
    if (t.kind == ORDO_TY_BOOL)
        return ordo_smt_bool_sort(env->smt);
    return is_bv(env) ? ordo_smt_bv_sort(env->smt, t.width) : ordo_smt_int_sort(env->smt);
}

ordo_sort ordo_smt_mem_sort(ordo_smt_env *env)
{
    ordo_sort s = is_bv(env) ? ordo_smt_bv_sort(env->smt, 64) : ordo_smt_int_sort(env->smt);
    return ordo_smt_array_sort(env->smt, s, s);
}

ordo_term ordo_smt_const(ordo_smt_env *env, ordo_type t, int64_t v)
{
    v = ordo_value_convert(env->mode, t, v);
    if (t.kind == ORDO_TY_BOOL)
        return ordo_smt_bool(env->smt, v != 0);
    return is_bv(env) ? ordo_smt_bv(env->smt, (uint64_t)v, t.width) : ordo_smt_int(env->smt, v);
}

static ordo_term zero(ordo_smt_env *env, ordo_type t)
{
    return ordo_smt_const(env, t, 0);
}

ordo_term ordo_smt_truth(ordo_smt_env *env, ordo_term v, ordo_type t)
{
    if (t.kind == ORDO_TY_BOOL)
        return v;
    return ordo_smt_app1(env->smt, ORDO_OP_NOT,
                         ordo_smt_app2(env->smt, ORDO_OP_EQ, v, zero(env, t)));
}

/* A bit-vector of width `from` resized to `to`, extended by its sign or
 * with zeros. */
static ordo_term resize(ordo_smt_env *env, ordo_term v, unsigned from, unsigned to, bool sign)
{
    if (to > from)
        return ordo_smt_app_indexed(env->smt, sign ? ORDO_OP_SEXT : ORDO_OP_ZEXT, v, to - from, 0);
    if (to < from)
        return ordo_smt_app_indexed(env->smt, ORDO_OP_EXTRACT, v, to - 1, 0);
    return v;
}

ordo_term ordo_smt_convert(ordo_smt_env *env, ordo_term v, ordo_type from, ordo_type to)
{
    if (to.kind == ORDO_TY_BOOL)
        return ordo_smt_truth(env, v, from);
    if (from.kind == ORDO_TY_BOOL)
        return ordo_smt_ite(env->smt, v, ordo_smt_const(env, to, 1), zero(env, to));
    if (!is_bv(env))
        return v;
    return resize(env, v, from.width, to.width, !is_unsigned(from));
}

ordo_term ordo_smt_cell_index(ordo_smt_env *env, ordo_term addr, ordo_type t)
{
    ordo_type cell = { .kind = ORDO_TY_INT, .width = 64, .is_signed = false };
    return ordo_smt_convert(env, addr, t, cell);
}

ordo_term ordo_smt_to_cell(ordo_smt_env *env, ordo_term v, ordo_type t)
{
    ordo_type cell = { .kind = ORDO_TY_INT, .width = 64, .is_signed = true };
    return ordo_smt_convert(env, v, t, cell);
}

ordo_term ordo_smt_from_cell(ordo_smt_env *env, ordo_term c, ordo_type t)
{
    ordo_type cell = { .kind = ORDO_TY_INT, .width = 64, .is_signed = true };
    return ordo_smt_convert(env, c, cell, t);
}

bool ordo_smt_value_of(ordo_smt_env *env, ordo_term c, ordo_type t, int64_t *out)
{
    int64_t v;
    if (!c || !ordo_smt_to_int64(env->smt, c, &v))
        return false;
    *out = ordo_value_convert(env->mode, t, v);
    return true;
}

/* ---- expressions ------------------------------------------------------- */

static ordo_term tr(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined);

static ordo_term fail(ordo_smt_env *env, const char *why)
{
    if (!env->error)
        env->error = why;
    return NULL;
}

static void conjoin(ordo_smt_env *env, ordo_term *defined, ordo_term c)
{
    *defined = *defined ? ordo_smt_app2(env->smt, ORDO_OP_AND, *defined, c) : c;
}

static ordo_term true_or(ordo_smt_env *env, ordo_term d)
{
    return d ? d : ordo_smt_bool(env->smt, true);
}

/* C's truncating division and remainder on Int. */
static ordo_term int_division(ordo_smt_env *env, int op, ordo_term a, ordo_term b)
{
    ordo_smt *s = env->smt;
    ordo_term z = ordo_smt_int(s, 0);
    ordo_term a_neg = ordo_smt_app2(s, ORDO_OP_LT, a, z), b_neg = ordo_smt_app2(s, ORDO_OP_LT, b, z);
    ordo_term abs_a = ordo_smt_ite(s, a_neg, ordo_smt_app1(s, ORDO_OP_NEG, a), a);
    ordo_term abs_b = ordo_smt_ite(s, b_neg, ordo_smt_app1(s, ORDO_OP_NEG, b), b);
    ordo_term q = ordo_smt_app2(s, ORDO_OP_IDIV, abs_a, abs_b);
    q = ordo_smt_ite(s, ordo_smt_app2(s, ORDO_OP_XOR, a_neg, b_neg),
                     ordo_smt_app1(s, ORDO_OP_NEG, q), q);
    if (op == ORDO_B_DIV)
        return q;
    return ordo_smt_app2(s, ORDO_OP_SUB, a, ordo_smt_app2(s, ORDO_OP_MUL, b, q));
}

static ordo_term arith(ordo_smt_env *env, const ordo_expr *e, ordo_term a, ordo_term b,
                       ordo_term *defined)
{
    ordo_smt *s = env->smt;
    bool bv = is_bv(env), uns = is_unsigned(e->type);
    ordo_type bt = e->kid[1]->type;
    switch (e->op) {
    case ORDO_B_ADD: return ordo_smt_app2(s, bv ? ORDO_OP_BVADD : ORDO_OP_ADD, a, b);
    case ORDO_B_SUB: return ordo_smt_app2(s, bv ? ORDO_OP_BVSUB : ORDO_OP_SUB, a, b);
    case ORDO_B_MUL: return ordo_smt_app2(s, bv ? ORDO_OP_BVMUL : ORDO_OP_MUL, a, b);
    case ORDO_B_DIV:
    case ORDO_B_REM:
        conjoin(env, defined, ordo_smt_truth(env, b, bt));
        if (!bv)
            return int_division(env, e->op, a, b);
        if (e->op == ORDO_B_DIV)
            return ordo_smt_app2(s, uns ? ORDO_OP_BVUDIV : ORDO_OP_BVSDIV, a, b);
        return ordo_smt_app2(s, uns ? ORDO_OP_BVUREM : ORDO_OP_BVSREM, a, b);
    case ORDO_B_SHL:
    case ORDO_B_SHR: {
        if (!bv)
            return fail(env, "shift in int arithmetic");
        ordo_term width = ordo_smt_bv(s, e->type.width, bt.width);
        conjoin(env, defined, ordo_smt_app2(s, ORDO_OP_BVULT, b, width));
        if (!is_unsigned(bt))
            conjoin(env, defined, ordo_smt_app2(s, ORDO_OP_BVSGE, b, zero(env, bt)));
        b = resize(env, b, bt.width, e->type.width, false);
        if (e->op == ORDO_B_SHL)
            return ordo_smt_app2(s, ORDO_OP_BVSHL, a, b);
        return ordo_smt_app2(s, uns ? ORDO_OP_BVLSHR : ORDO_OP_BVASHR, a, b);
    }
    default:
        return fail(env, "unknown operator");
    }
}

static ordo_term bitwise(ordo_smt_env *env, const ordo_expr *e, ordo_term a, ordo_term b)
{
    static const ordo_smt_op bool_ops[] = { ORDO_OP_AND, ORDO_OP_OR, ORDO_OP_XOR };
    static const ordo_smt_op bv_ops[] = { ORDO_OP_BVAND, ORDO_OP_BVOR, ORDO_OP_BVXOR };
    unsigned i = e->op == ORDO_B_AND ? 0 : e->op == ORDO_B_OR ? 1 : 2;
    if (e->type.kind == ORDO_TY_BOOL)
        return ordo_smt_app2(env->smt, bool_ops[i], a, b);
    if (!is_bv(env))
        return fail(env, "bit-wise operator in int arithmetic");
    return ordo_smt_app2(env->smt, bv_ops[i], a, b);
}

static ordo_term comparison(ordo_smt_env *env, const ordo_expr *e, ordo_term a, ordo_term b)
{
    static const ordo_smt_op int_ops[] = { ORDO_OP_LT, ORDO_OP_LE, ORDO_OP_GT, ORDO_OP_GE };
    static const ordo_smt_op sbv_ops[] = { ORDO_OP_BVSLT, ORDO_OP_BVSLE, ORDO_OP_BVSGT,
                                           ORDO_OP_BVSGE };
    static const ordo_smt_op ubv_ops[] = { ORDO_OP_BVULT, ORDO_OP_BVULE, ORDO_OP_BVUGT,
                                           ORDO_OP_BVUGE };
    ordo_smt *s = env->smt;
    ordo_type t = e->kid[0]->type;
    if (e->op == ORDO_B_EQ)
        return ordo_smt_app2(s, ORDO_OP_EQ, a, b);
    if (e->op == ORDO_B_NE)
        return ordo_smt_app1(s, ORDO_OP_NOT, ordo_smt_app2(s, ORDO_OP_EQ, a, b));
    if (t.kind == ORDO_TY_BOOL) { /* compare as 0/1 */
        ordo_type i8 = { .kind = ORDO_TY_INT, .width = 8, .is_signed = true };
        a = ordo_smt_convert(env, a, t, i8);
        b = ordo_smt_convert(env, b, t, i8);
        t = i8;
    }
    unsigned i = (unsigned)(e->op - ORDO_B_LT);
    const ordo_smt_op *ops = !is_bv(env) ? int_ops : is_unsigned(t) ? ubv_ops : sbv_ops;
    return ordo_smt_app2(s, ops[i], a, b);
}

/* LAND / LOR: the right operand is evaluated (and must be defined) only
 * when the left one does not decide. */
static ordo_term logical(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    ordo_smt *s = env->smt;
    ordo_term da = NULL, db = NULL;
    ordo_term a = tr(env, e->kid[0], &da), b = tr(env, e->kid[1], &db);
    if (!a || !b)
        return NULL;
    a = ordo_smt_truth(env, a, e->kid[0]->type);
    b = ordo_smt_truth(env, b, e->kid[1]->type);
    bool is_and = e->op == ORDO_B_LAND;
    if (da)
        conjoin(env, defined, da);
    if (db)
        conjoin(env, defined, ordo_smt_app2(s, ORDO_OP_IMPLIES,
                                            is_and ? a : ordo_smt_app1(s, ORDO_OP_NOT, a), db));
    return ordo_smt_app2(s, is_and ? ORDO_OP_AND : ORDO_OP_OR, a, b);
}

static ordo_term binop(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    if (e->op == ORDO_B_LAND || e->op == ORDO_B_LOR)
        return logical(env, e, defined);
    ordo_term a = tr(env, e->kid[0], defined), b = tr(env, e->kid[1], defined);
    if (!a || !b)
        return NULL;
    switch (e->op) {
    case ORDO_B_AND: case ORDO_B_OR: case ORDO_B_XOR:
        return bitwise(env, e, a, b);
    case ORDO_B_EQ: case ORDO_B_NE: case ORDO_B_LT:
    case ORDO_B_LE: case ORDO_B_GT: case ORDO_B_GE:
        return comparison(env, e, a, b);
    default:
        return arith(env, e, a, b, defined);
    }
}

static ordo_term unop(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    ordo_term a = tr(env, e->kid[0], defined);
    if (!a)
        return NULL;
    switch (e->op) {
    case ORDO_U_LNOT:
        return ordo_smt_convert(env, ordo_smt_app1(env->smt, ORDO_OP_NOT,
                                                   ordo_smt_truth(env, a, e->kid[0]->type)),
                                (ordo_type){ .kind = ORDO_TY_BOOL, .width = 1 }, e->type);
    case ORDO_U_BITNOT:
        if (!is_bv(env))
            return fail(env, "bit-wise operator in int arithmetic");
        return ordo_smt_app1(env->smt, ORDO_OP_BVNOT, a);
    default:
        return ordo_smt_app1(env->smt, is_bv(env) ? ORDO_OP_BVNEG : ORDO_OP_NEG, a);
    }
}

static ordo_term ite(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    ordo_term d1 = NULL, d2 = NULL;
    ordo_term c = tr(env, e->kid[0], defined);
    ordo_term a = tr(env, e->kid[1], &d1), b = tr(env, e->kid[2], &d2);
    if (!c || !a || !b)
        return NULL;
    c = ordo_smt_truth(env, c, e->kid[0]->type);
    if (d1 || d2)
        conjoin(env, defined, ordo_smt_ite(env->smt, c, true_or(env, d1), true_or(env, d2)));
    return ordo_smt_ite(env->smt, c, a, b);
}

static ordo_term tr(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    ordo_term a;
    switch (e->kind) {
    case ORDO_E_CONST:
        return ordo_smt_const(env, e->type, e->value);
    case ORDO_E_VAR:
        return env->var(env->ctx, e->var);
    case ORDO_E_LOAD:
        if (!(a = tr(env, e->kid[0], defined)))
            return NULL;
        a = ordo_smt_cell_index(env, a, e->kid[0]->type);
        return ordo_smt_from_cell(env, ordo_smt_app2(env->smt, ORDO_OP_SELECT, env->mem, a),
                                  e->type);
    case ORDO_E_UNOP:
        return unop(env, e, defined);
    case ORDO_E_BINOP:
        return binop(env, e, defined);
    case ORDO_E_ITE:
        return ite(env, e, defined);
    case ORDO_E_CAST:
        if (!(a = tr(env, e->kid[0], defined)))
            return NULL;
        return ordo_smt_convert(env, a, e->kid[0]->type, e->type);
    }
    return fail(env, "unknown expression");
}

ordo_term ordo_smt_expr(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined)
{
    ordo_term d = NULL;
    ordo_term t = tr(env, e, &d);
    if (d)
        conjoin(env, defined, d);
    return t;
}
