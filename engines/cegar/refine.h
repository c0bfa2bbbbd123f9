/*
 * Precision refinement (thesis Section 2.2.4) from an unsat core of the
 * path formula, EXPL: the places of its statements become tracked (PRED:
 * wp.h).
 */
#ifndef CEGAR_REFINE_H
#define CEGAR_REFINE_H

#include "path.h"

/* After UNSAT: adds the places of the core's statements to prec; returns
 * how many were new (0: the refinement cannot make progress). */
unsigned cg_refine_unsat_core(cg_path *pf, cg_prec *prec);

/* The places of the statements of n labels become tracked, else (none
 * new) those of the nearest level of their backward slice that adds any
 * (refine_slice.h); returns how many were new. */
unsigned cg_refine_places(const cg_path *pf, cg_prec *prec, const unsigned *labels, unsigned n);

#endif
