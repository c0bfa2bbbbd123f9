/*
 * Variables of the front end: what each C variable becomes (ir.h "Data").
 *  - A scalar whose address is never taken: an ordo_var (global or local).
 *  - An aggregate, or a scalar whose address is taken: cells. Globals,
 *    static locals and the locals of main (one activation only) are static
 *    objects; the locals of other procedures get fresh cells per
 *    activation (ALLOC at the declaration), since several threads may run
 *    the same procedure at once.
 * Also: which functions are reachable (from main, through calls and thread
 * entries) and which variables have their address taken, found by one scan
 * before lowering.
 */
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/xalloc.h>

#include "frontend_internal.h"

enum { MAX_UNINIT_CELLS = 1 << 16 };

bool fe_const_eval(fe *f, CXCursor e, int64_t *out)
{
    (void)f;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
                                                 : (int64_t)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return ok;
}

static bool is_addr_taken(fe *f, CXCursor decl)
{
    unsigned v;
    return fe_map_get(&f->addr_taken, clang_getCanonicalCursor(decl), &v);
}

static bool needs_cells(fe *f, CXCursor decl)
{
    return !fe_is_scalar(clang_getCursorType(decl)) || fe_is_opaque(clang_getCursorType(decl)) ||
           is_addr_taken(f, decl);
}

static unsigned add_info(fe *f, CXCursor decl, fe_var_info info)
{
    XGROW(f->infos, f->n_infos, f->cap_infos);
    f->infos[f->n_infos] = info;
    fe_map_put(&f->vars, clang_getCanonicalCursor(decl), f->n_infos);
    return f->n_infos++;
}

/* ---- static initialisation (globals, static locals) --------------------- */

static bool static_addr(fe *f, CXCursor c, uint64_t *addr);

/* The value of a constant scalar initialiser: an integer constant
 * expression or an address constant. */
static int64_t static_value(fe *f, CXCursor c)
{
    int64_t v;
    if (fe_const_eval(f, c, &v))
        return v;
    CXCursor s = fe_strip(c);
    CXCursor kid[2];
    while ((clang_getCursorKind(s) == CXCursor_CStyleCastExpr ||
            clang_getCursorKind(s) == CXCursor_UnexposedExpr) &&
           fe_children(s, kid, 2) >= 1 && fe_is_scalar(clang_getCursorType(s))) {
        CXCursor inner = kid[fe_children(s, kid, 2) - 1];
        if (!fe_is_scalar(clang_getCursorType(inner)))
            break;
        s = fe_strip(inner);
    }
    uint64_t a;
    if (static_addr(f, s, &a))
        return (int64_t)a;
    enum CXTypeKind k = fe_canon(clang_getPointeeType(fe_canon(clang_getCursorType(s)))).kind;
    const ordo_expr *fn;
    if ((k == CXType_FunctionProto || k == CXType_FunctionNoProto) &&
        (fn = fe_function_value(f, s)) && fn->kind == ORDO_E_CONST)
        return fn->value;
    fe_unsupported(f, c, "non-constant static initialiser");
}

static uint64_t object_base(fe *f, CXCursor decl, CXCursor at)
{
    const fe_var_info *vi = fe_var(f, decl, at);
    if (vi->kind != FE_VAR_OBJECT)
        fe_unsupported(f, at, "address of a local variable in a static initialiser");
    return f->p->objects[vi->object].base;
}

