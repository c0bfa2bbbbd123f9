/*
 * A feasible abstract counterexample as a trace the interpreter replays
 * (trace.h): one step per visible edge of the path (an atomic section is
 * one step, ending at its ATOMIC_END or at the ERROR inside it), the values of the path formula's
 * model for its havocs, per thread in order.
 */
#ifndef CEGAR_CEX_H
#define CEGAR_CEX_H

#include <ordo/trace.h>

#include "path.h"

/* Does the path's action i end one of the interpreter's steps? A visible
 * edge does, unless its thread is inside an atomic section after it: that
 * section runs to its ATOMIC_END as one step, or, when the path ends inside
 * it (an assertion in a __VERIFIER_atomic_ function), to the ERROR. */
bool cg_cex_ends_step(const ordo_program *shown, const cg_action *actions,
                      const cg_state *const *states, unsigned i, unsigned n);

/* states: n + 1 states along the path (arg.h: cg_arg_path). shown: the
 * program before SCOI, whose statements say which edges are visible. */
ordo_trace *cg_cex_trace(cg_path *pf, const ordo_program *shown, const cg_action *actions,
                         const cg_state *const *states, unsigned n);

#endif
