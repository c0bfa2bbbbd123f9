/*
 * Expressions of the front end. An rvalue lowers to an IR expression over
 * local variables and constants only: every shared read (global variable,
 * memory cell) is emitted first as `tmp := x` / `tmp := mem[a]`, and every
 * side effect (assignment, ++/--, call) as its own statements, in C's
 * left-to-right order. Short-circuit operators and ?: become control flow
 * (their operands may read shared state or have effects). Implicit
 * conversions come from clang's AST (implicit casts), so promotions and
 * the usual arithmetic conversions appear as explicit casts in the IR.
 */
#include <stdio.h>
#include <string.h>

#include <ordo/arena.h>

#include "frontend_internal.h"

static CXType ctype(CXCursor c)
{
    return clang_getCursorType(c);
}

static ordo_type scalar_of(fe *f, CXCursor c)
{
    return fe_scalar(f, ctype(c), c);
}

static ordo_type ptr_type(fe *f)
{
    return ordo_ty_ptr(f->p->data_model);
}

static bool is_pointer(CXType t)
{
    return fe_canon(t).kind == CXType_Pointer;
}

const ordo_expr *fe_addr_const(fe *f, uint64_t a)
{
    return ordo_e_const(f->p, ptr_type(f), (int64_t)a);
}

/* base + idx * scale cells, folded when constant. */
static const ordo_expr *ptr_offset(fe *f, ordo_binop op, const ordo_expr *base,
                                   const ordo_expr *idx, uint64_t scale)
{
    ordo_type pt = ptr_type(f);
    const ordo_expr *off = fe_convert(f, idx, pt);
    if (scale != 1)
        off = off->kind == ORDO_E_CONST
                  ? fe_int(f, pt, (int64_t)((uint64_t)off->value * scale))
                  : ordo_e_binop(f->p, ORDO_B_MUL, pt, off, fe_int(f, pt, (int64_t)scale));
    if (off->kind == ORDO_E_CONST && off->value == 0)
        return fe_convert(f, base, pt);
    if (off->kind == ORDO_E_CONST && op == ORDO_B_ADD && base->kind == ORDO_E_BINOP &&
        base->op == ORDO_B_ADD && base->kid[1]->kind == ORDO_E_CONST) /* (q + 1) + 2 */
        return ptr_offset(f, op, base->kid[0], fe_int(f, pt, base->kid[1]->value + off->value), 1);
    if (off->kind == ORDO_E_CONST && base->kind == ORDO_E_CONST)
        return fe_convert(f, fe_int(f, ordo_ty_int(64, false),
                                    op == ORDO_B_ADD ? base->value + off->value
                                                     : base->value - off->value), pt);
    return ordo_e_binop(f->p, op, pt, fe_convert(f, base, pt), off);
}

static enum CXChildVisitResult keep_last(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Continue;
}

static CXCursor last_child(CXCursor c)
{
    CXCursor last = clang_getNullCursor();
    clang_visitChildren(c, keep_last, &last);
    return last;
}

static const ordo_expr *value_of(fe *f, CXCursor c)
{
    const ordo_expr *e = fe_rvalue(f, c);
    if (!e)
        fe_unsupported(f, c, "use of a value of aggregate or void type");
    return e;
}

/* ---- places ------------------------------------------------------------- */

static fe_place mem_place(const ordo_expr *addr, CXType t)
{
    return (fe_place){ .is_mem = true, .addr = addr, .ctype = t };
}

static fe_place decl_place(fe *f, CXCursor ref, CXCursor at)
{
    const fe_var_info *vi = fe_var(f, ref, at);
    CXType t = ctype(at); /* a parameter declared int v[] is used as int * */
    switch (vi->kind) {
    case FE_VAR_SCALAR:
        return (fe_place){ .var = vi->var, .ctype = t };
    case FE_VAR_OBJECT:
        return mem_place(fe_addr_const(f, f->p->objects[vi->object].base), t);
    default:
        return mem_place(ordo_e_var(f->p, vi->var), t);
    }
}