/* The address denoted by a constant address expression (&x, &a[3], a). */
static bool static_addr(fe *f, CXCursor c, uint64_t *addr)
{
    c = fe_strip(c);
    CXCursor kid[2];
    unsigned n = fe_children(c, kid, 2);
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: {
        bool postfix;
        if (strcmp(fe_unop_token(f, c, &postfix), "&"))
            return false;
        CXCursor x = fe_strip(kid[0]);
        if (clang_getCursorKind(x) == CXCursor_DeclRefExpr) {
            *addr = object_base(f, clang_getCursorReferenced(x), x);
            return true;
        }
        return static_addr(f, x, addr);
    }
    case CXCursor_UnexposedExpr: /* array-to-pointer decay */
        if (n == 1 && fe_canon(clang_getCursorType(kid[0])).kind == CXType_ConstantArray)
            return static_addr(f, kid[0], addr);
        return false;
    case CXCursor_DeclRefExpr:
        if (fe_canon(clang_getCursorType(c)).kind != CXType_ConstantArray &&
            !fe_is_opaque(clang_getCursorType(c)) &&
            fe_canon(clang_getCursorType(c)).kind != CXType_Record)
            return false;
        *addr = object_base(f, clang_getCursorReferenced(c), c);
        return true;
    case CXCursor_ArraySubscriptExpr: {
        int64_t idx;
        if (n != 2 || !static_addr(f, kid[0], addr) || !fe_const_eval(f, kid[1], &idx))
            return false;
        *addr += (uint64_t)idx * fe_cells(f, clang_getCursorType(c), c);
        return true;
    }
    case CXCursor_MemberRefExpr:
        if (n != 1 || fe_canon(clang_getCursorType(kid[0])).kind == CXType_Pointer ||
            !static_addr(f, kid[0], addr))
            return false;
        *addr += fe_field_offset(f, clang_getCursorType(kid[0]), clang_getCursorReferenced(c), c);
        return true;
    default:
        return false;
    }
}

/* An initialiser designator (.field = or [k] =) starts with its token. */
static bool is_designated(fe *f, CXCursor c)
{
    const char *t = fe_token_at(f, fe_offset(clang_getRangeStart(clang_getCursorExtent(c))));
    return t && (!strcmp(t, ".") || !strcmp(t, "["));
}

/* The bytes of a plain string literal as written ("..." with the simple,
 * octal and hexadecimal escapes of C11 6.4.4.4); false for others (wide,
 * concatenated). */
bool fe_string_bytes(const char *lit, char *out, size_t cap, size_t *len)
{
    static const char simple[] = "n\nt\tr\ra\ab\bf\fv\v\\\\\'\'\"\"??";
    size_t n = 0;
    if (*lit++ != '"')
        return false;
    while (*lit && *lit != '"' && n < cap) {
        char c = *lit++;
        if (c == '\\') {
            const char *e = strchr(simple, *lit);
            if (*lit >= '0' && *lit <= '7') {
                unsigned v = 0;
                for (int k = 0; k < 3 && *lit >= '0' && *lit <= '7'; k++)
                    v = 8 * v + (unsigned)(*lit++ - '0');
                c = (char)v;
            } else if (*lit == 'x') {
                char *end;
                c = (char)strtoul(lit + 1, &end, 16);
                lit = end;
            } else if (e && (e - simple) % 2 == 0) {
                c = e[1];
                lit++;
            } else {
                return false;
            }
        }
        out[n++] = c;
    }
    *len = n;
    return *lit == '"' && !lit[1];
}

static void walk_string(fe *f, CXType t, uint64_t offset, CXCursor s, fe_cell_init cb, void *ctx)
{
    char bytes[4096];
    size_t len;
    const char *lit = fe_spelling(f, s);
    if (!fe_string_bytes(lit, bytes, sizeof bytes, &len))
        fe_unsupported(f, s, "string initialiser");
    long long n = clang_getArraySize(fe_canon(t));
    CXType elem = clang_getArrayElementType(fe_canon(t));
    for (long long i = 0; i < n; i++)
        cb(f, ctx, offset + (uint64_t)i, elem, fe_scalar(f, elem, s), clang_getNullCursor(),
           (size_t)i < len ? (signed char)bytes[i] : 0);
}

/* Walks an initialiser over the cells of type t at offset, calling cb for
 * every cell (value NULL cursor: the constant k; zero for cells the
 * initialiser leaves out). Brace elision is handled by placing each
 * element at a running offset: without designators, an initialiser list
 * fills its aggregate's cells in order. */
