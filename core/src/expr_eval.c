/* The C evaluator of IR expressions (expr_eval.h) in the two arithmetics
 * (DESIGN.md, "Semantics"). Bit-vector arithmetic is done in uint64_t so
 * that nothing overflows in C; undefined operations are reported. */
#include <ordo/expr_eval.h>

typedef struct {
    ordo_arith mode;
    const ordo_eval_reader *r;
    const char *why;
} eval_ctx;

int64_t ordo_value_wrap(ordo_type t, int64_t v)
{
    if (t.kind == ORDO_TY_BOOL)
        return v != 0;
    unsigned w = t.width;
    if (w >= 64 || w == 0)
        return v;
    uint64_t mask = (UINT64_C(1) << w) - 1;
    uint64_t bits = (uint64_t)v & mask;
    bool is_signed = t.kind == ORDO_TY_INT && t.is_signed;
    if (is_signed && (bits >> (w - 1)) & 1)
        bits |= ~mask;
    return (int64_t)bits;
}

int64_t ordo_value_convert(ordo_arith mode, ordo_type t, int64_t v)
{
    if (mode == ORDO_ARITH_INT && t.kind != ORDO_TY_BOOL)
        return v;
    return ordo_value_wrap(t, v);
}

bool ordo_type_is_unsigned(ordo_type t)
{
    return t.kind == ORDO_TY_PTR || (t.kind == ORDO_TY_INT && !t.is_signed);
}

/* Mathematical integers: exact, or undefined beyond 64 bits (*out is
 * then untouched). */
static const char *int_arith(ordo_binop op, int64_t a, int64_t b, int64_t *out)
{
    bool overflow = false;
    int64_t v, *r = &v;
    switch (op) {
    case ORDO_B_ADD: overflow = __builtin_add_overflow(a, b, r); break;
    case ORDO_B_SUB: overflow = __builtin_sub_overflow(a, b, r); break;
    case ORDO_B_MUL: overflow = __builtin_mul_overflow(a, b, r); break;
    case ORDO_B_DIV:
    case ORDO_B_REM:
        if (b == 0)
            return "division by zero";
        if (a == INT64_MIN && b == -1) {
            overflow = op == ORDO_B_DIV;
            *r = 0;
        } else {
            *r = op == ORDO_B_DIV ? a / b : a % b;
        }
        break;
    case ORDO_B_SHL:
        if (b < 0 || b >= 63)
            return "shift amount out of range";
        overflow = __builtin_mul_overflow(a, INT64_C(1) << b, r);
        break;
    case ORDO_B_SHR:
        if (b < 0)
            return "shift amount out of range";
        *r = b >= 63 ? (a < 0 ? -1 : 0) : a >> b; /* floor(a / 2^b) */
        break;
    default:
        return "unknown operator";
    }
    if (overflow)
        return "value beyond 64 bits in int arithmetic";
    *out = v;
    return NULL;
}

/* C arithmetic on type t: wrap-around modulo 2^width. */
static const char *bv_arith(ordo_binop op, ordo_type t, ordo_type bt, int64_t a, int64_t b,
                            int64_t *r)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    bool sign = !ordo_type_is_unsigned(t);
    switch (op) {
    case ORDO_B_ADD: *r = ordo_value_wrap(t, (int64_t)(ua + ub)); return NULL;
    case ORDO_B_SUB: *r = ordo_value_wrap(t, (int64_t)(ua - ub)); return NULL;
    case ORDO_B_MUL: *r = ordo_value_wrap(t, (int64_t)(ua * ub)); return NULL;
    case ORDO_B_DIV:
    case ORDO_B_REM:
        if (b == 0)
            return "division by zero";
        if (sign && b == -1) /* INT_MIN / -1 wraps; x % -1 is 0 */
            *r = op == ORDO_B_DIV ? ordo_value_wrap(t, (int64_t)(0 - ua)) : 0;
        else if (sign)
            *r = op == ORDO_B_DIV ? a / b : a % b;
        else
            *r = (int64_t)(op == ORDO_B_DIV ? ua / ub : ua % ub);
        *r = ordo_value_wrap(t, *r);
        return NULL;
    case ORDO_B_SHL:
    case ORDO_B_SHR:
        if ((!ordo_type_is_unsigned(bt) && b < 0) || ub >= t.width)
            return "shift amount out of range";
        if (op == ORDO_B_SHL)
            *r = ordo_value_wrap(t, (int64_t)(ua << ub));
        else
            *r = sign ? (a < 0 ? (int64_t)~(~ua >> ub) : (int64_t)(ua >> ub))
                      : (int64_t)(ua >> ub);
        return NULL;
    default:
        return "unknown operator";
    }
}

static bool compare(ordo_binop op, bool unsig, int64_t a, int64_t b)
{
    bool lt = unsig ? (uint64_t)a < (uint64_t)b : a < b;
    bool gt = unsig ? (uint64_t)a > (uint64_t)b : a > b;
    switch (op) {
    case ORDO_B_EQ: return a == b;
    case ORDO_B_NE: return a != b;
    case ORDO_B_LT: return lt;
    case ORDO_B_LE: return !gt;
    case ORDO_B_GT: return gt;
    default:        return !lt; /* GE */
    }
}