fe_place fe_lvalue(fe *f, CXCursor c)
{
    CXCursor kid[2];
    unsigned n = fe_children(c, kid, 2);
    bool postfix;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ParenExpr:
        return fe_lvalue(f, kid[0]);
    case CXCursor_UnexposedExpr:
        if (n == 1 && clang_equalTypes(fe_canon(ctype(c)), fe_canon(ctype(kid[0]))))
            return fe_lvalue(f, kid[0]);
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind k = clang_getCursorKind(ref);
        if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
            return decl_place(f, ref, c);
        break;
    }
    case CXCursor_UnaryOperator: {
        const char *op = fe_unop_token(f, c, &postfix);
        if (!strcmp(op, "*"))
            return mem_place(value_of(f, kid[0]), ctype(c));
        if (!strcmp(op, "__extension__"))
            return fe_lvalue(f, kid[0]);
        break;
    }
    case CXCursor_ArraySubscriptExpr: {
        bool first_is_base = fe_is_scalar(ctype(kid[1])) && !is_pointer(ctype(kid[1]));
        const ordo_expr *base = value_of(f, kid[first_is_base ? 0 : 1]);
        const ordo_expr *idx = value_of(f, kid[first_is_base ? 1 : 0]);
        return mem_place(ptr_offset(f, ORDO_B_ADD, base, idx, fe_cells(f, ctype(c), c)), ctype(c));
    }
    case CXCursor_MemberRefExpr: {
        CXCursor field = clang_getCursorReferenced(c);
        CXType bt = ctype(kid[0]);
        const ordo_expr *base;
        CXType rec;
        if (is_pointer(bt)) {
            base = value_of(f, kid[0]);
            rec = clang_getPointeeType(fe_canon(bt));
        } else {
            fe_place pl = fe_lvalue(f, kid[0]);
            if (!pl.is_mem)
                fe_unsupported(f, c, "member of a non-memory value");
            base = pl.addr;
            rec = bt;
        }
        uint64_t off = fe_field_offset(f, rec, field, c);
        return mem_place(ptr_offset(f, ORDO_B_ADD, base, fe_int(f, ptr_type(f), (int64_t)off), 1),
                         ctype(c));
    }
    default:
        break;
    }
    fe_unsupported(f, c, "lvalue expression");
}

fe_place fe_deref_place(fe *f, CXCursor ptr)
{
    CXCursor s = fe_strip(ptr);
    CXCursor kid[1];
    bool postfix;
    if (clang_getCursorKind(s) == CXCursor_UnaryOperator && fe_children(s, kid, 1) == 1 &&
        !strcmp(fe_unop_token(f, s, &postfix), "&"))
        return fe_lvalue(f, kid[0]);
    return mem_place(value_of(f, ptr), clang_getPointeeType(fe_canon(ctype(ptr))));
}

const ordo_expr *fe_read(fe *f, fe_place pl, CXCursor at)
{
    if (pl.is_mem) {
        if (!fe_is_scalar(pl.ctype) && !fe_is_opaque(pl.ctype))
            fe_unsupported(f, at, "use of an aggregate as a value");
        return fe_copy(f, ordo_e_load(f->p, fe_scalar(f, pl.ctype, at), pl.addr));
    }
    const ordo_expr *v = ordo_e_var(f->p, pl.var);
    const ordo_var *var = &f->p->vars[pl.var];
    /* a global read is a statement of its own (one shared access per
     * statement); a thread-local one too, as a later call may change it */
    return var->is_global || var->is_thread_local ? fe_copy(f, v) : v;
}

void fe_store(fe *f, fe_place pl, const ordo_expr *v, CXCursor at)
{
    ordo_lvalue lv = pl.is_mem ? ordo_lv_mem(fe_scalar(f, pl.ctype, at), pl.addr)
                               : ordo_lv_var(f->p, pl.var);
    fe_emit(f, ordo_s_assign(f->p, lv, fe_convert(f, v, lv.type)));
}

static const ordo_expr *cell_addr(fe *f, const ordo_expr *base, uint64_t i)
{
    return ptr_offset(f, ORDO_B_ADD, base, fe_int(f, ptr_type(f), (int64_t)i), 1);
}

/* Aggregate assignment: cell by cell, each copy through a temporary. */
static void copy_cells(fe *f, fe_place dst, fe_place src, CXCursor at)
{
    if (!dst.is_mem || !src.is_mem)
        fe_unsupported(f, at, "aggregate copy");
    uint64_t n = fe_cells(f, dst.ctype, at);
    for (uint64_t i = 0; i < n; i++) {
        ordo_type ct = fe_cell_type(f, dst.ctype, i, at);
        const ordo_expr *v = fe_copy(f, ordo_e_load(f->p, ct, cell_addr(f, src.addr, i)));
        fe_emit(f, ordo_s_assign(f->p, ordo_lv_mem(ct, cell_addr(f, dst.addr, i)), v));
    }
}

static bool is_aggregate(CXType t)
{
    return !fe_is_scalar(t) && !fe_is_void(t);
}

/* ---- initialisation of locals ------------------------------------------- */

typedef struct {
    fe_place whole;
    bool zeroed;    /* fresh ALLOC: cells are already 0 */
} init_ctx;

static void init_cell(fe *f, void *ctx, uint64_t offset, CXType t, ordo_type ct, CXCursor value,
                      int64_t k)
{
    init_ctx *ic = ctx;
    if (!ic->whole.is_mem) {
        fe_store(f, ic->whole, clang_Cursor_isNull(value) ? fe_int(f, ct, k) : value_of(f, value),
                 value);
        return;
    }
    const ordo_expr *a = cell_addr(f, ic->whole.addr, offset);
    if (clang_Cursor_isNull(value)) {
        if (!k && ic->zeroed)
            return;
        fe_emit(f, ordo_s_assign(f->p, ordo_lv_mem(ct, a), fe_int(f, ct, k)));
    } else if (is_aggregate(t) && !fe_is_opaque(t)) {
        copy_cells(f, mem_place(a, t), fe_lvalue(f, value), value);
    } else {
        fe_store(f, mem_place(a, t), value_of(f, value), value);
    }
}

