/*
 * Int arithmetic (arith.h) and memory cells read at several types. The
 * path formula's memory array holds every value as a cell does (a signed
 * 64-bit number, ir_smt.h): for every integer type narrower than 64 bits
 * the value itself. Reading such a value at a narrower type converts it
 * modulo 2^width, exact but a modulus for the solver at every load. A
 * load need not convert when every value the cells it may read can hold
 * lies in its type's range (an int array read as int), and converts by
 * one period where they lie less than one period outside (an int read as
 * unsigned): ordo_ir_int_fit with the range found here.
 *
 * The range is found statically, over the whole program (oc's
 * cell_ranges.h finds it per walk): per static object, its initial
 * values, 0 and the types of the stores that may reach it (a store at a
 * constant base plus offset reaches that base's object, mem_objects.h;
 * one through a pointer every escaping object and the heap). A load
 * through a pointer may read any escaping object or the heap. An access
 * beyond its object's bounds, which C leaves undefined, is not followed.
 */
#ifndef CEGAR_CELL_VALUES_H
#define CEGAR_CELL_VALUES_H

#include <ordo/ir.h>

typedef struct cg_cell_values cg_cell_values;

/* The ranges of the cells of p (the analysed program). */
cg_cell_values *cg_cell_values_new(const ordo_program *p);
void cg_cell_values_free(cg_cell_values *v);
/* The values the cells a load at addr may read can hold, [*lo, *hi]. */
void cg_cell_values_at(const cg_cell_values *v, const ordo_expr *addr, __int128 *lo,
                       __int128 *hi);

#endif
