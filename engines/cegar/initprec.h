/*
 * The initial precision (--initprec): empty, every guard's atoms
 * (allassumes; Section 3.4.2 used it for the Figure 3.2 family), or the
 * predicates of a file (file:PATH; the thesis' z mod 2 = 0 and x = 0 for
 * Figure 3.2, Section 3.1): PRED starts with them as predicates, EXPL
 * tracks the variables and constant cells they read.
 */
#ifndef CEGAR_INITPREC_H
#define CEGAR_INITPREC_H

#include "expl.h"

/* Adds what allassumes starts with for the domain (pred: predicates, in
 * p's arena; else places). */
void cg_initprec_allassumes(cg_prec *prec, ordo_program *p, bool pred);

/* Adds the predicates of the file at path (--initprec file:PATH; one a
 * line, C syntax over the program's globals, '#' comments): PRED takes
 * their atoms, EXPL the places they read. NULL, or what is wrong with
 * the file (one line naming it, malloc'ed). */
char *cg_initprec_file(cg_prec *prec, ordo_program *p, bool pred, const char *path);

/* PRED: each predicate over a global also over the locals assigned a copy
 * of that global (the front end's temporaries), to a fixpoint; the file
 * and allassumes precisions end with it. */
void cg_initprec_copies(cg_prec *prec, ordo_program *p);

#endif