void fe_init_place(fe *f, fe_place pl, CXCursor init, bool zeroed)
{
    init_ctx ic = { pl, zeroed };
    fe_walk_init(f, pl.ctype, 0, init, init_cell, &ic);
}

/* ---- operators ------------------------------------------------------------ */

static bool binop_of(const char *tok, ordo_binop *op)
{
    static const struct { const char *tok; ordo_binop op; } table[] = {
        { "+", ORDO_B_ADD }, { "-", ORDO_B_SUB }, { "*", ORDO_B_MUL }, { "/", ORDO_B_DIV },
        { "%", ORDO_B_REM }, { "<<", ORDO_B_SHL }, { ">>", ORDO_B_SHR }, { "&", ORDO_B_AND },
        { "|", ORDO_B_OR }, { "^", ORDO_B_XOR }, { "==", ORDO_B_EQ }, { "!=", ORDO_B_NE },
        { "<", ORDO_B_LT }, { "<=", ORDO_B_LE }, { ">", ORDO_B_GT }, { ">=", ORDO_B_GE },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(tok, table[i].tok)) {
            *op = table[i].op;
            return true;
        }
    return false;
}

static bool is_comparison(ordo_binop op)
{
    return op >= ORDO_B_EQ && op <= ORDO_B_GE;
}

static bool is_shift(ordo_binop op)
{
    return op == ORDO_B_SHL || op == ORDO_B_SHR;
}

/* a OP b in C type `result`, operands already of clang's converted types. */
static const ordo_expr *arith(fe *f, ordo_binop op, CXType result, const ordo_expr *a,
                              CXType at, const ordo_expr *b, CXType bt, CXCursor where)
{
    bool pa = is_pointer(at), pb = is_pointer(bt);
    if ((op == ORDO_B_ADD || op == ORDO_B_SUB) && (pa || pb) && !is_comparison(op)) {
        if (pa && pb) { /* pointer difference, in elements */
            ordo_type st = ordo_ty_int(ptr_type(f).width, true);
            const ordo_expr *d = ordo_e_binop(f->p, ORDO_B_SUB, st, fe_convert(f, a, st),
                                              fe_convert(f, b, st));
            uint64_t k = fe_pointee_cells(f, at, where);
            if (k != 1)
                d = ordo_e_binop(f->p, ORDO_B_DIV, st, d, fe_int(f, st, (int64_t)k));
            return fe_convert(f, d, fe_scalar(f, result, where));
        }
        if (pa)
            return ptr_offset(f, op, a, b, fe_pointee_cells(f, at, where));
        return ptr_offset(f, op, b, a, fe_pointee_cells(f, bt, where));
    }
    ordo_type rt = fe_scalar(f, result, where);
    if (is_comparison(op)) {
        if (a->type.kind == ORDO_TY_INT && b->type.kind == ORDO_TY_INT) {
            ordo_type ct = fe_common(a->type, b->type);
            a = fe_convert(f, a, ct);
            b = fe_convert(f, b, ct);
        } else {
            b = fe_convert(f, b, a->type);
        }
        return fe_convert(f, ordo_e_binop(f->p, op, ordo_ty_bool(), a, b), rt);
    }
    if (is_shift(op))
        return ordo_e_binop(f->p, op, rt, fe_convert(f, a, rt), fe_convert(f, b, fe_promote(b->type)));
    return ordo_e_binop(f->p, op, rt, fe_convert(f, a, rt), fe_convert(f, b, rt));
}

/* c as an expression that needs no statement (locals and constants
 * only, no effect), or NULL with nothing emitted: what a trial lowering
 * emitted is rolled back. */
static const ordo_expr *pure_value(fe *f, CXCursor c)
{
    ordo_program *p = f->p;
    unsigned edges = p->procs[f->proc].n_edges, cur = f->cur, vars = p->n_vars,
             objects = p->n_objects, infos = f->n_infos, temps = f->n_temps;
    const ordo_expr *e = fe_rvalue(f, c);
    if (e && p->procs[f->proc].n_edges == edges && f->cur == cur)
        return e;
    p->procs[f->proc].n_edges = edges; /* the locations left behind get pruned */
    f->cur = cur;
    if (p->n_objects == objects && f->n_infos == infos) { /* only temporaries were added */
        p->n_vars = vars;
        f->n_temps = temps;
    }
    return NULL;
}

/* `a && b`, `a || b` as a value: one expression when both operands are
 * pure, else `r := 1` / `r := 0` through branches. */
