/*
 * Printing IR programs: readable text (one block per procedure, one line
 * per edge) and Graphviz dot (one cluster per procedure).
 */
#ifndef ORDO_IR_PRINT_H
#define ORDO_IR_PRINT_H

#include <stdio.h>

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "i32", "u8", "bool", "ptr64", ... into buf (at least 8 bytes). */
const char *ordo_type_name(ordo_type t, char *buf);
void ordo_print_expr(FILE *out, const ordo_program *p, const ordo_expr *e);
void ordo_print_stmt(FILE *out, const ordo_program *p, const ordo_stmt *s);
void ordo_print_program(FILE *out, const ordo_program *p);
void ordo_print_program_dot(FILE *out, const ordo_program *p);

#ifdef __cplusplus
}
#endif
#endif
