/*
 * Calls in the front end: calls of defined functions become ORDO_S_CALL
 * (inlining is a pass); the SV-COMP and POSIX functions with a meaning of
 * their own (DESIGN.md "Semantics") become IR statements:
 *   reach_error, __VERIFIER_error, failed assert     -> ERROR
 *   abort, exit                                      -> EXIT
 *   __VERIFIER_assume(c)                             -> ASSUME(c)
 *   __VERIFIER_nondet_T()                            -> HAVOC of a temporary
 *   __VERIFIER_atomic_begin/end, __VERIFIER_atomic_* -> ATOMIC_BEGIN/END
 *   pthread_create/join/exit                         -> THREAD_START/JOIN/EXIT
 *   pthread_mutex_lock/unlock/trylock/init           -> LOCK/UNLOCK/...
 *   pthread_key_create/getspecific/setspecific       -> frontend_tls.c
 *   pthread_cond_wait(c, m)                          -> UNLOCK m; LOCK m
 *     (a spurious wake-up, which POSIX allows: a sound over-approximation;
 *     signal and broadcast are then no-ops)
 *   malloc/calloc/alloca, free                       -> ALLOC, FREE
 *   ftw(dir, fn, fds)                                -> a loop calling fn
 * An ALLOC gets as many cells as the request has bytes: every scalar cell
 * takes at least one byte, so the object is never too small.
 */
#include <string.h>

#include "frontend_internal.h"

typedef const ordo_expr *(*builtin_fn)(fe *f, CXCursor call, CXCursor *args, unsigned n);

static const ordo_expr *zero(fe *f)
{
    return fe_int(f, fe_int_type(), 0);
}

void fe_need_args(fe *f, CXCursor call, unsigned n, unsigned want)
{
    if (n < want)
        fe_unsupported(f, call, "call with %u arguments, expected %u", n, want);
}

/* A statement after which the thread does not go on. */
static void emit_final(fe *f, ordo_stmt_kind kind)
{
    fe_emit(f, ordo_s_new(f->p, kind));
    f->cur = fe_new_loc(f);
}

bool fe_is_null_constant(fe *f, CXCursor c)
{
    int64_t v;
    CXCursor kid[2];
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        unsigned n = fe_children(c, kid, 2);
        if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && n == 1)
            c = kid[0];
        else if (k == CXCursor_CStyleCastExpr && n >= 1)
            c = kid[n - 1];
        else
            return fe_const_eval(f, c, &v) && v == 0;
    }
}

typedef struct {
    fe *f;
    bool found;
} effect_scan;

static bool is_inc_dec(const char *t)
{
    return t && (!strcmp(t, "++") || !strcmp(t, "--"));
}

/* A libclang visitor: notes calls, assignments and ++/-- (records only,
 * nothing may longjmp out of a visitor). */
static enum CXChildVisitResult note_effect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    effect_scan *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor kid[2];
    if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr)
        s->found = true;
    else if (k == CXCursor_BinaryOperator && fe_children(c, kid, 2) == 2) {
        const char *t = fe_token_at(s->f, fe_offset(clang_getRangeEnd(clang_getCursorExtent(kid[0]))));
        s->found = t && !strcmp(t, "=");
    } else if (k == CXCursor_UnaryOperator && fe_children(c, kid, 1) == 1) {
        unsigned start = fe_offset(clang_getRangeStart(clang_getCursorExtent(c)));
        CXSourceRange kr = clang_getCursorExtent(kid[0]);
        bool postfix = fe_offset(clang_getRangeStart(kr)) == start;
        s->found = is_inc_dec(fe_token_at(s->f, postfix ? fe_offset(clang_getRangeEnd(kr)) : start));
    }
    return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool has_effects(fe *f, CXCursor c)
{
    effect_scan s = { f, false };
    if (note_effect(c, c, &s) != CXChildVisit_Break)
        clang_visitChildren(c, note_effect, &s);
    return s.found;
}

/* Arguments that are not lowered (library calls without meaning for the
 * property) must not hide side effects. */