static const ordo_expr *logic_value(fe *f, CXCursor c, bool is_and)
{
    ordo_type rt = scalar_of(f, c);
    CXCursor kid[2];
    fe_children(c, kid, 2);
    const ordo_expr *a = pure_value(f, kid[0]), *b = a ? pure_value(f, kid[1]) : NULL;
    if (b)
        return fe_convert(f, ordo_e_binop(f->p, is_and ? ORDO_B_LAND : ORDO_B_LOR, ordo_ty_bool(),
                                          fe_to_bool(f, a), fe_to_bool(f, b)), rt);
    unsigned r = fe_temp(f, rt);
    unsigned tl = fe_new_loc(f), fl = fe_new_loc(f), end = fe_new_loc(f);
    fe_branch(f, c, tl, fl);
    f->cur = tl;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, rt, 1)));
    fe_goto(f, end);
    f->cur = fl;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, rt, 0)));
    fe_goto(f, end);
    f->cur = end;
    return ordo_e_var(f->p, r);
}

static const ordo_expr *assign(fe *f, CXCursor c, CXCursor lhs, CXCursor rhs)
{
    fe_place pl = fe_lvalue(f, lhs);
    if (is_aggregate(pl.ctype) && !fe_is_opaque(pl.ctype)) {
        copy_cells(f, pl, fe_lvalue(f, rhs), c);
        return NULL;
    }
    const ordo_expr *v = fe_convert(f, value_of(f, rhs), fe_scalar(f, pl.ctype, c));
    fe_store(f, pl, v, c);
    return v;
}

/* x op= y; want: the value is used (a local x changes, so it is copied). */
static const ordo_expr *compound_assign(fe *f, CXCursor c, CXCursor lhs, CXCursor rhs,
                                        const char *tok, bool want)
{
    char op_tok[4] = { 0 };
    size_t len = strlen(tok);
    ordo_binop op;
    if (len < 2 || len > 3 || tok[len - 1] != '=')
        fe_unsupported(f, c, "compound assignment '%s'", tok);
    memcpy(op_tok, tok, len - 1);
    if (!binop_of(op_tok, &op))
        fe_unsupported(f, c, "compound assignment '%s'", tok);
    fe_place pl = fe_lvalue(f, lhs);
    const ordo_expr *b = value_of(f, rhs);
    bool atomic = fe_is_atomic(pl.ctype);
    if (atomic) /* C11 6.5.16.2: one atomic read-modify-write */
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    const ordo_expr *old = fe_read(f, pl, c);
    ordo_type lt = fe_scalar(f, pl.ctype, c);
    const ordo_expr *r;
    if (is_pointer(pl.ctype))
        r = ptr_offset(f, op, old, b, fe_pointee_cells(f, pl.ctype, c));
    else {
        ordo_type ct = is_shift(op) ? fe_promote(old->type) : fe_common(old->type, b->type);
        r = ordo_e_binop(f->p, op, ct, fe_convert(f, old, ct),
                         fe_convert(f, b, is_shift(op) ? fe_promote(b->type) : ct));
    }
    r = fe_convert(f, r, lt);
    if (want && !pl.is_mem && !f->p->vars[pl.var].is_global)
        r = fe_copy(f, r); /* the variable changes below */
    fe_store(f, pl, r, c);
    if (atomic)
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
    return r;
}

static const ordo_expr *binary(fe *f, CXCursor c)
{
    CXCursor kid[2];
    fe_children(c, kid, 2);
    const char *tok = fe_binop_token(f, c);
    if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator)
        return compound_assign(f, c, kid[0], kid[1], tok, true);
    if (!strcmp(tok, "="))
        return assign(f, c, kid[0], kid[1]);
    if (!strcmp(tok, ",")) {
        fe_effect(f, kid[0]);
        return fe_rvalue(f, kid[1]);
    }
    if (!strcmp(tok, "&&") || !strcmp(tok, "||"))
        return logic_value(f, c, tok[0] == '&');
    ordo_binop op;
    if (!binop_of(tok, &op))
        fe_unsupported(f, c, "binary operator '%s'", tok);
    const ordo_expr *a = value_of(f, kid[0]);
    const ordo_expr *b = value_of(f, kid[1]);
    return arith(f, op, ctype(c), a, ctype(kid[0]), b, ctype(kid[1]), c);
}

/* ++x, x++, --x, x--; want: the value is used (a local x changes, so the
 * value is copied first; a statement `i++;` stays `i := i + 1`, the form
 * the unrolling pass counts loops by). */
