/*
 * Counterexamples behind counted loops (thesis Section 2.3: an abstract
 * counterexample is either realised or refined away). A path that leaves
 * a loop after a few iterations, where the program runs many more (a
 * loop creating 10,000 threads), is spurious only because the loop's
 * guard still holds at the exit; refining it away adds one predicate per
 * iteration. Before the refinement, a path that leaves a loop is realised
 * on the IR interpreter: the path's steps in its order, except that a
 * thread which left a loop early runs its loop on until it takes the exit
 * (the threads it creates meanwhile exist and are never scheduled, which
 * a scheduler allows); its nondeterministic values all 0, then all 1,
 * then, when the path is satisfiable with the guards of its loop exits
 * relaxed, the relaxed model's.
 * Sound: only a schedule the interpreter replays to the error on the
 * front end's program is reported; any other attempt changes nothing.
 */
#ifndef CEGAR_CEX_LOOPS_H
#define CEGAR_CEX_LOOPS_H

#include <ordo/plugin.h>
#include <ordo/trace.h>

#include "cegar.h"
#include "loops.h"
#include "path.h"

/* pf: the spurious path of actions/states (n actions, arg.h), UNSAT;
 * loops: the loops of its program (loops.h: its exits are relaxed);
 * afterwards its solver holds the path's own unsat core again. Returns a
 * trace that replays to the error on `original`, or NULL. Interpreter
 * steps are bounded by cfg->loop_cex_steps over the whole run (counted in
 * c->loop_cex_steps; 0: never tried). */
ordo_trace *cg_cex_loops(cg_path *pf, const ordo_program *original, const cg_loops *loops,
                         const cg_config *cfg, const ordo_deadline *d, cg_counters *c,
                         const cg_action *actions, const cg_state *const *states, unsigned n);

#endif
