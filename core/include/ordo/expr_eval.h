/*
 * The C evaluator of IR expressions on constants (DESIGN.md, "Semantics"),
 * shared by the interpreter (concrete states) and the state-space engines
 * (abstract states that may not know a variable's value): one place that
 * says what C arithmetic computes, in either arithmetic (ordo_arith).
 *
 * Values are int64_t: sign-extended for signed types, zero-extended for
 * unsigned ones and pointers (64-bit unsigned values keep their bit
 * pattern), 0/1 for _Bool. Engines fold constants with the operators
 * below (ordo/ir_smt.h does), so that the interpreter and the engines
 * cannot disagree on C.
 *
 * Undefined behaviour, the one rule of ordo. Undefined operations are
 * reported, never computed: division or remainder by zero, a shift by a
 * negative amount or by the width or more, in Int arithmetic a value
 * beyond 64 bits, an access the reader refuses. The interpreter blocks
 * there (ORDO_STEP_UNDEFINED), so no counterexample through one replays.
 * Signed overflow is no such report: it wraps in BV arithmetic (two's
 * complement) and is exact in Int, as the SMT translation does; SV-COMP's
 * reachability property does not make it an error (no-overflow is a
 * property of its own), and both arithmetics agree wherever C defines the
 * result. What the SMT translation assumes: ordo/ir_smt.h.
 */
#ifndef ORDO_EXPR_EVAL_H
#define ORDO_EXPR_EVAL_H

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ORDO_EVAL_OK,
    ORDO_EVAL_UNDEFINED, /* C leaves the result undefined: *why says what */
    ORDO_EVAL_UNKNOWN,   /* the reader does not know a value it was asked */
} ordo_eval_status;

/* Reads a variable (address 0 unused) or, with is_mem, the cell at addr.
 * Returns OK with *value (as stored, see ordo_value_convert), UNKNOWN, or
 * UNDEFINED with *why (a static string). */
typedef struct {
    void *ctx;
    ordo_eval_status (*read_var)(void *ctx, unsigned var, int64_t *value, const char **why);
    ordo_eval_status (*read_cell)(void *ctx, uint64_t addr, int64_t *value, const char **why);
} ordo_eval_reader;

/* The value of e. LAND, LOR and ITE evaluate only the operands C does, so
 * an unknown operand they skip does not make the result unknown. */
ordo_eval_status ordo_expr_eval(ordo_arith mode, const ordo_expr *e, const ordo_eval_reader *r,
                                int64_t *out, const char **why);

/* x op y of result type t, operands of types xt and yt (comparisons
 * compare at xt, shifts check the amount at yt). LAND and LOR take both
 * values (ordo_expr_eval short-circuits before). NULL with *out set when
 * defined, else what is undefined (a static string). */
const char *ordo_eval_binop(ordo_arith mode, ordo_binop op, ordo_type t, ordo_type xt,
                            ordo_type yt, int64_t x, int64_t y, int64_t *out);
/* op x of result type t: NULL with *out set, or what is undefined. */
const char *ordo_eval_unop(ordo_arith mode, ordo_unop op, ordo_type t, int64_t x, int64_t *out);
/* Unsigned integers and pointers (compared and divided as unsigned). */
bool ordo_type_is_unsigned(ordo_type t);

/* v wrapped into type t (C conversion; the havoc range in both arithmetics). */
int64_t ordo_value_wrap(ordo_type t, int64_t v);
/* v converted to type t in the arithmetic `mode` (INT: integers unchanged). */
int64_t ordo_value_convert(ordo_arith mode, ordo_type t, int64_t v);

#ifdef __cplusplus
}
#endif
#endif
