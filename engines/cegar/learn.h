/*
 * What a passed assumption teaches the explicit-value domain (thesis
 * Section 2.2.2, EXPL). A condition the abstract state cannot evaluate
 * may still fix tracked places to one value each: `x`, `!x`, `x == k`,
 * `!(x != k)`, a Bool `x != k`, conjunctions of such (THETA's EXPL finds
 * the same single values with a solver, over the whole block). Within
 * the block, a place copied from another one (`t := y`, through
 * value-preserving casts) and not written since fixes that one too, so
 * `t := y; assume !t` teaches y = 0: without it a spurious path that
 * reads y twice differently could be refuted only by tracking how every
 * earlier write computed y.
 */
#ifndef CEGAR_LEARN_H
#define CEGAR_LEARN_H

#include "expl.h"

/* cond, the condition of statement list[at] of the view's thread, holds:
 * writes the values it fixes to the tracked places the view does not
 * know. False when it contradicts a value the view knows (no state). */
bool cg_learn(const expl_view *v, const ordo_stmt *const *list, unsigned at,
              const ordo_expr *cond);

/* After st (an assignment whose value the view did not know) ran: when
 * it copied a tracked place to a tracked variable, the state keeps that
 * fact until either is written, so that learning one teaches the other
 * in later actions too. */
void cg_learn_copy(const expl_view *v, const ordo_stmt *st);

#endif
