/* The value sets of ordo_ir_val (ordo/ir_smt.h): private to ir_smt.c and
 * ir_smt_vals.c. */
#ifndef ORDO_IR_SMT_VALS_H
#define ORDO_IR_SMT_VALS_H

#include <ordo/ir_smt.h>

/* The set of r = x + d at pointer type t (bit-vectors: wrapping modulo
 * 2^width, as the term does; Int: exact, as the term is). */
void ir_vals_moved(const ordo_ir_smt *a, ordo_ir_val *r, ordo_type t, ordo_ir_val x, int64_t d);

#endif
