/* Private: copying expressions and statements into a program, renaming
 * variables (used by ordo_program_clone and the passes). */
#ifndef ORDO_IR_COPY_H
#define ORDO_IR_COPY_H

#include <ordo/ir.h>

typedef struct {
    /* NULL: variables keep their numbers; else the new index of each old
     * variable index below n_map (others keep theirs) */
    const unsigned *map;
    unsigned n_map;
    /* copying into another program: source file names are duplicated
     * into its arena (consecutive equal names share one copy) */
    bool dup_strings;
    const char *last_src, *last_dst;
} ordo_copy_ctx;

const ordo_expr *ordo_copy_expr(ordo_program *dst, const ordo_expr *e, ordo_copy_ctx *c);
ordo_lvalue ordo_copy_lvalue(ordo_program *dst, const ordo_lvalue *lv, ordo_copy_ctx *c);
ordo_stmt *ordo_copy_stmt(ordo_program *dst, const ordo_stmt *s, ordo_copy_ctx *c);

#endif
