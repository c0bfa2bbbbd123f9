/*
 * IR expressions as SMT terms: the one translation of C's arithmetic
 * into a solver's, for every engine (DESIGN.md "Semantics").
 *
 * Two arithmetics, chosen per run (ordo_ir_smt.bv):
 *  - bit-vectors of each type's width: C's wrap-around, exact;
 *  - mathematical integers (Int), exact for C too: unsigned results and
 *    integer conversions are brought into their type's range (by one
 *    period 2^width where the value can leave it by less, else modulo),
 *    and a constant added to or subtracted from a pointer from 2^(width-1)
 *    up is the negative offset it is. Int has no encoding of bitwise
 *    operators and shifts by unknown amounts: ordo_expr_bv_need() says
 *    which expressions need bit-vectors, and which prefer them (a change
 *    of signedness at one width and an unsigned product of two unknowns
 *    cost a case split or a nonlinear term in Int).
 *
 * Values (ordo_ir_val) are either constants, folded by C's evaluator
 * (ordo/expr_eval.h) so that addresses and thread ids stay concrete where the
 * program makes them so, or terms. Constants are kept as the interpreter
 * keeps them (ordo_value_wrap) in both arithmetics.
 *
 * What the translation assumes where C is undefined (the rule of
 * ordo/expr_eval.h): signed overflow wraps in bit-vectors and is exact in Int
 * (both agree with C wherever C defines the result); a division or
 * remainder by zero and a shift out of range are SMT-LIB's total
 * operations (some value, unconstrained by C): the translation does not
 * block there, the interpreter does, so a counterexample that depends on
 * such a value does not replay and is never reported as UNSAFE; an
 * engine that wants the formula to exclude them collects their
 * definedness (ordo_ir_smt.defined). A constant operation that is
 * undefined is not folded (it stays a term).
 *
 * Expressions (ordo_ir_expr) are translated given the caller's leaves:
 * the value of a variable and of a load are the caller's (an SSA index, an
 * event's read value, a memory array's select), so that SSA naming,
 * memory and events stay the engine's. An engine that keeps memory as
 * one SMT array of the interpreter's cells has the cells' translation
 * here too (ordo_ir_mem_sort and after).
 */
#ifndef ORDO_IR_SMT_H
#define ORDO_IR_SMT_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>
#include <ordo/smt.h>

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many values are kept in a value's set (ordo_ir_val). */
#define ORDO_IR_MAX_VALUES 64

/* Where the value sets of a translation are kept (ordo_ir_val_sets_new). */
typedef struct ordo_ir_val_sets ordo_ir_val_sets;
ordo_ir_val_sets *ordo_ir_val_sets_new(void);
void ordo_ir_val_sets_free(ordo_ir_val_sets *sets);

/* The solver and the arithmetic of a translation. */
typedef struct {
    ordo_smt *s;
    bool bv; /* bit-vectors (else mathematical integers) */
    /* NULL, or where the sets of values terms may take are kept: with it,
     * a term knows them where it is an ite over constants, or such a
     * pointer moved by a constant (ordo_ir_val.vals). */
    ordo_ir_val_sets *sets;
    /* NULL, or where the translation conjoins (a Bool term; NULL stands
     * for true) that the divisions, remainders and shifts it translated
     * are defined (divisor not 0, shift amount in [0, width)): a path
     * formula that asserts it admits no execution the interpreter would
     * block. */
    ordo_term *defined;
} ordo_ir_smt;

typedef struct {
    bool is_const;
    int64_t c;       /* is_const: the value (as ordo/expr_eval.h keeps it) */
    ordo_term t;     /* otherwise */
    /* The object a pointer value points into, as the caller numbers its
     * regions, + 1 (0: unknown). Pointer arithmetic at a pointer type
     * keeps its pointer operand's (the left one in the IR: p + i, p - i),
     * an ite keeps its branches' common one; other results have none. */
    unsigned region;
    /* at_offset: the pointer value is `offset` cells past the base of
     * the object it points into (whichever that is, also when region is
     * unknown), as the caller found it. A constant added to or subtracted
     * from it moves the offset, an ite keeps its branches' common one;
     * other results have none. */
    bool at_offset;
    int64_t offset;
    /* n_vals > 0: a term that takes one of the constants vals[0..n_vals)
     * in every model (ascending, kept by ordo_ir_smt.sets): an ite whose
     * leaves are constants or such terms, a pointer among them plus or
     * minus a constant, or a conversion that keeps the value. At most
     * ORDO_IR_MAX_VALUES; other terms have none. */
    unsigned n_vals;
    const int64_t *vals;
} ordo_ir_val;

ordo_sort ordo_ir_sort(const ordo_ir_smt *a, ordo_type t);
ordo_ir_val ordo_ir_const(const ordo_ir_smt *a, ordo_type t, int64_t c);
ordo_ir_val ordo_ir_sym(ordo_term t);
ordo_term ordo_ir_term(const ordo_ir_smt *a, ordo_type t, ordo_ir_val v);
/* The truth of a value of type t (C: != 0) as a Bool term. */
ordo_term ordo_ir_truth(const ordo_ir_smt *a, ordo_type t, ordo_ir_val v);

/* C's operators: result type t, operands of types xt (and yt). */
ordo_ir_val ordo_ir_unop(const ordo_ir_smt *a, ordo_unop op, ordo_type t, ordo_ir_val x,
                         ordo_type xt);
