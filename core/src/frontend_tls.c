/*
 * Thread-specific data (POSIX pthread_key_create, pthread_getspecific,
 * pthread_setspecific, pthread_key_delete), lowered onto what the IR has:
 * keys are numbered from 0 by a hidden global counter, and every thread
 * has one hidden thread-local variable per key, NULL when it starts.
 *   pthread_key_create(&k, d)    -> atomically k := keys, keys := keys + 1
 *                                   (and key k's destructor := d);
 *                                   EAGAIN once FE_TLS_KEYS keys exist
 *   pthread_getspecific(k)       -> the calling thread's value of key k
 *                                   (NULL for a key never created)
 *   pthread_setspecific(k, v)    -> sets it; EINVAL for a key not created
 *   pthread_key_delete(k)        -> 0 (keys are never handed out again)
 *
 * Destructors (POSIX pthread_key_create, "thread-specific data
 * destructors"): when a thread ends by returning from its start routine
 * or by calling pthread_exit (main too), then for each key, in key order,
 * whose value in that thread and whose destructor are both non-NULL, the
 * value becomes NULL and the destructor is called with the old value; the
 * round is repeated while such values remain, at most
 * PTHREAD_DESTRUCTOR_ITERATIONS (4) rounds. A return from main is exit():
 * no destructor runs. Lowered as:
 *   - each key that may get a destructor has a hidden global slot holding
 *     it (NULL: none), set in pthread_key_create's atomic section;
 *   - a hidden procedure __ordo_tls_destructors runs the rounds, calling
 *     through the slots like any call through a function pointer;
 *   - a thread runs a wrapper __ordo_thread_F that calls its start routine
 *     F, then the destructors (so F called as a function runs none), and
 *     pthread_exit calls them before THREAD_EXIT.
 * The code stays small: the slots (and the keys each round visits) are as
 * many as the program's pthread_key_create calls when each can run at most
 * once (in main, outside loops, main without labels and never called or
 * started: the keys are then numbered below that), else FE_TLS_KEYS; the
 * rounds after the first are emitted only when a destructor may set a
 * value again (pthread_setspecific reachable from a function a destructor
 * pointer can call), else they could do nothing. A program without a
 * destructor gets none of this: its IR is what it was without them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/xalloc.h>

#include "frontend_internal.h"

/* POSIX's least PTHREAD_KEYS_MAX (_POSIX_THREAD_KEYS_MAX). */
#define FE_TLS_KEYS 128
/* glibc's and POSIX's least PTHREAD_DESTRUCTOR_ITERATIONS. */
#define FE_TLS_ROUNDS 4

enum { FE_EAGAIN = 11, FE_EINVAL = 22 };

/* The hidden variables, made at the first use of a key. */
static void make_tls(fe *f)
{
    if (f->has_tls)
        return;
    f->has_tls = true;
    f->tls_keys = ordo_add_var(f->p, "__ordo_tls_keys", ordo_ty_int(32, false), -1, 0);
    for (unsigned k = 0; k < FE_TLS_KEYS; k++) {
        char name[40];
        snprintf(name, sizeof name, "__ordo_tls_value_%u", k);
        unsigned v = ordo_add_thread_local(f->p, name, ordo_ty_ptr(f->p->data_model), 0);
        if (k == 0)
            f->tls_value0 = v;
    }
    for (unsigned k = 0; k < f->dtors.keys; k++) {
        char name[40];
        snprintf(name, sizeof name, "__ordo_tls_destructor_%u", k);
        unsigned v = ordo_add_var(f->p, name, ordo_ty_ptr(f->p->data_model), -1, 0);
        if (k == 0)
            f->dtors.slot0 = v;
    }
}

static const ordo_expr *is_key(fe *f, const ordo_expr *key, unsigned k)
{
    return ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(), key, fe_int(f, key->type, k));
}

/* key, as an unsigned int like glibc's pthread_key_t. */
static const ordo_expr *key_arg(fe *f, CXCursor arg)
{
    return fe_convert(f, fe_rvalue(f, arg), ordo_ty_int(32, false));
}

/* Whether key was created (it is below the counter: one shared read). */
static const ordo_expr *created(fe *f, const ordo_expr *key)
{
    const ordo_expr *keys = fe_copy(f, ordo_e_var(f->p, f->tls_keys));
    return ordo_e_binop(f->p, ORDO_B_LT, ordo_ty_bool(), key, keys);
}

