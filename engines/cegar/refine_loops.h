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

#include "guard_set.h"

typedef struct cg_loop_guards cg_loop_guards;

/* The loop guards of p (the analysed program, whose statements the path
 * formula's labels name): the assumptions of its loop branches (loops.h,
 * cg_loops_branch; loops: p's). */
cg_loop_guards *cg_loop_guards_new(const ordo_program *p, const cg_loops *loops);
void cg_loop_guards_free(cg_loop_guards *g);

/* After pf was found UNSAT: checks it again without the labels of loop
 * guards. True when that is UNSAT too: the core cg_path_core reads is
 * then one without them. False when the path had no loop guard, or
 * needs one: then the whole path is checked again, its core the one
 * cg_path_core reads. */
bool cg_loop_guards_relax(const cg_loop_guards *g, cg_path *pf);
/* Checks pf without the labels of loop guards (g NULL: with all labels). */
ordo_smt_result cg_loop_guards_check(const cg_loop_guards *g, cg_path *pf);

/* EXPL, after cg_loop_guards_relax: the solver's core is not minimal, and
 * a core without the guards may still hold a counter's assignments (z3
 * names the `i := 0` of goblint-regression 28-race_reach's creation loop
 * beside the statements on the racy counter that refute the path). EXPL
 * would track the counter and unroll the loop the relaxation was meant to
 * spare (10,000 iterations: out of memory), where PRED only takes the
 * weakest preconditions of the core's conditions. Each of the n labels of
 * core (indices into pf's labels) that assigns a variable a loop guard
 * reads is dropped in turn while the rest of the core keeps pf UNSAT (one
 * check each; deletion-based minimisation restricted to the counters).
 * Returns the new size, the order kept. Any subset left is still a core,
 * so the refinement still excludes the path. */
unsigned cg_loop_guards_drop_counters(const cg_loop_guards *g, cg_path *pf, unsigned *core,
                                      unsigned n);

#endif
