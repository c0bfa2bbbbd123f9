/*
 * The C evaluator of IR expressions on constants (DESIGN.md, "Semantics"),
 * shared by the interpreter (concrete states) and the state-space engines
 * (abstract states that may not know a variable's value): one place that
 * says what C arithmetic computes, in either arithmetic (ordo_arith).
 *
 * Values are int64_t: sign-extended for signed types, zero-extended for
 * unsigned ones (64-bit unsigned values keep their bit pattern). Undefined
 * operations (division by zero, shift out of range, a value beyond 64 bits
 * in int arithmetic, an access the reader refuses) are reported, never
 * computed.
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

/* v wrapped into type t (C conversion; the havoc range in both arithmetics). */
int64_t ordo_value_wrap(ordo_type t, int64_t v);
/* v converted to type t in the arithmetic `mode` (INT: integers unchanged). */
int64_t ordo_value_convert(ordo_arith mode, ordo_type t, int64_t v);

#ifdef __cplusplus
}
#endif
#endif