static void check_ignored_args(fe *f, CXCursor *args, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (has_effects(f, args[i]))
            fe_unsupported(f, args[i], "side effect in an argument of a library call");
}

static const ordo_expr *b_error(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call, (void)args, (void)n;
    emit_final(f, ORDO_S_ERROR);
    return NULL;
}

static const ordo_expr *b_exit(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call;
    check_ignored_args(f, args, n);
    emit_final(f, ORDO_S_EXIT);
    return NULL;
}

static const ordo_expr *b_assume(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 1);
    unsigned ok = fe_new_loc(f), fail = fe_new_loc(f);
    fe_branch(f, args[0], ok, fail); /* the false branch blocks: no edge leaves it */
    f->cur = ok;
    return NULL;
}

static const ordo_expr *b_assert(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 1);
    unsigned ok = fe_new_loc(f), fail = fe_new_loc(f);
    fe_branch(f, args[0], ok, fail);
    f->cur = fail;
    emit_final(f, ORDO_S_ERROR);
    f->cur = ok;
    return NULL;
}

static const ordo_expr *b_nondet(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)args, (void)n;
    CXType t = clang_getCursorType(call);
    if (fe_is_void(t))
        return NULL;
    unsigned v = fe_temp(f, fe_scalar(f, t, call));
    fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, v)));
    return ordo_e_var(f->p, v);
}

static const ordo_expr *b_atomic_begin(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call, (void)args, (void)n;
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    return NULL;
}

static const ordo_expr *b_atomic_end(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call, (void)args, (void)n;
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
    return NULL;
}

/* The procedure a thread-entry argument names: f, &f, (void *(*)(void *))f. */
static unsigned thread_entry(fe *f, CXCursor arg)
{
    CXCursor c = arg, kid[2];
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        unsigned n = fe_children(c, kid, 2);
        bool postfix;
        if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && n == 1)
            c = kid[0];
        else if (k == CXCursor_CStyleCastExpr && n >= 1)
            c = kid[n - 1];
        else if (k == CXCursor_UnaryOperator && n == 1 &&
                 !strcmp(fe_unop_token(f, c, &postfix), "&"))
            c = kid[0];
        else
            break;
    }
    CXCursor ref = clang_getCursorReferenced(c);
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return ~0u; /* a function pointer value */
    unsigned proc = fe_proc_of(f, ref);
    if (proc == ~0u)
        fe_unsupported(f, arg, "thread entry '%s' without a definition", fe_spelling(f, ref));
    if (f->p->procs[proc].n_params > 1 || clang_Cursor_getNumArguments(f->defs[proc]) > 1)
        fe_unsupported(f, arg, "thread entry with more than one parameter");
    return proc;
}

/* Same arity and result type. */
bool fe_fits(fe *f, unsigned k, unsigned n, CXType rt, CXCursor at)
{
    CXCursor def = f->defs[k];
    CXType kt = clang_getResultType(clang_getCursorType(def));
    if (clang_Cursor_getNumArguments(def) != (int)n || clang_Cursor_isVariadic(def) ||
        fe_is_void(kt) != fe_is_void(rt))
        return false;
    if (fe_is_void(kt))
        return true;
    if (!fe_is_scalar(kt) || !fe_is_scalar(rt))
        return false;
    ordo_type a = fe_scalar(f, kt, at), b = fe_scalar(f, rt, at);
    return ordo_type_equal(a, b);
}

typedef void (*emit_target)(fe *f, unsigned proc, void *ctx);

/* A call through a function pointer: one branch per candidate procedure,
 * guarded by `target == &candidate`; no branch matches a value that
 * points to no function (undefined behaviour: the execution blocks). */
static void dispatch(fe *f, CXCursor at, const ordo_expr *target, unsigned n, CXType rt,
                     emit_target emit, void *ctx)
{
    if (target->kind != ORDO_E_VAR && target->kind != ORDO_E_CONST)
        target = fe_copy(f, target);
    unsigned from = f->cur, end = fe_new_loc(f), found = 0;
    for (unsigned k = 0; k < f->n_defs; k++) { /* the C functions */
        if (!fe_fits(f, k, n, rt, at))
            continue;
        unsigned loc = fe_new_loc(f);
        fe_edge(f, from, loc, ordo_s_assume(f->p, ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(),
                                                               target, fe_fn_value(f, k))));
        f->cur = loc;
        emit(f, k, ctx);
        fe_goto(f, end);
        found++;
    }
    if (!found)
        fe_unsupported(f, at, "call through a function pointer that fits no function");
    f->cur = end;
}