/* The destructor argument as a value over locals, or NULL for a null
 * constant. */
static const ordo_expr *destructor_arg(fe *f, CXCursor arg)
{
    if (fe_is_null_constant(f, arg))
        return NULL;
    const ordo_expr *d = fe_function_value(f, arg);
    d = fe_convert(f, d ? d : fe_rvalue(f, arg), ordo_ty_ptr(f->p->data_model));
    return d->kind == ORDO_E_VAR || d->kind == ORDO_E_CONST ? d : fe_copy(f, d);
}

/* The destructor slot of key := d. Every key that can get a destructor is
 * below dtors.keys (see the top), so exactly one way is open. */
static void set_destructor(fe *f, const ordo_expr *key, const ordo_expr *d)
{
    unsigned from = f->cur, end = fe_new_loc(f);
    for (unsigned k = 0; k < f->dtors.keys; k++) {
        f->cur = fe_new_loc(f);
        fe_edge(f, from, f->cur, ordo_s_assume(f->p, is_key(f, key, k)));
        fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, f->dtors.slot0 + k), d));
        fe_goto(f, end);
    }
    f->cur = end;
}

const ordo_expr *fe_key_create(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    make_tls(f);
    fe_place key = fe_deref_place(f, args[0]);
    const ordo_expr *dtor = destructor_arg(f, args[1]);
    ordo_type kt = fe_scalar(f, key.ctype, call), ut = ordo_ty_int(32, false);
    unsigned r = fe_temp(f, fe_int_type());
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_BEGIN));
    const ordo_expr *next = fe_copy(f, ordo_e_var(f->p, f->tls_keys));
    unsigned give = fe_new_loc(f), full = fe_new_loc(f), end = fe_new_loc(f);
    fe_fork(f, ordo_e_binop(f->p, ORDO_B_LT, ordo_ty_bool(), next, fe_int(f, ut, FE_TLS_KEYS)),
            give, full);
    f->cur = give;
    fe_store(f, key, fe_convert(f, next, kt), call);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, f->tls_keys),
                             ordo_e_binop(f->p, ORDO_B_ADD, ut, next, fe_int(f, ut, 1))));
    if (dtor)
        set_destructor(f, next, dtor);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, fe_int_type(), 0)));
    fe_goto(f, end);
    f->cur = full;
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, r), fe_int(f, fe_int_type(), FE_EAGAIN)));
    fe_goto(f, end);
    f->cur = end;
    fe_emit(f, ordo_s_new(f->p, ORDO_S_ATOMIC_END));
    return ordo_e_var(f->p, r);
}

const ordo_expr *fe_getspecific(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 1);
    make_tls(f);
    const ordo_expr *key = fe_copy(f, key_arg(f, args[0]));
    const ordo_expr *v = fe_int(f, ordo_ty_ptr(f->p->data_model), 0);
    for (unsigned k = FE_TLS_KEYS; k-- > 0;)
        v = ordo_e_ite(f->p, is_key(f, key, k), ordo_e_var(f->p, f->tls_value0 + k), v);
    return fe_copy(f, v);
}

const ordo_expr *fe_setspecific(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    make_tls(f);
    const ordo_expr *key = fe_copy(f, key_arg(f, args[0]));
    const ordo_expr *v = fe_copy(f, fe_convert(f, fe_rvalue(f, args[1]),
                                               ordo_ty_ptr(f->p->data_model)));
    const ordo_expr *valid = fe_copy(f, created(f, key));
    for (unsigned k = 0; k < FE_TLS_KEYS; k++) {
        unsigned slot = f->tls_value0 + k;
        const ordo_expr *mine = ordo_e_binop(f->p, ORDO_B_LAND, ordo_ty_bool(), valid,
                                             is_key(f, key, k));
        fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, slot),
                                 ordo_e_ite(f->p, mine, v, ordo_e_var(f->p, slot))));
    }
    return ordo_e_ite(f->p, valid, fe_int(f, fe_int_type(), 0), fe_int(f, fe_int_type(), FE_EINVAL));
}

/* ---- destructors --------------------------------------------------------- */

/* Whether call (a CallExpr) calls the library function name. */
static bool calls(CXCursor call, const char *name)
{
    CXCursor ref = clang_getCursorReferenced(call);
    if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return false;
    CXString s = clang_getCursorSpelling(ref);
    bool same = !strcmp(clang_getCString(s), name);
    clang_disposeString(s);
    return same;
}