static const ordo_expr *increment(fe *f, CXCursor c, CXCursor x, bool up, bool postfix, bool want)
{
    fe_place pl = fe_lvalue(f, x);
    bool atomic = fe_is_atomic(pl.ctype);
    if (atomic) /* C11 6.5.2.4: one atomic read-modify-write */
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    const ordo_expr *old = fe_read(f, pl, c);
    bool local = !pl.is_mem && !f->p->vars[pl.var].is_global;
    if (want && postfix && local)
        old = fe_copy(f, old); /* the variable changes below */
    ordo_type lt = fe_scalar(f, pl.ctype, c);
    const ordo_expr *r;
    if (is_pointer(pl.ctype)) {
        r = ptr_offset(f, up ? ORDO_B_ADD : ORDO_B_SUB, old, fe_int(f, lt, 1),
                       fe_pointee_cells(f, pl.ctype, c));
    } else {
        ordo_type pt = fe_promote(lt);
        r = fe_convert(f, ordo_e_binop(f->p, up ? ORDO_B_ADD : ORDO_B_SUB, pt,
                                       fe_convert(f, old, pt), fe_int(f, pt, 1)), lt);
    }
    if (want && !postfix && local)
        r = fe_copy(f, r);
    fe_store(f, pl, r, c);
    if (atomic)
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
    return postfix ? old : r;
}

const ordo_expr *fe_function_value(fe *f, CXCursor c)
{
    CXCursor s = fe_strip(c), kid[2];
    unsigned n = fe_children(s, kid, 2);
    enum CXCursorKind k = clang_getCursorKind(s);
    bool postfix;
    if (k == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(s)) == CXCursor_FunctionDecl) {
        unsigned proc = fe_proc_of(f, clang_getCursorReferenced(s));
        if (proc == ~0u)
            fe_unsupported(f, c, "pointer to '%s', which has no definition",
                           fe_spelling(f, clang_getCursorReferenced(s)));
        return fe_fn_value(f, proc);
    }
    if (k == CXCursor_UnaryOperator && n == 1) {
        const char *op = fe_unop_token(f, s, &postfix);
        if (!strcmp(op, "&"))
            return fe_function_value(f, kid[0]);
        if (!strcmp(op, "*")) /* *fp designates the function fp points to */
            return value_of(f, kid[0]);
    }
    if ((k == CXCursor_CStyleCastExpr || k == CXCursor_UnexposedExpr) && n >= 1)
        return fe_function_value(f, last_child(s));
    return NULL;
}

static const ordo_expr *function_value(fe *f, CXCursor c)
{
    const ordo_expr *v = fe_function_value(f, c);
    if (!v)
        fe_unsupported(f, c, "function designator");
    return v;
}

static bool is_function_type(CXType t)
{
    enum CXTypeKind k = fe_canon(t).kind;
    return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
}

static const ordo_expr *address_of(fe *f, CXCursor c, CXCursor x)
{
    if (is_function_type(ctype(x)))
        return function_value(f, x);
    fe_place pl = fe_lvalue(f, x);
    if (!pl.is_mem)
        fe_unsupported(f, c, "address of a variable not in memory");
    return fe_convert(f, pl.addr, ptr_type(f));
}

static const ordo_expr *unary(fe *f, CXCursor c)
{
    CXCursor kid[1];
    fe_children(c, kid, 1);
    bool postfix;
    const char *tok = fe_unop_token(f, c, &postfix);
    if (!strcmp(tok, "++") || !strcmp(tok, "--"))
        return increment(f, c, kid[0], tok[0] == '+', postfix, true);
    if (!strcmp(tok, "&"))
        return address_of(f, c, kid[0]);
    if (!strcmp(tok, "*"))
        return fe_read(f, fe_lvalue(f, c), c);
    if (!strcmp(tok, "__extension__"))
        return fe_rvalue(f, kid[0]);
    const ordo_expr *a = value_of(f, kid[0]);
    ordo_type rt = scalar_of(f, c);
    if (!strcmp(tok, "+"))
        return fe_convert(f, a, rt);
    if (!strcmp(tok, "-"))
        return ordo_e_unop(f->p, ORDO_U_NEG, rt, fe_convert(f, a, rt));
    if (!strcmp(tok, "~"))
        return ordo_e_unop(f->p, ORDO_U_BITNOT, rt, fe_convert(f, a, rt));
    if (!strcmp(tok, "!"))
        return fe_convert(f, ordo_e_unop(f->p, ORDO_U_LNOT, ordo_ty_bool(), fe_to_bool(f, a)), rt);
    fe_unsupported(f, c, "unary operator '%s'", tok);
}

