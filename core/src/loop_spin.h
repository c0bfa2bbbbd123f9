/* Private: loops that only wait (used by the unroll pass, passes.h). */
#ifndef ORDO_LOOP_SPIN_H
#define ORDO_LOOP_SPIN_H

#include <ordo/ir.h>

/* Whether the natural loop (h, loop) of procedure f spins: its iterations
 * have no effect but reading. Every statement on an edge inside the loop
 * is a skip, an assume or an assignment (or havoc) of a local, and no local
 * the loop assigns is live at h (each iteration sets it before reading
 * it, and so does every path on from h). An execution that leaves such a
 * loop after n iterations then equals one that leaves it after the first
 * with the last iteration's reads: the unroll pass keeps one iteration,
 * complete, where a waiting loop like `while (!flag);` would otherwise
 * be cut at every bound. */
bool loop_spins(const ordo_program *p, const ordo_proc *f, const ordo_edge_index *out,
                const bool *loop, unsigned h);

#endif
