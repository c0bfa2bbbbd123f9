/*
 * The loops of a program's CFAs (the large-block-encoded ones the cegar
 * engine explores), computed once per run: per procedure, the strongly
 * connected component of every location (scc.h), and per edge where it
 * stands to the loops. Their users derive what they need from this one
 * table: the loop exits whose guards a counterexample relaxes
 * (cex_loops.h), the loop branches whose guards a relaxed core leaves out
 * (refine_loops.h), the thread starts a pool merges (pool.h).
 *
 * SCOI (the analysed program) only turns assignments and havocs into
 * skips: the table of the shown program and of the analysed one are the
 * same.
 */
#ifndef CEGAR_LOOPS_H
#define CEGAR_LOOPS_H

#include <stdbool.h>

#include <ordo/ir.h>

typedef struct cg_loops cg_loops;

cg_loops *cg_loops_new(const ordo_program *p);
void cg_loops_free(cg_loops *l);

/* Is the edge on a cycle of its procedure's CFA, both its ends in one
 * component? */
bool cg_loops_on_cycle(const cg_loops *l, unsigned proc, unsigned edge);
/* Is the edge a loop exit: its source in a component with a cycle, its
 * target outside it, its first statement a guard (an ASSUME)? */
bool cg_loops_exit(const cg_loops *l, unsigned proc, unsigned edge);
/* Does the edge leave a loop branch: a location with an edge on a cycle
 * and one off it (stay in the loop, or leave it)? */
bool cg_loops_branch(const cg_loops *l, unsigned proc, unsigned edge);
/* Is location loc of proc inside the loop that `edge` (an exit of proc)
 * leaves? */
bool cg_loops_inside(const cg_loops *l, unsigned proc, unsigned edge, unsigned loc);

#endif