typedef struct {
    ordo_lvalue lv;
    const ordo_expr *arg;
} start_ctx;

static void emit_start(fe *f, unsigned proc, void *ctx)
{
    start_ctx *sc = ctx;
    fe_emit(f, ordo_s_thread_start(f->p, &sc->lv, fe_thread_proc(f, proc), sc->arg));
}

static const ordo_expr *b_create(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 4);
    fe_place id = fe_deref_place(f, args[0]);
    check_ignored_args(f, &args[1], 1);
    unsigned proc = thread_entry(f, args[2]);
    const ordo_expr *fn = proc == ~0u ? fe_rvalue(f, args[2]) : NULL;
    start_ctx sc = {
        .lv = id.is_mem ? ordo_lv_mem(fe_scalar(f, id.ctype, call), id.addr)
                        : ordo_lv_var(f->p, id.var),
        .arg = fe_convert(f, fe_rvalue(f, args[3]), ordo_ty_ptr(f->p->data_model)),
    };
    if (fn) /* entries take one void * and return one */
        dispatch(f, args[2], fn, 1,
                 clang_getResultType(clang_getPointeeType(fe_canon(clang_getCursorType(args[2])))),
                 emit_start, &sc);
    else
        emit_start(f, proc, &sc);
    return zero(f);
}

typedef struct {
    bool has_value;
    ordo_lvalue lv;
    unsigned n;
    const ordo_expr *vals[64];
} call_ctx;

/* The CALL of proc; a __VERIFIER_atomic_* function runs as one atomic
 * section. */
static void emit_call(fe *f, unsigned proc, void *ctx)
{
    call_ctx *cc = ctx;
    bool atomic = !strncmp(f->p->procs[proc].name, "__VERIFIER_atomic_", 18);
    if (atomic)
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    fe_emit(f, ordo_s_call(f->p, cc->has_value ? &cc->lv : NULL, proc, cc->n, cc->vals));
    if (atomic)
        fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
}

/* emit_call with the arguments converted to the parameter types proc
 * declares: a candidate of a call through a pointer may declare others
 * than the pointer's type says (the arguments have those). The types come
 * from the declaration, as proc may not be lowered yet. */
static void emit_converted_call(fe *f, unsigned proc, void *ctx)
{
    call_ctx cc = *(call_ctx *)ctx;
    CXCursor def = f->defs[proc];
    for (unsigned i = 0; i < cc.n; i++) {
        CXCursor param = clang_Cursor_getArgument(def, i);
        CXType t = clang_getCursorType(param);
        if (fe_is_scalar(t)) /* else proc's own lowering says what it lacks */
            cc.vals[i] = fe_convert(f, cc.vals[i], fe_scalar(f, t, param));
    }
    emit_call(f, proc, &cc);
}

void fe_call_pointer(fe *f, CXCursor at, const ordo_expr *target, unsigned n,
                     const ordo_expr *const *args, CXType rt)
{
    call_ctx cc = { .n = n };
    memcpy(cc.vals, args, n * sizeof *args);
    dispatch(f, at, target, n, rt, emit_converted_call, &cc);
}

