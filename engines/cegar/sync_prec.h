/*
 * The places mutex addresses and joined thread ids are computed from,
 * tracked from the first iteration: the synchronisation state is exact in
 * every domain, so the abstraction must know which mutex a lock takes and
 * which thread a join waits for (else every ended thread may be the one).
 */
#ifndef CEGAR_SYNC_PREC_H
#define CEGAR_SYNC_PREC_H

#include "expl.h"

/* Adds to prec the variables and cells that the address of some LOCK or
 * UNLOCK, or the thread id of some JOIN, depends on through assignments
 * and thread starts (a static closure over all threads). A load or store
 * at a computed address into a static object (t[i]) tracks the whole
 * object and the places of the address. */
void cg_prec_add_sync_sources(cg_prec *prec, const ordo_program *p);

#endif
