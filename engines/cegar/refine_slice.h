/*
 * The fallback of unsat-core refinement (EXPL, refine.h) when the core's
 * places are all tracked already: the abstraction still could not refute
 * the path, so one of them was unknown where the core reads it, lost at
 * an earlier write on the path that read an untracked place. Going back
 * along the path's data dependences (the last write of each place a
 * core statement reads, then of what that write read, ...), the places
 * the nearest such writes read become tracked: a backward slice of the
 * path, one level of it per refinement.
 */
#ifndef CEGAR_REFINE_SLICE_H
#define CEGAR_REFINE_SLICE_H

#include "path.h"

/* After UNSAT, core (n label indices) tracking nothing new: tracks the
 * places of the nearest level of the core's slice that adds any; returns
 * how many were new (0: the whole slice is tracked). */
unsigned cg_refine_slice(const cg_path *pf, cg_prec *prec, const unsigned *core, unsigned n);

#endif
