/*
 * Thread-specific data (POSIX pthread_key_create, pthread_getspecific,
 * pthread_setspecific, pthread_key_delete), lowered onto what the IR has:
 * keys are numbered from 0 by a hidden global counter, and every thread
 * has one hidden thread-local variable per key, NULL when it starts.
 *   pthread_key_create(&k, NULL) -> atomically k := keys, keys := keys + 1;
 *                                   EAGAIN once FE_TLS_KEYS keys exist
 *   pthread_getspecific(k)       -> the calling thread's value of key k
 *                                   (NULL for a key never created)
 *   pthread_setspecific(k, v)    -> sets it; EINVAL for a key not created
 *   pthread_key_delete(k)        -> 0 (keys are never handed out again)
 * A destructor would have to run with the value at every thread's end:
 * pthread_key_create with one is unsupported.
 */
#include <stdio.h>

#include "frontend_internal.h"

/* POSIX's least PTHREAD_KEYS_MAX (_POSIX_THREAD_KEYS_MAX). */
#define FE_TLS_KEYS 128

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

const ordo_expr *fe_key_create(fe *f, CXCursor call, CXCursor *args, unsigned n)
{
    fe_need_args(f, call, n, 2);
    if (!fe_is_null_constant(f, args[1]))
        fe_unsupported(f, args[1], "pthread_key_create with a destructor");
    make_tls(f);
    fe_place key = fe_deref_place(f, args[0]);
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