ordo_ir_val ordo_ir_binop(const ordo_ir_smt *a, ordo_binop op, ordo_type t, ordo_ir_val x,
                          ordo_type xt, ordo_ir_val y, ordo_type yt);
/* C's conversion from type `from` to type `to`. */
ordo_ir_val ordo_ir_cast(const ordo_ir_smt *a, ordo_type to, ordo_ir_val x, ordo_type from);
ordo_ir_val ordo_ir_ite(const ordo_ir_smt *a, ordo_type t, ordo_term cond, ordo_ir_val x,
                        ordo_ir_val y);
/* Gives r the values of x and y (a constant is a set of one) when both
 * have them and they are few enough (with a->sets; else r keeps none):
 * the set of a value that is x's or y's. */
void ordo_ir_join_values(const ordo_ir_smt *a, ordo_ir_val *r, ordo_ir_val x, ordo_ir_val y);

/* The leaves of an expression, the caller's: the value of variable
 * e->var (an ORDO_E_VAR) and of the load e (an ORDO_E_LOAD) whose address
 * evaluated to addr. constant may be NULL (then ordo_ir_const of
 * e->value; an engine gives pointer constants their region). */
typedef struct {
    ordo_ir_val (*var)(void *ud, const ordo_expr *e);
    ordo_ir_val (*load)(void *ud, const ordo_expr *e, ordo_ir_val addr);
    ordo_ir_val (*constant)(void *ud, const ordo_expr *e);
    void *ud;
} ordo_ir_leaves;

/* e as a value. Operands are translated left to right, every one (also
 * both branches of a ?: whose condition is constant, and both sides of
 * && and ||, which the IR only has over access-free operands), so that
 * the caller sees each leaf once, in the order of the expression. */
ordo_ir_val ordo_ir_expr(const ordo_ir_smt *a, const ordo_expr *e, const ordo_ir_leaves *l);

/* The values of type t (a pointer: any address of its width). */
void ordo_type_range(ordo_type t, __int128 *lo, __int128 *hi);
/* Int: x, known to lie in [lo, hi], converted to integer or pointer type
 * t as C does: kept when t holds the whole range, else moved by one
 * period where it may leave t's range by less than that, else reduced
 * modulo 2^width. */
ordo_ir_val ordo_ir_int_fit(const ordo_ir_smt *a, ordo_type t, ordo_ir_val x, __int128 lo,
                            __int128 hi);
/* Int: the range of type t as a constraint on term v (true in bv). */
ordo_term ordo_ir_in_range(const ordo_ir_smt *a, ordo_type t, ordo_term v);
/* After SAT: the model value of v, a term of type t, as the interpreter
 * keeps it. false when the model has none. */
bool ordo_ir_model_value(const ordo_ir_smt *a, ordo_type t, ordo_term v, int64_t *out);

/* Memory as the interpreter keeps it (ordo/interp.h), as one SMT array
 * from cell addresses (64-bit unsigned) to cell values (each value
 * extended to 64 bits from its type as a signed number). */
ordo_sort ordo_ir_mem_sort(const ordo_ir_smt *a);
/* An address value of type t as an index of the array. */
ordo_term ordo_ir_cell_index(const ordo_ir_smt *a, ordo_type t, ordo_term addr);
/* A value of type t as a cell holds it, and a cell's value read at type t. */
ordo_term ordo_ir_to_cell(const ordo_ir_smt *a, ordo_type t, ordo_term v);
ordo_term ordo_ir_from_cell(const ordo_ir_smt *a, ordo_type t, ordo_term cell);

/* What an expression asks of the arithmetic (see above). */
typedef enum { ORDO_BV_NONE, ORDO_BV_PREFERRED, ORDO_BV_REQUIRED } ordo_bv_need;

ordo_bv_need ordo_expr_bv_need(const ordo_expr *e);
/* The need of all expressions of a statement (a SEQ's statements too). */
ordo_bv_need ordo_stmt_bv_need(const ordo_stmt *st);

/* The statements of a program that ask for bit-vectors, in one pass. */
typedef struct {
    const ordo_stmt *required;  /* the first that needs them, or NULL */
    const ordo_stmt *preferred; /* the first that prefers them, or NULL */
    size_t n_preferred;         /* how many prefer them */
} ordo_bv_census;

ordo_bv_census ordo_program_bv_census(const ordo_program *p);

/* --arith auto: at most this many statements that Int encodes only with a
 * case split per value or a nonlinear term stay in Int; more (a
 * conversion in a loop body unrolled many times) and bit-vectors are
 * cheaper. */
#define ORDO_MAX_INT_CASE_SPLITS 12

/* The arithmetic a program asks for, one choice for every engine
 * (DESIGN.md "Semantics"): bit-vectors where its meaning depends on them
 * (a statement that needs them: --arith int cannot run it) or where Int
 * would pay a case split or a nonlinear term in more than
 * ORDO_MAX_INT_CASE_SPLITS statements (--arith auto takes bit-vectors);
 * else Int. */
typedef struct {
    bool bv;              /* --arith auto's choice */
    bool required;        /* bit-vectors are needed: --arith int refuses p */
    const ordo_stmt *why; /* bv: the first statement that decided it */
} ordo_arith_choice;

ordo_arith_choice ordo_program_arith_choice(const ordo_program *p);

#ifdef __cplusplus
}
#endif
#endif