/* The variable v of `&v`, or a null cursor. */
static CXCursor address_of_var(fe *f, CXCursor c)
{
    CXCursor s = fe_strip(c), kid[1];
    const char *t = fe_token_at(f, fe_offset(clang_getRangeStart(clang_getCursorExtent(s))));
    if (clang_getCursorKind(s) != CXCursor_UnaryOperator || !t || strcmp(t, "&") ||
        fe_children(s, kid, 1) != 1)
        return clang_getNullCursor();
    CXCursor x = fe_strip(kid[0]);
    if (clang_getCursorKind(x) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    return clang_getCanonicalCursor(clang_getCursorReferenced(x));
}

typedef struct {
    fe *f;
    CXCursor var;
    unsigned refs, joins;
} result_uses;

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    result_uses *u = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), u->var))
        u->refs++;
    if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 2) {
        CXString name = clang_getCursorSpelling(clang_getCursorReferenced(c));
        if (!strcmp(clang_getCString(name), "pthread_join") &&
            clang_equalCursors(address_of_var(u->f, clang_Cursor_getArgument(c, 1)), u->var))
            u->joins++;
        clang_disposeString(name);
    }
    return CXChildVisit_Recurse;
}

/* pthread_join(t, &v) where v is used for nothing else: the thread's
 * result is never read, so the join alone is exact. */
static bool result_unused(fe *f, CXCursor arg)
{
    CXCursor v = address_of_var(f, arg);
    if (clang_Cursor_isNull(v) || clang_getCursorKind(v) != CXCursor_VarDecl ||
        clang_Cursor_hasVarDeclGlobalStorage(v))
        return false;
    result_uses u = { f, v, 0, 0 };
    clang_visitChildren(f->defs[f->proc], count_uses, &u);
    return u.refs == u.joins;
}

static const ordo_expr *b_join(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    const ordo_expr *id = fe_rvalue(f, args[0]);
    if (!fe_is_null_constant(f, args[1]) && !result_unused(f, args[1]))
        fe_unsupported(f, args[1], "pthread_join with a result that is used");
    fe_emit(f, ordo_s_thread_join(f->p, id));
    return zero(f);
}

/* pthread_exit(v): in a procedure that only ever runs as a thread entry,
 * the same as `return v` (the thread's end runs the destructors of its
 * thread-specific data); elsewhere (main, callees) the destructors, then
 * THREAD_EXIT. */
static const ordo_expr *b_thread_exit(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call;
    const ordo_expr *v = n ? fe_rvalue(f, args[0]) : NULL;
    if (f->in_main || fe_may_be_called(f, f->proc)) {
        fe_tls_thread_exit(f);
        emit_final(f, ORDO_S_THREAD_EXIT);
    } else
        fe_return(f, v);
    return NULL;
}

static const ordo_expr *mutex_addr(fe *f, CXCursor call, CXCursor *args, unsigned n, unsigned i)
{
    fe_need_args(f, call, n, i + 1);
    return fe_convert(f, fe_rvalue(f, args[i]), ordo_ty_ptr(f->p->data_model));
}

static const ordo_expr *b_lock(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_emit(f, ordo_s_addr(f->p, ORDO_S_LOCK, mutex_addr(f, call, args, n, 0)));
    return zero(f);
}

static const ordo_expr *b_unlock(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_emit(f, ordo_s_addr(f->p, ORDO_S_UNLOCK, mutex_addr(f, call, args, n, 0)));
    return zero(f);
}

/* trylock: atomically, takes the lock and returns 0 iff it is free, else
 * returns EBUSY (16) leaving it alone. */
static const ordo_expr *b_trylock(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    const ordo_expr *a = mutex_addr(f, call, args, n, 0);
    ordo_type it = fe_int_type();
    unsigned r = fe_temp(f, it), held = fe_temp(f, it);
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, held), ordo_e_load(f->p, it, a)));
    const ordo_expr *free_now =
        ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(), ordo_e_var(f->p, held), fe_int(f, it, 0));
    unsigned take = fe_new_loc(f), busy = fe_new_loc(f), end = fe_new_loc(f);
    fe_fork(f, free_now, take, busy);
    f->cur = take;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_mem(it, a), fe_int(f, it, 1)));
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, it, 0)));
    fe_goto(f, end);
    f->cur = busy;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, it, 16)));
    fe_goto(f, end);
    f->cur = end;
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
    return ordo_e_var(f->p, r);
}

static const ordo_expr *b_mutex_init(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    const ordo_expr *a = mutex_addr(f, call, args, n, 0);
    check_ignored_args(f, args + 1, n - 1);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_mem(fe_int_type(), a), zero(f)));
    return zero(f);
}

