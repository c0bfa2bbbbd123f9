/*
 * The places mutex addresses are computed from, tracked from the first
 * iteration: the synchronisation state is exact in every domain, so the
 * abstraction must know which mutex a lock takes.
 */
#ifndef CEGAR_SYNC_PREC_H
#define CEGAR_SYNC_PREC_H

#include "expl.h"

/* Adds to prec the variables and constant-address cells that the address
 * of some LOCK or UNLOCK depends on through assignments (a static
 * closure over all threads). */
void cg_prec_add_mutex_sources(cg_prec *prec, const ordo_program *p);

#endif