static const ordo_expr *conditional(fe *f, CXCursor c)
{
    CXCursor kid[3];
    if (fe_children(c, kid, 3) != 3)
        fe_unsupported(f, c, "conditional operator");
    bool is_void = fe_is_void(ctype(c));
    unsigned r = 0;
    if (!is_void) {
        if (is_aggregate(ctype(c)))
            fe_unsupported(f, c, "conditional operator of aggregate type");
        const ordo_expr *k = pure_value(f, kid[0]), *a = k ? pure_value(f, kid[1]) : NULL,
                        *b = a ? pure_value(f, kid[2]) : NULL;
        if (b) /* all pure: one expression */
            return ordo_e_ite(f->p, fe_to_bool(f, k), fe_convert(f, a, scalar_of(f, c)),
                              fe_convert(f, b, scalar_of(f, c)));
        r = fe_temp(f, scalar_of(f, c));
    }
    unsigned tl = fe_new_loc(f), fl = fe_new_loc(f), end = fe_new_loc(f);
    fe_branch(f, kid[0], tl, fl);
    for (int i = 1; i <= 2; i++) {
        f->cur = i == 1 ? tl : fl;
        if (is_void)
            fe_effect(f, kid[i]);
        else
            fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r),
                                     fe_convert(f, value_of(f, kid[i]), scalar_of(f, c))));
        fe_goto(f, end);
    }
    f->cur = end;
    return is_void ? NULL : ordo_e_var(f->p, r);
}