static const ordo_expr *b_cond_wait(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    check_ignored_args(f, args, 1);
    const ordo_expr *m = mutex_addr(f, call, args, n, 1);
    fe_emit(f, ordo_s_addr(f->p, ORDO_S_UNLOCK, m));
    fe_emit(f, ordo_s_addr(f->p, ORDO_S_LOCK, m));
    return zero(f);
}

/* Library calls without effect on the property: arguments unevaluated
 * (checked free of side effects), result any int. */
static const ordo_expr *b_ignore(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    check_ignored_args(f, args, n);
    CXType t = clang_getCursorType(call);
    if (fe_is_void(t))
        return NULL;
    return b_nondet(f, call, args, n);
}

/* POSIX calls that always succeed in the model: result 0. */
static const ordo_expr *b_succeed(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    (void)call;
    check_ignored_args(f, args, n);
    return zero(f);
}

static const ordo_expr *alloc(fe *f, const ordo_expr *bytes)
{
    ordo_type pt = ordo_ty_ptr(f->p->data_model);
    unsigned v = fe_temp(f, pt);
    fe_emit(f, ordo_s_alloc(f->p, ordo_lv_var(f->p, v), fe_convert(f, bytes, pt)));
    return ordo_e_var(f->p, v);
}

static const ordo_expr *b_malloc(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 1);
    return alloc(f, fe_rvalue(f, args[0]));
}

static const ordo_expr *b_calloc(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    ordo_type pt = ordo_ty_ptr(f->p->data_model);
    const ordo_expr *a = fe_convert(f, fe_rvalue(f, args[0]), pt);
    const ordo_expr *b = fe_convert(f, fe_rvalue(f, args[1]), pt);
    return alloc(f, ordo_e_binop(f->p, ORDO_B_MUL, pt, a, b));
}

static const ordo_expr *b_free(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_emit(f, ordo_s_addr(f->p, ORDO_S_FREE, mutex_addr(f, call, args, n, 0)));
    return NULL;
}

/* The bytes of a string literal argument (through casts), or false. */
static bool literal_arg(fe *f, CXCursor arg, char *out, size_t cap, size_t *len)
{
    CXCursor s = fe_strip(arg), kid[1];
    while (clang_getCursorKind(s) == CXCursor_UnexposedExpr && fe_children(s, kid, 1) == 1)
        s = fe_strip(kid[0]);
    return clang_getCursorKind(s) == CXCursor_StringLiteral &&
           fe_string_bytes(fe_spelling(f, s), out, cap, len);
}

static bool is_char_pointer(CXType t)
{
    CXType c = fe_canon(t);
    return c.kind == CXType_Pointer && clang_Type_getSizeOf(clang_getPointeeType(c)) == 1;
}

/* strcpy(dst, "literal"): the characters and the final 0, cell by cell
 * (not atomically, as the library does it). */
static const ordo_expr *b_strcpy(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    char bytes[256];
    size_t len;
    fe_need_args(f, call, n, 2);
    if (!is_char_pointer(clang_getCursorType(args[0])) ||
        !literal_arg(f, args[1], bytes, sizeof bytes - 1, &len))
        fe_unsupported(f, call, "strcpy from something else than a string literal");
    const ordo_expr *dst = fe_rvalue(f, args[0]);
    if (dst->kind != ORDO_E_VAR && dst->kind != ORDO_E_CONST)
        dst = fe_copy(f, dst);
    ordo_type pt = ordo_ty_ptr(f->p->data_model);
    ordo_type ct = fe_scalar(f, clang_getPointeeType(fe_canon(clang_getCursorType(args[0]))), call);
    bytes[len] = 0;
    for (size_t i = 0; i <= len; i++) {
        const ordo_expr *a = i ? ordo_e_binop(f->p, ORDO_B_ADD, pt, dst, fe_int(f, pt, (int64_t)i)) : dst;
        fe_emit(f, ordo_s_assign(f->p, ordo_lv_mem(ct, a), fe_int(f, ct, (signed char)bytes[i])));
    }
    return dst;
}

