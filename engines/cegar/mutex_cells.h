/*
 * The case split of a lock or unlock whose address the abstract state does
 * not know (a mutex picked by a nondeterministic index, lock(&a[i].m)),
 * for --por nopor only: the split breaks action-determinism, as --maxenum
 * N > 1 does.
 *
 * The synchronisation state stays exact: the action is taken once per
 * candidate cell, the choice recorded in the action (cg_action.mutex) and
 * in the path formula as "address == cell" (path.c), so that a choice no
 * execution makes is a spurious path like any other. One more successor
 * stands for every other address ("outside": address != 0 and no
 * candidate; a lock of 0 has no successor, as for a known address). It
 * is a target the refiner checks like an error node (loop.c): infeasible,
 * its path refines the precision (wp.c: the predicate "address is a
 * candidate"); feasible, its model's address and every further one the
 * path allows become candidates (cg_mutex_cells_learn) and the ARG is
 * built anew, or, past CG_MUTEX_CELLS_MAX, the run ends unsupported. The
 * candidates and the outside case together cover every address, whatever
 * the candidates are: no execution is lost, so a SAFE stays a proof; the
 * candidates only decide how soon the outside case becomes infeasible.
 *
 * A statement is split only once tracking the places its address is
 * computed from failed (loop.c, learn_mutex_address); statements are
 * named by their procedure and edge (the same in the analysed program,
 * DCOI's simplifications of it and the refiner's paths).
 */
#ifndef CEGAR_MUTEX_CELLS_H
#define CEGAR_MUTEX_CELLS_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>

/* cg_action.mutex: no choice (the address was known), or the outside
 * case; else the chosen cell. */
#define CG_MUTEX_UNSPLIT UINT64_C(0)
#define CG_MUTEX_OUTSIDE UINT64_MAX
/* Candidates of one statement at most. */
#define CG_MUTEX_CELLS_MAX 256u

typedef struct cg_mutex_cells cg_mutex_cells;

cg_mutex_cells *cg_mutex_cells_new(void);
void cg_mutex_cells_free(cg_mutex_cells *mc);
/* Edge `edge` of procedure proc (its one lock or unlock) is split from
 * now on, with no candidate yet. */
void cg_mutex_cells_split(cg_mutex_cells *mc, unsigned proc, unsigned edge);
/* Is that edge split? Its candidates, ascending, in (*cells, *n). */
bool cg_mutex_cells_of(const cg_mutex_cells *mc, unsigned proc, unsigned edge,
                       const uint64_t **cells, unsigned *n);
/* Adds a candidate (0 never is one) to a split edge (one it has already
 * is kept); false when the edge is not split, the cell is 0 or
 * CG_MUTEX_OUTSIDE, or the edge has CG_MUTEX_CELLS_MAX others already. */
bool cg_mutex_cells_add(cg_mutex_cells *mc, unsigned proc, unsigned edge, uint64_t cell);

#endif