static bool is_function(CXType t)
{
    return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/* Whether objects of types a and b have the same cells (same count, same
 * scalar kind and width cell by cell). */
static bool same_layout(fe *f, CXType a, CXType b, CXCursor at)
{
    a = fe_canon(a);
    b = fe_canon(b);
    if (clang_equalTypes(a, b))
        return true;
    if (is_function(a) || is_function(b))
        return is_function(a) && is_function(b);
    uint64_t n = fe_cells(f, a, at);
    if (n != fe_cells(f, b, at) || n > 256)
        return false;
    for (uint64_t i = 0; i < n; i++) {
        ordo_type x = fe_cell_type(f, a, i, at), y = fe_cell_type(f, b, i, at);
        if (x.kind != y.kind || x.width != y.width)
            return false;
    }
    return true;
}

/* An integer type (not _Bool, whose conversion only tests for null). */
static bool is_integer_target(CXType t)
{
    return fe_is_scalar(t) && !is_pointer(t) && fe_canon(t).kind != CXType_Bool;
}

/* Memory is cells, one per scalar, and an address is a cell number: as an
 * integer it would count cells, not bytes ((uintptr_t)&a[1] - (uintptr_t)a
 * is 1, not sizeof a[0]). A void pointer becomes an integer, as an integer
 * passed through it does (pthread_create's argument), and so does any
 * address that main returns (an exit status the property ignores). */
static void check_address_to_integer(fe *f, CXType from, bool from_array, CXType to, CXCursor at)
{
    if (!is_integer_target(to) || clang_equalCursors(at, f->exit_status))
        return;
    if (from_array || (is_pointer(from) &&
                       fe_canon(clang_getPointeeType(fe_canon(from))).kind != CXType_Void))
        fe_unsupported(f, at, "address converted to an integer (addresses count cells, not bytes)");
}

/* Pointer conversions must keep the cell layout of the pointee (a cell is
 * a typed scalar, not bytes): T* <-> void*, and between pointee types of
 * the same layout. */
static void check_pointer_cast(fe *f, CXType from, CXType to, CXCursor at)
{
    if (!is_pointer(from) || !is_pointer(to))
        return;
    CXType a = fe_canon(clang_getPointeeType(fe_canon(from)));
    CXType b = fe_canon(clang_getPointeeType(fe_canon(to)));
    if (a.kind == CXType_Void || b.kind == CXType_Void || same_layout(f, a, b, at))
        return;
    fe_unsupported(f, at, "pointer conversion between types of different memory layout");
}

/* The cell offset of `&((T *)0)->m.n...` (the offsetof idiom), with the
 * member's type; false if c is not that. */
static bool offsetof_idiom(fe *f, CXCursor c, uint64_t *cells, CXType *member)
{
    CXCursor s = fe_strip(c), kid[2];
    while ((clang_getCursorKind(s) == CXCursor_CStyleCastExpr ||
            clang_getCursorKind(s) == CXCursor_UnexposedExpr) && fe_children(s, kid, 2) >= 1)
        s = fe_strip(last_child(s));
    bool postfix;
    if (clang_getCursorKind(s) != CXCursor_UnaryOperator || fe_children(s, kid, 1) != 1 ||
        strcmp(fe_unop_token(f, s, &postfix), "&"))
        return false;
    CXCursor m = fe_strip(kid[0]);
    *member = clang_getCursorType(m);
    *cells = 0;
    while (clang_getCursorKind(m) == CXCursor_MemberRefExpr && fe_children(m, kid, 1) == 1) {
        CXType bt = clang_getCursorType(kid[0]);
        CXType rec = is_pointer(bt) ? clang_getPointeeType(fe_canon(bt)) : bt;
        *cells += fe_field_offset(f, rec, clang_getCursorReferenced(m), m);
        if (is_pointer(bt)) { /* the base must be the null pointer constant */
            int64_t v;
            CXCursor base = fe_strip(kid[0]);
            while ((clang_getCursorKind(base) == CXCursor_CStyleCastExpr ||
                    clang_getCursorKind(base) == CXCursor_UnexposedExpr) &&
                   fe_children(base, kid, 1) >= 1)
                base = fe_strip(last_child(base));
            return fe_const_eval(f, base, &v) && v == 0;
        }
        m = fe_strip(kid[0]);
    }
    return false;
}

/* container_of: `(T *)((char *)p - offsetof(T, m))` where p points to the
 * member m of a T: the address of that T, in cells. */
static bool container_of(fe *f, CXCursor c, CXCursor x, const ordo_expr **out)
{
    CXCursor s = fe_strip(x), kid[2];
    if (clang_getCursorKind(s) != CXCursor_BinaryOperator || fe_children(s, kid, 2) != 2 ||
        strcmp(fe_binop_token(f, s), "-"))
        return false;
    CXCursor bytes = fe_strip(kid[0]);
    CXType bt = clang_getCursorType(bytes);
    if (clang_getCursorKind(bytes) != CXCursor_CStyleCastExpr || !is_pointer(bt) ||
        clang_Type_getSizeOf(clang_getPointeeType(fe_canon(bt))) != 1)
        return false;
    CXCursor p = last_child(bytes);
    uint64_t cells;
    CXType member;
    if (!offsetof_idiom(f, kid[1], &cells, &member) || !is_pointer(clang_getCursorType(p)))
        return false;
    CXType container = clang_getPointeeType(fe_canon(clang_getCursorType(c)));
    CXType pointee = clang_getPointeeType(fe_canon(clang_getCursorType(p)));
    if (!same_layout(f, pointee, member, c) || fe_cells(f, container, c) < cells)
        return false;
    *out = ptr_offset(f, ORDO_B_SUB, value_of(f, p), fe_int(f, ptr_type(f), (int64_t)cells), 1);
    return true;
}

static const ordo_expr *conversion(fe *f, CXCursor c, CXCursor x)
{
    CXType to = ctype(c), from = ctype(x);
    enum CXTypeKind fk = fe_canon(from).kind;
    if (fe_is_void(to)) {
        fe_effect(f, x);
        return NULL;
    }
    enum CXTypeKind tk = fe_canon(to).kind;
    if (tk == CXType_ConstantArray || tk == CXType_IncompleteArray) {
        /* libclang types a parameter declared `int v[]` as an array */
        fe_place pl = fe_lvalue(f, x);
        return pl.is_mem ? pl.addr : ordo_e_var(f->p, pl.var);
    }
    bool from_array = fk == CXType_ConstantArray || fk == CXType_IncompleteArray ||
                      fk == CXType_VariableArray;
    check_address_to_integer(f, from, from_array, to, c);
    if (from_array) { /* decay */
        fe_place pl = fe_lvalue(f, x);
        if (!pl.is_mem) /* a parameter declared as an array is a pointer */
            return fe_convert(f, ordo_e_var(f->p, pl.var), scalar_of(f, c));
        return fe_convert(f, pl.addr, scalar_of(f, c));
    }
    if (fk == CXType_FunctionProto || fk == CXType_FunctionNoProto)
        return function_value(f, x);
    if (is_aggregate(to) && !fe_is_opaque(to))
        return fe_rvalue(f, x); /* no-op on an aggregate */
    const ordo_expr *e;
    if (is_pointer(to) && container_of(f, c, x, &e))
        return e;
    check_pointer_cast(f, from, to, c);
    return fe_convert(f, value_of(f, x), scalar_of(f, c));
}

static const ordo_expr *statement_expr(fe *f, CXCursor c)
{
    CXCursor body[1];
    if (fe_children(c, body, 1) != 1)
        fe_unsupported(f, c, "statement expression");
    unsigned n = fe_children(body[0], NULL, 0);
    CXCursor *kids = ordo_arena_alloc(f->p->arena, (n + 1) * sizeof *kids);
    fe_children(body[0], kids, n);
    for (unsigned i = 0; i + 1 < n; i++)
        fe_stmt(f, kids[i]);
    if (!n)
        return NULL;
    if (clang_isExpression(clang_getCursorKind(kids[n - 1])) && !fe_is_void(ctype(c)))
        return fe_rvalue(f, kids[n - 1]);
    fe_stmt(f, kids[n - 1]);
    return NULL;
}

static const ordo_expr *constant(fe *f, CXCursor c)
{
    int64_t v;
    if (!fe_const_eval(f, c, &v))
        fe_unsupported(f, c, "constant expression");
    return fe_int(f, scalar_of(f, c), v);
}

static const ordo_expr *decl_ref(fe *f, CXCursor c)
{
    CXCursor ref = clang_getCursorReferenced(c);
    switch (clang_getCursorKind(ref)) {
    case CXCursor_EnumConstantDecl:
        return fe_int(f, scalar_of(f, c), clang_getEnumConstantDeclValue(ref));
    case CXCursor_VarDecl:
    case CXCursor_ParmDecl: {
        fe_place pl = fe_lvalue(f, c);
        if (is_aggregate(pl.ctype) && !fe_is_opaque(pl.ctype))
            return NULL; /* an aggregate: only copied or decayed by callers */
        return fe_read(f, pl, c);
    }
    case CXCursor_FunctionDecl:
        return function_value(f, c);
    default:
        fe_unsupported(f, c, "reference to '%s'", fe_spelling(f, ref));
    }
}

const ordo_expr *fe_rvalue(fe *f, CXCursor c)
{
    fe_set_pos(f, c);
    CXCursor kid[3];
    unsigned n = fe_children(c, kid, 3);
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr:
        return constant(f, c);
    case CXCursor_ParenExpr:
        return fe_rvalue(f, kid[0]);
    case CXCursor_UnexposedExpr:
        if (n == 1)
            return conversion(f, c, kid[0]);
        return constant(f, c);
    case CXCursor_CStyleCastExpr: /* children: type references, then the operand */
        if (!n)
            fe_unsupported(f, c, "cast");
        return conversion(f, c, last_child(c));
    case CXCursor_DeclRefExpr:
        return decl_ref(f, c);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return binary(f, c);
    case CXCursor_UnaryOperator:
        return unary(f, c);
    case CXCursor_ConditionalOperator:
        return conditional(f, c);
    case CXCursor_CallExpr:
        return fe_call(f, c);
    case CXCursor_StmtExpr:
        return statement_expr(f, c);
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr: {
        fe_place pl = fe_lvalue(f, c);
        if (is_aggregate(pl.ctype) && !fe_is_opaque(pl.ctype))
            return NULL;
        return fe_read(f, pl, c);
    }
    case CXCursor_FloatingLiteral:
        fe_unsupported(f, c, "floating-point constant");
    case CXCursor_StringLiteral:
        fe_unsupported(f, c, "string literal used as a value");
    default: {
        CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c));
        char name[100];
        snprintf(name, sizeof name, "%s", clang_getCString(k));
        clang_disposeString(k);
        fe_unsupported(f, c, "expression of kind %s", name);
    }
    }
}