void fe_walk_init(fe *f, CXType t, uint64_t offset, CXCursor init, fe_cell_init cb, void *ctx)
{
    CXType c = fe_canon(t);
    CXCursor s = fe_strip(init);
    if (fe_is_opaque(c)) {  /* PTHREAD_MUTEX_INITIALIZER and friends: unlocked */
        cb(f, ctx, offset, c, fe_scalar(f, c, init), clang_getNullCursor(), 0);
        return;
    }
    if (clang_getCursorKind(s) == CXCursor_StringLiteral && c.kind == CXType_ConstantArray)
        return walk_string(f, c, offset, s, cb, ctx);
    if (clang_getCursorKind(s) != CXCursor_InitListExpr) {
        cb(f, ctx, offset, c, fe_is_scalar(c) ? fe_scalar(f, c, init) : ordo_ty_bool(), init, 0);
        return;
    }
    unsigned n = fe_children(s, NULL, 0);
    CXCursor *kids = ordo_arena_alloc(f->p->arena, (n + 1) * sizeof *kids);
    fe_children(s, kids, n);
    if (fe_is_scalar(c) && n <= 1) { /* int x = { 3 }; */
        if (n)
            fe_walk_init(f, c, offset, kids[0], cb, ctx);
        else
            cb(f, ctx, offset, c, fe_scalar(f, c, init), clang_getNullCursor(), 0);
        return;
    }
    uint64_t off = offset, end = offset + fe_cells(f, c, init);
    for (unsigned i = 0; i < n; i++) {
        if (is_designated(f, kids[i]))
            fe_unsupported(f, kids[i], "designated initialiser");
        CXType kt = clang_getCursorType(kids[i]);
        fe_walk_init(f, kt, off, kids[i], cb, ctx);
        off += fe_cells(f, kt, kids[i]);
    }
    if (off > end)
        fe_unsupported(f, init, "initialiser larger than its object");
    for (; off < end; off++)
        cb(f, ctx, off, c, fe_cell_type(f, c, off - offset, init), clang_getNullCursor(), 0);
}

typedef struct {
    unsigned object;
} static_ctx;

static void static_cell(fe *f, void *ctx, uint64_t offset, CXType t, ordo_type ct,
                        CXCursor value, int64_t k)
{
    static_ctx *sc = ctx;
    if (!clang_Cursor_isNull(value)) {
        if (!fe_is_scalar(t))
            fe_unsupported(f, value, "aggregate copy in a static initialiser");
        k = static_value(f, value);
    }
    int64_t v = fe_convert(f, ordo_e_const(f->p, ordo_ty_int(64, true), k), ct)->value;
    if (v)
        ordo_object_init_cell(f->p, sc->object, offset, ct, v);
}

static const char *static_name(fe *f, CXCursor decl)
{
    CXCursor parent = clang_getCursorSemanticParent(decl);
    const char *name = fe_spelling(f, decl);
    if (clang_getCursorKind(parent) != CXCursor_FunctionDecl)
        return name;
    char *full = xasprintf("%s::%s", fe_spelling(f, parent), name);
    const char *r = ordo_arena_strdup(f->p->arena, full);
    free(full);
    return r;
}

static unsigned create_static(fe *f, CXCursor decl, CXCursor at)
{
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def))
        def = decl;
    /* Each thread has its own copy of a thread-local variable: a scalar
     * one is a thread-local IR variable; cells (aggregates, address
     * taken) are shared by all threads, which would be a wrong model. */
    bool thread_local = clang_getCursorTLSKind(def) != CXTLS_None;
    CXType t = clang_getCursorType(def);
    CXCursor init = clang_Cursor_getVarDeclInitializer(def);
    const char *name = static_name(f, def);
    if (needs_cells(f, decl)) {
        if (thread_local)
            fe_unsupported(f, at, "thread-local aggregate or address-taken variable '%s'",
                           fe_spelling(f, def));
        unsigned o = ordo_add_object(f->p, name, fe_cells(f, t, at), -1);
        unsigned info = add_info(f, decl, (fe_var_info){ .kind = FE_VAR_OBJECT, .object = o });
        static_ctx sc = { o };
        if (!clang_Cursor_isNull(init))
            fe_walk_init(f, t, 0, init, static_cell, &sc);
        return info;
    }
    ordo_type st = fe_scalar(f, t, at);
    int64_t v = 0;
    if (!clang_Cursor_isNull(init)) {
        v = static_value(f, init);
        v = fe_convert(f, ordo_e_const(f->p, ordo_ty_int(64, true), v), st)->value;
    }
    unsigned var = thread_local ? ordo_add_thread_local(f->p, name, st, v)
                                : ordo_add_var(f->p, name, st, -1, v);
    return add_info(f, decl, (fe_var_info){ .kind = FE_VAR_SCALAR, .var = var });
}