/* Whether c is argv[k] of main: a string the environment chooses freely. */
static bool is_argv_element(fe *f, CXCursor c)
{
    CXCursor s = fe_strip(c), kid[2];
    while (clang_getCursorKind(s) == CXCursor_UnexposedExpr && fe_children(s, kid, 2) == 1)
        s = fe_strip(kid[0]);
    if (clang_getCursorKind(s) != CXCursor_ArraySubscriptExpr || fe_children(s, kid, 2) != 2)
        return false;
    CXCursor base = kid[0];
    while (clang_getCursorKind(base) == CXCursor_UnexposedExpr && fe_children(base, kid, 1) == 1)
        base = fe_strip(kid[0]);
    CXCursor main_def = f->defs[f->p->main_proc];
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
           clang_Cursor_getNumArguments(main_def) == 2 &&
           clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(base)),
                              clang_getCanonicalCursor(clang_Cursor_getArgument(main_def, 1)));
}

/* sscanf(argv[k], "%d...", &x, ...): the string is arbitrary, so the
 * result r is any of EOF, 0..n and the first r targets get any value. */
static const ordo_expr *b_sscanf(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    char fmt[64];
    size_t len, convs = 0;
    fe_need_args(f, call, n, 2);
    if (!is_argv_element(f, args[0]) || !literal_arg(f, args[1], fmt, sizeof fmt, &len))
        fe_unsupported(f, call, "sscanf of something else than an argument of main");
    for (size_t i = 0; i < len; i++)
        if (fmt[i] == '%') {
            if (i + 1 >= len || !strchr("diux", fmt[i + 1]))
                fe_unsupported(f, call, "sscanf conversion other than %%d, %%i, %%u, %%x");
            convs++;
            i++;
        }
    if (convs != n - 2)
        fe_unsupported(f, call, "sscanf with %zu conversions and %u targets", convs, n - 2);
    ordo_type it = fe_int_type();
    unsigned r = fe_temp(f, it);
    fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, r)));
    const ordo_expr *rv = ordo_e_var(f->p, r);
    fe_emit(f, ordo_s_assume(f->p, ordo_e_binop(f->p, ORDO_B_LAND, ordo_ty_bool(),
        ordo_e_binop(f->p, ORDO_B_GE, ordo_ty_bool(), rv, fe_int(f, it, -1)),
        ordo_e_binop(f->p, ORDO_B_LE, ordo_ty_bool(), rv, fe_int(f, it, (int64_t)convs)))));
    for (unsigned i = 2; i < n; i++) {
        fe_place target = fe_deref_place(f, args[i]);
        if (fe_scalar(f, target.ctype, args[i]).width != 32)
            fe_unsupported(f, args[i], "sscanf target that is not an int");
        const ordo_expr *set = ordo_e_binop(f->p, ORDO_B_GT, ordo_ty_bool(), rv, fe_int(f, it, i - 2));
        unsigned yes = fe_new_loc(f), end = fe_new_loc(f);
        fe_fork(f, set, yes, end);
        f->cur = yes;
        fe_emit(f, ordo_s_havoc(f->p, target.is_mem ? ordo_lv_mem(fe_scalar(f, target.ctype, call), target.addr)
                                                   : ordo_lv_var(f->p, target.var)));
        fe_goto(f, end);
        f->cur = end;
    }
    return rv;
}

typedef struct {
    CXCursor param;
    bool found;
} param_scan;

/* A libclang visitor: notes a reference to s->param. */
static enum CXChildVisitResult note_param_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    param_scan *s = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(c), s->param))
        s->found = true;
    return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does the body of function definition `def` use its parameter i? */
static bool uses_param(CXCursor def, unsigned i)
{
    param_scan s = { clang_Cursor_getArgument(def, i), false };
    clang_visitChildren(def, note_param_use, &s);
    return s.found;
}

/* ftw(dir, fn, fds) (POSIX) over a file tree nobody knows: fn runs any
 * number of times, with any type flag; a nonzero result of fn ends the
 * walk and is its result, else the result is 0 (done) or -1 (error).
 * The path and stat buffers would have unknown contents, so a callback
 * that reads them is unsupported; the others get null pointers. */
