/*
 * Precision refinement (thesis Section 2.2.4). unsat-core (EXPL): the
 * places of the statements in an unsat core of the path formula become
 * tracked.
 */
#ifndef CEGAR_REFINE_H
#define CEGAR_REFINE_H

#include "path.h"

/* After UNSAT: adds the places of the core's statements to prec; returns
 * how many were new (0: the refinement cannot make progress). */
unsigned cg_refine_unsat_core(cg_path *pf, cg_prec *prec);

#endif