/* An expression evaluated for its effects only (its value is unused). */
void fe_effect(fe *f, CXCursor c)
{
    CXCursor kid[2];
    unsigned n = fe_children(c, kid, 2);
    enum CXCursorKind k = clang_getCursorKind(c);
    bool postfix;
    if (k == CXCursor_ParenExpr && n == 1)
        return fe_effect(f, kid[0]);
    fe_set_pos(f, c);
    if (k == CXCursor_UnaryOperator && n == 1) {
        const char *tok = fe_unop_token(f, c, &postfix);
        if (!strcmp(tok, "++") || !strcmp(tok, "--")) {
            increment(f, c, kid[0], tok[0] == '+', postfix, false);
            return;
        }
    }
    if (k == CXCursor_CompoundAssignOperator && n == 2) {
        compound_assign(f, c, kid[0], kid[1], fe_binop_token(f, c), false);
        return;
    }
    fe_rvalue(f, c);
}

void fe_branch(fe *f, CXCursor c, unsigned tloc, unsigned floc)
{
    fe_set_pos(f, c);
    CXCursor kid[3];
    unsigned n = fe_children(c, kid, 3);
    enum CXCursorKind k = clang_getCursorKind(c);
    bool postfix;
    if (k == CXCursor_ParenExpr && n == 1)
        return fe_branch(f, kid[0], tloc, floc);
    if (k == CXCursor_BinaryOperator && n == 2) {
        const char *tok = fe_binop_token(f, c);
        bool is_and = !strcmp(tok, "&&");
        if (is_and || !strcmp(tok, "||")) {
            unsigned mid = fe_new_loc(f);
            fe_branch(f, kid[0], is_and ? mid : tloc, is_and ? floc : mid);
            f->cur = mid;
            return fe_branch(f, kid[1], tloc, floc);
        }
        if (!strcmp(tok, ",")) {
            fe_effect(f, kid[0]);
            return fe_branch(f, kid[1], tloc, floc);
        }
    }
    if (k == CXCursor_UnaryOperator && n == 1 && !strcmp(fe_unop_token(f, c, &postfix), "!"))
        return fe_branch(f, kid[0], floc, tloc);
    if (k == CXCursor_ConditionalOperator && n == 3) {
        unsigned a = fe_new_loc(f), b = fe_new_loc(f);
        fe_branch(f, kid[0], a, b);
        f->cur = a;
        fe_branch(f, kid[1], tloc, floc);
        f->cur = b;
        return fe_branch(f, kid[2], tloc, floc);
    }
    const ordo_expr *cond = fe_to_bool(f, value_of(f, c));
    if (cond->kind == ORDO_E_CONST) { /* while (1) and friends: one way only */
        fe_goto(f, cond->value ? tloc : floc);
        return;
    }
    fe_fork(f, cond, tloc, floc);
}