const fe_var_info *fe_var(fe *f, CXCursor decl, CXCursor at)
{
    unsigned i;
    if (fe_map_get(&f->vars, clang_getCanonicalCursor(decl), &i))
        return &f->infos[i];
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || !clang_Cursor_hasVarDeclGlobalStorage(decl))
        fe_unsupported(f, at, "use of '%s' before its declaration", fe_spelling(f, decl));
    i = create_static(f, decl, at);
    return &f->infos[i];
}

/* ---- locals -------------------------------------------------------------- */

/* Cells for a local aggregate or address-taken local; returns the place. */
static fe_place local_cells(fe *f, CXCursor decl, bool *zeroed)
{
    CXType t = clang_getCursorType(decl);
    uint64_t n = fe_cells(f, t, decl);
    const char *name = fe_spelling(f, decl);
    fe_place pl = { .is_mem = true, .ctype = t };
    if (f->in_main) {
        unsigned o = ordo_add_object(f->p, name, n, (int)f->proc);
        add_info(f, decl, (fe_var_info){ .kind = FE_VAR_OBJECT, .object = o });
        pl.addr = fe_addr_const(f, f->p->objects[o].base);
        *zeroed = false;
        return pl;
    }
    unsigned v = ordo_add_var(f->p, name, ordo_ty_ptr(f->p->data_model), (int)f->proc, 0);
    add_info(f, decl, (fe_var_info){ .kind = FE_VAR_HEAPED, .var = v });
    fe_emit(f, ordo_s_alloc(f->p, ordo_lv_var(f->p, v),
                            fe_int(f, ordo_ty_ptr(f->p->data_model), (int64_t)n)));
    pl.addr = ordo_e_var(f->p, v);
    *zeroed = true;
    return pl;
}

/* An uninitialised local has an indeterminate value: havoc its cells. */
static void havoc_cells(fe *f, fe_place pl, CXCursor at)
{
    uint64_t n = fe_cells(f, pl.ctype, at);
    if (n > MAX_UNINIT_CELLS)
        fe_unsupported(f, at, "uninitialised local array of %llu cells", (unsigned long long)n);
    ordo_type pt = ordo_ty_ptr(f->p->data_model);
    for (uint64_t i = 0; i < n; i++) {
        const ordo_expr *a = i ? ordo_e_binop(f->p, ORDO_B_ADD, pt, pl.addr, fe_int(f, pt, (int64_t)i))
                               : pl.addr;
        fe_emit(f, ordo_s_havoc(f->p, ordo_lv_mem(fe_cell_type(f, pl.ctype, i, at), a)));
    }
}

/* A variable-length array: fresh cells for its run-time length, each
 * element given any value (a loop of havocs: the length is not known). */