const char *ordo_eval_binop(ordo_arith mode, ordo_binop op, ordo_type t, ordo_type xt,
                            ordo_type yt, int64_t x, int64_t y, int64_t *out)
{
    switch (op) {
    case ORDO_B_LAND: *out = x != 0 && y != 0; return NULL;
    case ORDO_B_LOR:  *out = x != 0 || y != 0; return NULL;
    case ORDO_B_AND:  *out = ordo_value_convert(mode, t, x & y); return NULL;
    case ORDO_B_OR:   *out = ordo_value_convert(mode, t, x | y); return NULL;
    case ORDO_B_XOR:  *out = ordo_value_convert(mode, t, x ^ y); return NULL;
    case ORDO_B_EQ: case ORDO_B_NE: case ORDO_B_LT:
    case ORDO_B_LE: case ORDO_B_GT: case ORDO_B_GE:
        *out = compare(op, mode == ORDO_ARITH_BV && ordo_type_is_unsigned(xt), x, y);
        return NULL;
    default:
        if (mode == ORDO_ARITH_INT)
            return int_arith(op, x, y, out);
        return bv_arith(op, t, yt, x, y, out);
    }
}

const char *ordo_eval_unop(ordo_arith mode, ordo_unop op, ordo_type t, int64_t x, int64_t *out)
{
    switch (op) {
    case ORDO_U_LNOT:
        *out = x == 0;
        return NULL;
    case ORDO_U_BITNOT:
        *out = ordo_value_convert(mode, t, (int64_t)~(uint64_t)x);
        return NULL;
    default: /* NEG */
        if (mode == ORDO_ARITH_INT && x == INT64_MIN)
            return "value beyond 64 bits in int arithmetic";
        *out = ordo_value_convert(mode, t, (int64_t)(0 - (uint64_t)x));
        return NULL;
    }
}

static ordo_eval_status undefined(eval_ctx *c, const char *why)
{
    c->why = why;
    return ORDO_EVAL_UNDEFINED;
}

static ordo_eval_status eval(eval_ctx *c, const ordo_expr *e, int64_t *out);

static ordo_eval_status binop(eval_ctx *c, const ordo_expr *e, int64_t *out)
{
    int64_t a, b;
    ordo_eval_status st = eval(c, e->kid[0], &a);
    if (st)
        return st;
    if (e->op == ORDO_B_LAND || e->op == ORDO_B_LOR) { /* short circuit */
        if ((e->op == ORDO_B_LAND) != (a != 0)) {
            *out = a != 0;
            return ORDO_EVAL_OK;
        }
        if ((st = eval(c, e->kid[1], &b)))
            return st;
        *out = b != 0;
        return ORDO_EVAL_OK;
    }
    if ((st = eval(c, e->kid[1], &b)))
        return st;
    const char *why = ordo_eval_binop(c->mode, (ordo_binop)e->op, e->type, e->kid[0]->type,
                                      e->kid[1]->type, a, b, out);
    return why ? undefined(c, why) : ORDO_EVAL_OK;
}

static ordo_eval_status unop(eval_ctx *c, const ordo_expr *e, int64_t *out)
{
    int64_t a;
    ordo_eval_status st = eval(c, e->kid[0], &a);
    if (st)
        return st;
    const char *why = ordo_eval_unop(c->mode, (ordo_unop)e->op, e->type, a, out);
    return why ? undefined(c, why) : ORDO_EVAL_OK;
}

static ordo_eval_status read(eval_ctx *c, const ordo_expr *e, int64_t *out)
{
    ordo_eval_status st;
    if (e->kind == ORDO_E_VAR)
        return c->r->read_var(c->r->ctx, e->var, out, &c->why);
    int64_t addr;
    if ((st = eval(c, e->kid[0], &addr)))
        return st;
    if ((st = c->r->read_cell(c->r->ctx, (uint64_t)addr, out, &c->why)))
        return st;
    *out = ordo_value_convert(c->mode, e->type, *out);
    return ORDO_EVAL_OK;
}

static ordo_eval_status eval(eval_ctx *c, const ordo_expr *e, int64_t *out)
{
    ordo_eval_status st;
    int64_t a;
    switch (e->kind) {
    case ORDO_E_CONST:
        *out = ordo_value_convert(c->mode, e->type, e->value);
        return ORDO_EVAL_OK;
    case ORDO_E_VAR:
    case ORDO_E_LOAD:
        return read(c, e, out);
    case ORDO_E_UNOP:
        return unop(c, e, out);
    case ORDO_E_BINOP:
        return binop(c, e, out);
    case ORDO_E_ITE:
        if ((st = eval(c, e->kid[0], &a)))
            return st;
        return eval(c, e->kid[a ? 1 : 2], out);
    case ORDO_E_CAST:
        if ((st = eval(c, e->kid[0], &a)))
            return st;
        *out = ordo_value_convert(c->mode, e->type, a);
        return ORDO_EVAL_OK;
    }
    return undefined(c, "unknown expression");
}

ordo_eval_status ordo_expr_eval(ordo_arith mode, const ordo_expr *e, const ordo_eval_reader *r,
                                int64_t *out, const char **why)
{
    eval_ctx c = { .mode = mode, .r = r };
    ordo_eval_status st = eval(&c, e, out);
    if (st == ORDO_EVAL_UNDEFINED && why)
        *why = c.why;
    return st;
}