typedef struct {
    CXCursor main_fn;  /* canonical */
    bool in_main, in_loop;
    bool repeats;      /* some pthread_key_create may run more than once */
    unsigned n, cap;
    CXCursor *sites;   /* the pthread_key_create calls */
} key_sites;

/* A libclang visitor (records only): the pthread_key_create calls and
 * whether one of them may run twice. */
static enum CXChildVisitResult note_key_site(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    key_sites *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
        bool outer = s->in_loop;
        s->in_loop = true;
        clang_visitChildren(c, note_key_site, s);
        s->in_loop = outer;
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_LabelStmt && s->in_main) /* a goto may go back */
        s->repeats = true;
    if (k == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), s->main_fn))
        s->repeats = true; /* main called or started */
    if (k == CXCursor_CallExpr && calls(c, "pthread_key_create")) {
        XGROW(s->sites, s->n, s->cap);
        s->sites[s->n++] = c;
        s->repeats |= !s->in_main || s->in_loop;
    }
    return CXChildVisit_Recurse;
}

/* The result type of a destructor (void), from pthread_key_create's
 * prototype. */
static CXType destructor_result(fe *f)
{
    CXType fn = clang_getCursorType(clang_getCursorReferenced(f->dtors.site));
    CXType t = clang_getResultType(clang_getPointeeType(fe_canon(clang_getArgType(fn, 1))));
    if (!fe_is_void(t))
        fe_unsupported(f, f->dtors.site, "pthread_key_create without its prototype");
    return t;
}

typedef struct {
    fe *f;
    bool sets;          /* calls pthread_setspecific, or through a pointer */
    unsigned n, cap;
    unsigned *procs;    /* the procedures it names */
} callee_scan;

/* A libclang visitor (records only): what a function may call. A function
 * it names (called, started, passed) counts as called. */