static void declare_vla(fe *f, CXCursor decl, CXType t)
{
    CXType elem = clang_getArrayElementType(fe_canon(t));
    if (fe_canon(elem).kind == CXType_VariableArray)
        fe_unsupported(f, decl, "multi-dimensional variable-length array");
    CXCursor kids[4], size = clang_getNullCursor();
    unsigned n = fe_children(decl, kids, 4);
    for (unsigned i = 0; i < n && i < 4; i++)
        if (clang_isExpression(clang_getCursorKind(kids[i])))
            size = kids[i];
    const ordo_expr *len = clang_Cursor_isNull(size) ? NULL : fe_rvalue(f, size);
    if (!len)
        fe_unsupported(f, decl, "variable-length array without a length");
    /* a length <= 0 is undefined behaviour (C11 6.7.6.2): no execution */
    len = fe_copy(f, len);
    fe_emit(f, ordo_s_assume(f->p, ordo_e_binop(f->p, ORDO_B_GT, ordo_ty_bool(), len,
                                                fe_int(f, len->type, 0))));
    ordo_type pt = ordo_ty_ptr(f->p->data_model);
    uint64_t k = fe_cells(f, elem, decl);
    const ordo_expr *cells = fe_copy(f, ordo_e_binop(f->p, ORDO_B_MUL, pt, fe_convert(f, len, pt),
                                                     fe_int(f, pt, (int64_t)k)));
    unsigned v = ordo_add_var(f->p, fe_spelling(f, decl), pt, (int)f->proc, 0);
    add_info(f, decl, (fe_var_info){ .kind = FE_VAR_HEAPED, .var = v });
    fe_emit(f, ordo_s_alloc(f->p, ordo_lv_var(f->p, v), cells));
    unsigned i = fe_temp(f, pt);
    const ordo_expr *iv = ordo_e_var(f->p, i);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, i), fe_int(f, pt, 0)));
    unsigned head = f->cur, body = fe_new_loc(f), done = fe_new_loc(f);
    const ordo_expr *more = ordo_e_binop(f->p, ORDO_B_LT, ordo_ty_bool(), iv, cells);
    fe_fork(f, more, body, done);
    f->cur = body;
    for (uint64_t j = 0; j < k; j++) {
        const ordo_expr *a = ordo_e_binop(f->p, ORDO_B_ADD, pt, ordo_e_var(f->p, v),
                                          j ? ordo_e_binop(f->p, ORDO_B_ADD, pt, iv, fe_int(f, pt, (int64_t)j)) : iv);
        fe_emit(f, ordo_s_havoc(f->p, ordo_lv_mem(fe_cell_type(f, elem, j, decl), a)));
    }
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, i),
                             ordo_e_binop(f->p, ORDO_B_ADD, pt, iv, fe_int(f, pt, (int64_t)k))));
    fe_goto(f, head);
    f->cur = done;
}

void fe_declare_local(fe *f, CXCursor decl)
{
    fe_set_pos(f, decl);
    if (clang_Cursor_hasVarDeclGlobalStorage(decl) || clang_Cursor_hasVarDeclExternalStorage(decl))
        return; /* static locals are created at first use; extern ones are globals */
    CXType t = clang_getCursorType(decl);
    if (fe_canon(t).kind == CXType_VariableArray)
        return declare_vla(f, decl, t);
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    fe_place pl = { .ctype = t };
    bool zeroed = false;
    if (needs_cells(f, decl)) {
        pl = local_cells(f, decl, &zeroed);
    } else {
        unsigned v = ordo_add_var(f->p, fe_spelling(f, decl), fe_scalar(f, t, decl), (int)f->proc, 0);
        add_info(f, decl, (fe_var_info){ .kind = FE_VAR_SCALAR, .var = v });
        pl.var = v;
    }
    if (!clang_Cursor_isNull(init))
        fe_init_place(f, pl, init, zeroed);
    else if (pl.is_mem && !fe_is_opaque(t))
        havoc_cells(f, pl, decl);
    else if (!pl.is_mem)
        fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, pl.var)));
}

