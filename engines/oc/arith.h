/*
 * Values of the SSA encoding: IR expressions over SMT terms, in the
 * arithmetic of the run (DESIGN.md "Semantics": mathematical integers or
 * bit-vectors with C's wrap-around). Constants are folded so that
 * addresses and thread ids stay concrete where the program makes them so.
 */
#ifndef OC_ARITH_H
#define OC_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>
#include <ordo/smt.h>

typedef struct {
    ordo_smt *s;
    bool bv; /* bit-vectors (else mathematical integers) */
} oc_arith;

typedef struct {
    bool is_const;
    int64_t c;     /* is_const: the value (sign/zero-extended like the interpreter) */
    ordo_term t;   /* otherwise */
    unsigned region; /* memory region the value points into + 1 (0: unknown) */
} oc_val;

ordo_sort oc_sort(const oc_arith *a, ordo_type t);
oc_val oc_const(const oc_arith *a, ordo_type t, int64_t c);
oc_val oc_sym(ordo_term t);
ordo_term oc_term(const oc_arith *a, ordo_type t, oc_val v);
/* The truth of a value of type t (C: != 0) as a Bool term. */
ordo_term oc_truth(const oc_arith *a, ordo_type t, oc_val v);

oc_val oc_unop(const oc_arith *a, ordo_unop op, ordo_type t, oc_val x, ordo_type xt);
oc_val oc_binop(const oc_arith *a, ordo_binop op, ordo_type t, oc_val x, ordo_type xt, oc_val y,
                ordo_type yt);
oc_val oc_cast(const oc_arith *a, ordo_type to, oc_val x, ordo_type from);
/* The values of type t (a pointer: any address of its width). */
void oc_type_range(ordo_type t, __int128 *lo, __int128 *hi);
/* Int mode: x, known to lie in [lo, hi], converted to integer or pointer
 * type t as C does (cell_ranges.h): kept when t holds the whole range,
 * else moved by one period where it may leave t's range by less than
 * that, else reduced modulo 2^width. */
oc_val oc_int_fit(const oc_arith *a, ordo_type t, oc_val x, __int128 lo, __int128 hi);
oc_val oc_ite(const oc_arith *a, ordo_type t, ordo_term cond, oc_val x, oc_val y);
/* Int mode: the range of type t as a constraint on term v (true in bv mode). */
ordo_term oc_in_range(const oc_arith *a, ordo_type t, ordo_term v);
/* A model value read back as the interpreter keeps it. */
bool oc_model_value(const oc_arith *a, ordo_type t, ordo_term v, int64_t *out);

/* What an expression asks of the arithmetic. Int has no encoding of
 * bitwise operators and shifts (REQUIRED); a change of signedness at one
 * width and an unsigned product of two unknowns are exact in Int too, but
 * only with a case split or a nonlinear term (PREFERRED). Other unsigned
 * wrap-around and integer conversions are exact in both arithmetics
 * (modulo 2^width) at the cost of a comparison or a modulus. */
typedef enum { OC_BV_NONE, OC_BV_PREFERRED, OC_BV_REQUIRED } oc_bv_need;

oc_bv_need oc_expr_bv_need(const ordo_expr *e);

#endif
