/*
 * --prune lazy (thesis Section 2.2.4; THETA's lazy pruning): after a
 * refinement the ARG is kept, and only the subtree of the counterexample's
 * pivot goes: the first node of the path whose abstract state changes
 * when its action is taken again, from its (kept) parent's state, under
 * the refined precision. The parent is re-opened (its missing child is
 * computed again), and every node a pruned node covered is uncovered.
 * Kept nodes stay at the precision they were built with: coarser states,
 * so still sound; a spurious path through them is refined again.
 *
 * With AASPOR, a kept node's source set was computed with an older D_Π
 * (fewer dependent actions): every kept node POR reduced under an older
 * precision version is re-opened too, and its re-expansion adds the
 * actions of its new source set it has no child for (por_source.h).
 */
#ifndef CEGAR_PRUNE_H
#define CEGAR_PRUNE_H

#include "arg.h"

/* Prunes arg after the refinement of the path to `error` (m at the
 * refined precision). False when no node of the path changes: the caller
 * must start a new ARG (full prune). */
bool cg_prune_lazy(cg_model *m, cg_arg *arg, unsigned error, bool reexpand_reduced);

#endif