void fe_declare_params(fe *f, CXCursor fn)
{
    int n = clang_Cursor_getNumArguments(fn);
    ordo_proc *pr = &f->p->procs[f->proc];
    pr->n_params = n > 0 ? (unsigned)n : 0;
    pr->params = ordo_arena_alloc(f->p->arena, (pr->n_params + 1) * sizeof *pr->params);
    for (unsigned i = 0; i < pr->n_params; i++) {
        CXCursor prm = clang_Cursor_getArgument(fn, i);
        CXType t = clang_getCursorType(prm);
        enum CXTypeKind k = fe_canon(t).kind;
        bool is_array = k == CXType_ConstantArray || k == CXType_IncompleteArray;
        if (!fe_is_scalar(t) && !is_array)
            fe_unsupported(f, prm, "parameter of aggregate type passed by value");
        ordo_type st = is_array ? ordo_ty_ptr(f->p->data_model) : fe_scalar(f, t, prm);
        unsigned v = ordo_add_var(f->p, fe_spelling(f, prm), st, (int)f->proc, 0);
        f->p->procs[f->proc].params[i] = v;
        if (f->in_main) /* argc, argv: whatever the environment gives */
            fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, v)));
        if (!is_addr_taken(f, prm)) {
            add_info(f, prm, (fe_var_info){ .kind = FE_VAR_SCALAR, .var = v });
            continue;
        }
        bool zeroed;
        fe_place pl = local_cells(f, prm, &zeroed);
        fe_store(f, pl, ordo_e_var(f->p, v), prm);
    }
}

/* ---- the scan before lowering -------------------------------------------- */

typedef struct {
    fe *f;
    bool find_calls;
} scan;

bool fe_may_be_called(fe *f, unsigned proc)
{
    unsigned v;
    return f->indirect_calls || fe_map_get(&f->called, clang_getCanonicalCursor(f->defs[proc]), &v);
}

unsigned fe_proc_of(fe *f, CXCursor fn_decl)
{
    unsigned i;
    CXCursor canon = clang_getCanonicalCursor(fn_decl);
    if (fe_map_get(&f->procs, canon, &i))
        return i;
    CXCursor def = clang_getCursorDefinition(fn_decl);
    if (clang_Cursor_isNull(def))
        return ~0u;
    i = ordo_add_proc(f->p, fe_spelling(f, def));
    XGROW(f->defs, f->n_defs, f->cap_defs);
    f->defs[f->n_defs++] = def;
    fe_map_put(&f->procs, canon, i);
    return i;
}

/* A libclang visitor: records only, never fails (no longjmp through clang). */
static enum CXChildVisitResult scan_cursor(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    scan *s = data;
    fe *f = s->f;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr && s->find_calls) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
            fe_map_put(&f->called, clang_getCanonicalCursor(ref), 1);
        else
            f->indirect_calls = true;
    } else if (k == CXCursor_DeclRefExpr && s->find_calls) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
            CXString name = clang_getCursorSpelling(ref);
            bool special = fe_is_special(clang_getCString(name));
            clang_disposeString(name);
            if (!special)
                fe_proc_of(f, ref);
        }
    } else if (k == CXCursor_UnaryOperator) {
        CXCursor kid[1];
        unsigned start = fe_offset(clang_getRangeStart(clang_getCursorExtent(c)));
        const char *op = fe_token_at(f, start);
        if (fe_children(c, kid, 1) == 1 && op && !strcmp(op, "&") &&
            fe_offset(clang_getRangeStart(clang_getCursorExtent(kid[0]))) != start) {
            CXCursor x = fe_strip(kid[0]);
            CXCursor ref = clang_getCursorReferenced(x);
            if (clang_getCursorKind(x) == CXCursor_DeclRefExpr &&
                (clang_getCursorKind(ref) == CXCursor_VarDecl ||
                 clang_getCursorKind(ref) == CXCursor_ParmDecl))
                fe_map_put(&f->addr_taken, clang_getCanonicalCursor(ref), 1);
        }
    }
    return CXChildVisit_Recurse;
}

void fe_scan_function(fe *f, CXCursor fn)
{
    scan s = { f, true };
    clang_visitChildren(fn, scan_cursor, &s);
}

void fe_scan_globals(fe *f)
{
    scan s = { f, true };
    CXCursor root = clang_getTranslationUnitCursor(f->tu);
    unsigned n = fe_children(root, NULL, 0);
    CXCursor *all = ordo_arena_alloc(f->p->arena, (n + 1) * sizeof *all);
    fe_children(root, all, n);
    for (unsigned i = 0; i < n; i++)
        if (clang_getCursorKind(all[i]) == CXCursor_VarDecl)
            clang_visitChildren(all[i], scan_cursor, &s);
}
