/*
 * Private helpers of the core over IR statements and expressions: which
 * of them touch shared state (globals, memory cells) or synchronise.
 */
#ifndef ORDO_IR_WALK_H
#define ORDO_IR_WALK_H

#include <ordo/ir.h>

/* Does evaluating e read a global variable or a memory cell? */
bool ordo_expr_is_shared(const ordo_program *p, const ordo_expr *e);
/* Does assigning lv (address included) touch shared state? */
bool ordo_lvalue_is_shared(const ordo_program *p, const ordo_lvalue *lv);
/* Statements that synchronise or end the program: always visible steps. */
bool ordo_stmt_kind_is_sync(ordo_stmt_kind k);
/* Visible in the sense of trace.h: a shared access or a synchronisation
 * (RETURN's write to the caller's left-hand side is not counted here). */
bool ordo_stmt_is_visible(const ordo_program *p, const ordo_stmt *s);

#endif