static const ordo_expr *b_ftw(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 3);
    check_ignored_args(f, args, 1);
    check_ignored_args(f, args + 2, 1);
    CXType rt = clang_getCursorType(call);
    for (unsigned k = 0; k < f->n_defs; k++)
        if (fe_fits(f, k, 3, rt, call) && (uses_param(f->defs[k], 0) || uses_param(f->defs[k], 1)))
            fe_unsupported(f, call, "ftw callback '%s' that reads its path or stat argument",
                           f->p->procs[k].name);
    const ordo_expr *target = fe_function_value(f, args[1]);
    if (!target)
        target = fe_rvalue(f, args[1]);
    ordo_type it = fe_int_type(), pt = ordo_ty_ptr(f->p->data_model);
    unsigned r = fe_temp(f, it), more = fe_temp(f, it), flag = fe_temp(f, it), c = fe_temp(f, it);
    call_ctx cc = { .has_value = true, .lv = ordo_lv_var(f->p, c), .n = 3,
                    .vals = { fe_int(f, pt, 0), fe_int(f, pt, 0), ordo_e_var(f->p, flag) } };
    unsigned head = fe_new_loc(f), visit = fe_new_loc(f), done = fe_new_loc(f),
             stop = fe_new_loc(f), end = fe_new_loc(f);
    fe_goto(f, head);
    f->cur = head;
    fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, more)));
    fe_fork(f, ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), ordo_e_var(f->p, more), zero(f)), visit, done);
    f->cur = visit;
    fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, flag)));
    dispatch(f, args[1], target, 3, rt, emit_call, &cc);
    fe_fork(f, ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), ordo_e_var(f->p, c), zero(f)), stop, head);
    f->cur = stop;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), ordo_e_var(f->p, c)));
    fe_goto(f, end);
    f->cur = done;
    fe_emit(f, ordo_s_havoc(f->p, ordo_lv_var(f->p, r)));
    const ordo_expr *rv = ordo_e_var(f->p, r);
    fe_emit(f, ordo_s_assume(f->p, ordo_e_binop(f->p, ORDO_B_LOR, ordo_ty_bool(),
        ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(), rv, zero(f)),
        ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(), rv, fe_int(f, it, -1)))));
    fe_goto(f, end);
    f->cur = end;
    return rv;
}

static const ordo_expr *b_expect(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    check_ignored_args(f, args + 1, 1);
    return fe_convert(f, fe_rvalue(f, args[0]), fe_scalar(f, clang_getCursorType(call), call));
}

static const struct {
    const char *name;
    builtin_fn fn;
} builtins[] = {
    { "reach_error", b_error }, { "__VERIFIER_error", b_error }, { "__assert_fail", b_error },
    { "__assert_perror_fail", b_error }, { "__assert", b_error }, { "assert", b_assert },
    { "abort", b_exit }, { "exit", b_exit }, { "_exit", b_exit }, { "_Exit", b_exit },
    { "__VERIFIER_assume", b_assume },
    { "__VERIFIER_atomic_begin", b_atomic_begin }, { "__VERIFIER_atomic_end", b_atomic_end },
    { "pthread_create", b_create }, { "pthread_join", b_join },
    { "pthread_exit", b_thread_exit },
    { "pthread_mutex_lock", b_lock }, { "pthread_mutex_unlock", b_unlock },
    { "pthread_mutex_trylock", b_trylock }, { "pthread_mutex_init", b_mutex_init },
    { "pthread_mutex_destroy", b_succeed },
    { "pthread_cond_wait", b_cond_wait }, { "pthread_cond_signal", b_succeed },
    { "pthread_cond_broadcast", b_succeed }, { "pthread_cond_init", b_succeed },
    { "pthread_cond_destroy", b_succeed },
    { "pthread_attr_init", b_succeed }, { "pthread_attr_destroy", b_succeed },
    { "pthread_attr_setdetachstate", b_succeed }, { "pthread_mutexattr_init", b_succeed },
    { "pthread_mutexattr_destroy", b_succeed }, { "pthread_mutexattr_settype", b_succeed },
    { "pthread_condattr_init", b_succeed }, { "pthread_condattr_destroy", b_succeed },
    { "pthread_detach", b_succeed }, { "sched_yield", b_succeed },
    { "pthread_key_create", fe_key_create }, { "pthread_getspecific", fe_getspecific },
    { "pthread_setspecific", fe_setspecific }, { "pthread_key_delete", b_succeed },
    { "sleep", b_succeed }, { "usleep", b_succeed },
    { "printf", b_ignore }, { "fprintf", b_ignore }, { "puts", b_ignore },
    { "putchar", b_ignore }, { "fflush", b_ignore }, { "perror", b_ignore },
    { "fputs", b_ignore },
    { "malloc", b_malloc }, { "calloc", b_calloc }, { "alloca", b_malloc },
    { "__builtin_alloca", b_malloc }, { "free", b_free },
    { "__builtin_expect", b_expect }, { "strcpy", b_strcpy }, { "sscanf", b_sscanf },
    { "ftw", b_ftw },
};

