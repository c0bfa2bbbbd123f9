/*
 * Counter-free refinement (--loop-cores relaxed): which unsat core of a
 * spurious path the refiner reads (thesis Section 2.3 leaves the choice of
 * core, or interpolant, to the refiner).
 *
 * A path that leaves a loop early, such as a thread-creation loop of
 * 10000 iterations left after 3, is refuted by the loop's counter alone:
 * the core i := 0; i := i + 1 (3 times); assume !(i < 10000) is what a
 * solver often finds, and its weakest preconditions, i + 3 < 10000, then
 * i + 4 < 10000, ..., unroll the loop one iteration per refinement. When
 * the path is infeasible for a reason of its data as well (a racefree
 * counter that cannot be nonzero), that reason generalises over every
 * number of iterations.
 *
 * The guards of loop branches (the assumptions of the edges leaving a
 * location that has an edge on a cycle of its CFA and one off it: stay in
 * the loop, or leave it) are dropped from the path formula, and the path
 * is checked again: unsatisfiable, its core names no loop guard and
 * refines the precision without counter predicates; satisfiable (the
 * loop's bound is why the path is spurious), the path is checked whole
 * again and its core refines as before. A heuristic choice among cores:
 * any core of an unsatisfiable path refutes the path, so soundness, and
 * the progress check (a refinement that adds nothing ends the run), are
 * those of the refiner it feeds.
 */
#ifndef CEGAR_REFINE_LOOPS_H
#define CEGAR_REFINE_LOOPS_H

#include "path.h"

typedef struct cg_loop_guards cg_loop_guards;

/* The loop guards of p (the analysed program, whose statements the path
 * formula's labels name). */
cg_loop_guards *cg_loop_guards_new(const ordo_program *p);
void cg_loop_guards_free(cg_loop_guards *g);

/* After pf was found UNSAT: checks it again without the labels of loop
 * guards. True when that is UNSAT too: the core cg_path_core reads is
 * then one without them. False when the path had no loop guard, or
 * needs one: then the whole path is checked again, its core the one
 * cg_path_core reads. */
bool cg_loop_guards_relax(const cg_loop_guards *g, cg_path *pf);
/* Checks pf without the labels of loop guards (g NULL: with all labels). */
ordo_smt_result cg_loop_guards_check(const cg_loop_guards *g, cg_path *pf);

#endif
