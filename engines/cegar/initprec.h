/*
 * The initial precision (--initprec): empty, or every guard's atoms
 * (allassumes; Section 3.4.2 used it for the Figure 3.2 family): PRED
 * starts with them as predicates, EXPL tracks the variables and constant
 * cells they read.
 */
#ifndef CEGAR_INITPREC_H
#define CEGAR_INITPREC_H

#include "expl.h"

/* Adds what allassumes starts with for the domain (pred: predicates, in
 * p's arena; else places). */
void cg_initprec_allassumes(cg_prec *prec, ordo_program *p, bool pred);

#endif