static builtin_fn builtin_of(const char *name)
{
    if (!strncmp(name, "__VERIFIER_nondet_", 18))
        return b_nondet;
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(name, builtins[i].name))
            return builtins[i].fn;
    return NULL;
}

bool fe_is_special(const char *name)
{
    return builtin_of(name) != NULL;
}

/* Arguments left to right, then the call (direct: proc; else through the
 * pointer value target). */
static const ordo_expr *call_proc(fe *f, CXCursor call, unsigned proc, const ordo_expr *target,
                                  CXCursor *args, unsigned n)
{
    call_ctx cc = { .n = n };
    for (unsigned i = 0; i < n; i++) {
        CXType t = clang_getCursorType(args[i]);
        if (!fe_is_scalar(t))
            fe_unsupported(f, args[i], "argument passed by value of aggregate type");
        cc.vals[i] = fe_rvalue(f, args[i]);
    }
    CXType rt = clang_getCursorType(call);
    unsigned r = 0;
    cc.has_value = !fe_is_void(rt);
    if (cc.has_value && !fe_is_scalar(rt))
        fe_unsupported(f, call, "call returning an aggregate");
    if (cc.has_value) {
        r = fe_temp(f, fe_scalar(f, rt, call));
        cc.lv = ordo_lv_var(f->p, r);
    }
    if (target)
        dispatch(f, call, target, n, rt, emit_converted_call, &cc);
    else
        emit_call(f, proc, &cc);
    return cc.has_value ? ordo_e_var(f->p, r) : NULL;
}

static const ordo_expr *call_indirect(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    CXCursor callee[1];
    if (fe_children(call, callee, 1) < 1)
        fe_unsupported(f, call, "call without a callee");
    const ordo_expr *target = fe_function_value(f, callee[0]);
    if (!target)
        target = fe_rvalue(f, callee[0]);
    if (!target)
        fe_unsupported(f, call, "call through a function pointer");
    return call_proc(f, call, ~0u, target, args, n);
}

const ordo_expr *fe_call(fe *f, CXCursor call)
{
    CXCursor ref = clang_getCursorReferenced(call);
    int na = clang_Cursor_getNumArguments(call);
    unsigned n = na > 0 ? (unsigned)na : 0;
    CXCursor args[64];
    if (n > 64)
        fe_unsupported(f, call, "call with more than 64 arguments");
    for (unsigned i = 0; i < n; i++)
        args[i] = clang_Cursor_getArgument(call, i);
    if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return call_indirect(f, call, args, n);
    const char *name = fe_spelling(f, ref);
    builtin_fn b = builtin_of(name);
    if (b)
        return b(f, call, args, n);
    unsigned proc = fe_proc_of(f, ref);
    if (proc == ~0u)
        fe_unsupported(f, call, "call of '%s', which has no definition", name);
    if (clang_Cursor_isVariadic(f->defs[proc]))
        fe_unsupported(f, call, "call of the variadic function '%s'", name);
    return call_proc(f, call, proc, NULL, args, n);
}
