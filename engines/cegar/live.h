/*
 * Dead locals (live-variable analysis over each procedure's large-block
 * encoded CFA): a thread's local that no path from its location reads
 * before writing cannot change what the thread does, so the abstract
 * state forgets its value. Without this, copies of dead temporaries
 * (`__t3 := y` for a test that is over) keep states apart that agree on
 * everything still to come, and an ARG that tracks them is many times
 * larger (the pthread-wmm tasks). Globals, thread-locals and memory are
 * shared or long-lived and are never forgotten.
 */
#ifndef CEGAR_LIVE_H
#define CEGAR_LIVE_H

#include <ordo/ir.h>

typedef struct cg_live cg_live;

cg_live *cg_live_new(const ordo_program *p);
void cg_live_free(cg_live *l);
/* The locals of proc that are live before edge `edge` or that it writes,
 * and dead after it (n of them). */
const unsigned *cg_live_dead_after(const cg_live *l, unsigned proc, unsigned edge, unsigned *n);
/* Is var live at location loc of proc: read on some path from loc before
 * it is written? Variables that are not proc's locals always are. */
bool cg_live_at(const cg_live *l, unsigned proc, unsigned loc, unsigned var);
/* The locals of proc dead at its initial location, at location loc. */
const unsigned *cg_live_dead_at_start(const cg_live *l, unsigned proc, unsigned *n);
const unsigned *cg_live_dead_at(const cg_live *l, unsigned proc, unsigned loc, unsigned *n);

#endif