static enum CXChildVisitResult note_callee(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    callee_scan *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor ref = clang_getCursorReferenced(c);
    unsigned proc;
    if (k == CXCursor_CallExpr)
        s->sets |= clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
                   calls(c, "pthread_setspecific");
    else if (k == CXCursor_DeclRefExpr &&
             fe_map_get(&s->f->procs, clang_getCanonicalCursor(ref), &proc)) {
        XGROW(s->procs, s->n, s->cap);
        s->procs[s->n++] = proc;
    }
    return s->sets ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether procedure proc, or one it may call, may set a value (seen: the
 * procedures already asked). */
static bool may_set_value(fe *f, unsigned proc, bool *seen)
{
    if (seen[proc])
        return false;
    seen[proc] = true;
    callee_scan s = { f, false, 0, 0, NULL };
    clang_visitChildren(f->defs[proc], note_callee, &s);
    for (unsigned i = 0; i < s.n && !s.sets; i++)
        s.sets = may_set_value(f, s.procs[i], seen);
    free(s.procs);
    return s.sets;
}

/* One round, unless a destructor may set a value for the next. */
static unsigned destructor_rounds(fe *f)
{
    CXType rt = destructor_result(f);
    bool *seen = ordo_arena_alloc(f->p->arena, f->n_defs + 1);
    memset(seen, 0, f->n_defs + 1);
    for (unsigned k = 0; k < f->n_defs; k++)
        if (fe_fits(f, k, 1, rt, f->dtors.site) && may_set_value(f, k, seen))
            return FE_TLS_ROUNDS;
    return 1;
}

void fe_tls_scan(fe *f)
{
    key_sites s = { .main_fn = clang_getCanonicalCursor(f->defs[f->p->main_proc]) };
    for (unsigned i = 0; i < f->n_defs; i++) {
        s.in_main = i == f->p->main_proc;
        clang_visitChildren(f->defs[i], note_key_site, &s);
    }
    for (unsigned i = 0; i < s.n && !f->dtors.keys; i++) {
        CXCursor site = s.sites[i];
        if (clang_Cursor_getNumArguments(site) < 2 ||
            fe_is_null_constant(f, clang_Cursor_getArgument(site, 1)))
            continue;
        /* main through a function pointer would run twice too */
        bool once = !s.repeats && !f->indirect_calls;
        f->dtors.keys = once && s.n < FE_TLS_KEYS ? s.n : FE_TLS_KEYS;
        f->dtors.site = site;
    }
    free(s.sites);
    if (!f->dtors.keys)
        return;
    f->dtors.rounds = destructor_rounds(f);
    f->dtors.run = ~0u;
    f->dtors.thread_of = ordo_arena_alloc(f->p->arena, (f->n_defs + 1) * sizeof *f->dtors.thread_of);
    for (unsigned k = 0; k < f->n_defs; k++)
        f->dtors.thread_of[k] = ~0u;
}

static unsigned destructors_proc(fe *f)
{
    if (f->dtors.run == ~0u)
        f->dtors.run = ordo_add_proc(f->p, "__ordo_tls_destructors");
    return f->dtors.run;
}

unsigned fe_thread_proc(fe *f, unsigned proc)
{
    if (!f->dtors.keys)
        return proc;
    if (f->dtors.thread_of[proc] == ~0u) {
        char *name = xasprintf("__ordo_thread_%s", f->p->procs[proc].name);
        f->dtors.thread_of[proc] = ordo_add_proc(f->p, name);
        free(name);
        destructors_proc(f); /* no procedure is added while bodies are built */
    }
    return f->dtors.thread_of[proc];
}

void fe_tls_thread_exit(fe *f)
{
    if (f->dtors.keys)
        fe_emit(f, ordo_s_call(f->p, NULL, destructors_proc(f), 0, NULL));
}

/* Lowering goes on in procedure proc, at its start, its statements placed
 * at the source position of `at`. */
static void begin_proc(fe *f, unsigned proc, CXCursor at)
{
    f->proc = proc;
    f->cur = f->p->procs[proc].init_loc;
    f->in_main = false;
    f->n_temps = 0;
    fe_set_pos(f, at);
}

/* thread(arg): entry(arg); the destructors. */
static void build_thread_wrapper(fe *f, unsigned entry)
{
    unsigned thread = f->dtors.thread_of[entry];
    begin_proc(f, thread, f->defs[entry]);
    const ordo_expr *arg[1];
    unsigned n = f->p->procs[entry].n_params;
    if (n) { /* one (a thread entry has at most one) */
        unsigned a = ordo_add_var(f->p, "arg", ordo_ty_ptr(f->p->data_model), (int)thread, 0);
        ordo_type want = f->p->vars[f->p->procs[entry].params[0]].type;
        unsigned *params = ordo_arena_alloc(f->p->arena, sizeof *params);
        params[0] = a;
        f->p->procs[thread].n_params = 1;
        f->p->procs[thread].params = params;
        arg[0] = fe_convert(f, ordo_e_var(f->p, a), want);
    }
    fe_emit(f, ordo_s_call(f->p, NULL, entry, n, arg));
    fe_tls_thread_exit(f);
    fe_return(f, NULL);
}

/* Key k's destructor, if both it and the thread's value are non-NULL. */
static void call_destructor(fe *f, unsigned k, CXType rt)
{
    const ordo_expr *value = ordo_e_var(f->p, f->tls_value0 + k);
    const ordo_expr *null = fe_int(f, ordo_ty_ptr(f->p->data_model), 0);
    unsigned has_value = fe_new_loc(f), has_dtor = fe_new_loc(f), next = fe_new_loc(f);
    fe_fork(f, ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), value, null), has_value, next);
    f->cur = has_value; /* the thread-local value first: no shared read without one */
    const ordo_expr *d = fe_copy(f, ordo_e_var(f->p, f->dtors.slot0 + k));
    fe_fork(f, ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), d, null), has_dtor, next);
    f->cur = has_dtor;
    const ordo_expr *old = fe_copy(f, value);
    fe_emit(f, ordo_s_assign(f->p, ordo_lv_var(f->p, f->tls_value0 + k), null));
    fe_call_pointer(f, f->dtors.site, d, 1, &old, rt);
    fe_goto(f, next);
    f->cur = next;
}

static void build_destructors(fe *f)
{
    CXType rt = destructor_result(f);
    begin_proc(f, f->dtors.run, f->dtors.site);
    make_tls(f);
    for (unsigned round = 0; round < f->dtors.rounds; round++)
        for (unsigned k = 0; k < f->dtors.keys; k++)
            call_destructor(f, k, rt);
    fe_return(f, NULL);
}

void fe_tls_finish(fe *f)
{
    if (!f->dtors.keys)
        return;
    for (unsigned k = 0; k < f->n_defs; k++)
        if (f->dtors.thread_of[k] != ~0u)
            build_thread_wrapper(f, k);
    if (f->dtors.run != ~0u)
        build_destructors(f);
}
