/*
 * Static (abstraction-aware) partial-order reduction (thesis Section 3.3,
 * Algorithm 1): the successors of a state under a source set instead of
 * every enabled action. SPOR uses D_S, AASPOR D_Π with the current
 * precision (por_deps.h).
 *
 * The source set is computed per thread: the actions of one thread are
 * mutually dependent, so Algorithm 1 adds all of a thread's enabled
 * actions or none. Seed: Algorithm 1 may start from any enabled action;
 * the successors take, of the sets seeded by each thread that may run,
 * the one with the fewest actions (ties: the lowest-numbered seed, thread
 * ids of state.h). When a whole source set turns out disabled (its
 * threads have no successor), the smallest set seeded outside it is
 * taken next. cg_por_source_set computes the set of a given seed.
 *
 * Actions that can block (issue item 4; Theorem 3 needs Property 1: the
 * guards leaving a location cover every case). A lock or join is tracked
 * exactly (state.h), so a blocked one is never enabled and never seeds.
 * An assume that no other edge of its location complements may block
 * where the abstraction does not know so; the future actions of a thread
 * include the actions of every thread they may unblock (Definition 9:
 * may-enabled) -- a write of a place the assume reads (at any precision),
 * an unlock for a lock, the thread's end for a join of it -- so the
 * threads that can unblock a thread of the source set join it (their
 * future reaches a thread of the set: dependent, same thread).
 *
 * Cycles and coverage (issue item 5, Theorem 2's condition 2): the ARG is
 * a tree, so every cycle of the reduced state space closes through a
 * covered node. Once the search has expanded every node, each terminal
 * strongly connected component of the reduced graph without a fully
 * expanded node gets one (por_proviso.h), and the search goes on; so no
 * action is postponed forever. This holds for DFS and BFS alike.
 *
 * Refinement (issue item 3): with --prune full, loop.c builds a new ARG
 * after every refinement, and D_Π is taken from the precision that ARG is
 * built with, so no reduction made under an older precision survives.
 * With --prune lazy (prune.h), every kept node AASPOR reduced under an
 * older precision is re-expanded: the actions of its new source set that
 * it has no child for are added.
 */
#ifndef CEGAR_POR_SOURCE_H
#define CEGAR_POR_SOURCE_H

#include "por_deps.h"
#include "transfer.h"

typedef struct {
    double enabled_actions;    /* outgoing edges of the threads that may run */
    double source_set_actions; /* of the threads whose successors were taken */
    double fully_expanded;     /* expansions the cycle/coverage proviso completed */
    double time_s;             /* CPU time of source sets and futures */
} cg_por_stats;

typedef struct cg_por {
    por_tables tables;
    bool aware;              /* AASPOR (D_Π), else SPOR (D_S) */
    uint64_t *tracked;       /* vars(Π) of the current ARG (AASPOR) */
    cg_por_stats stats;
    /* scratch of one state, per thread */
    unsigned cap;
    bool *runnable, *taken, *reached;   /* reached: n x n */
    por_summary *future, here_of_set;
    const ordo_stmt **join;  /* the join at the thread's location, or NULL */
    int64_t *join_id;        /* the thread it waits for, -1 unknown */
    unsigned *members, n_members;     /* the set's threads, in order added */
    unsigned *enablable, n_enablable; /* the threads a future may enable */
    uint64_t *words;
} cg_por;

void cg_por_init(cg_por *por, const ordo_program *p, bool aware);
void cg_por_free(cg_por *por);
/* The precision the next ARG is built with (D_Π's vars(Π)). */
void cg_por_set_precision(cg_por *por, const cg_prec *prec);

/* Algorithm 1 for seed `seed`: in_set[t] marks the threads of the source
 * set. Only threads that may run are added (not ended, not shut out by an
 * atomic section, not at a held lock or at a join of a running thread).
 * Exposed for the tests; cg_por_successors uses the same steps. */
void cg_por_source_set(cg_por *por, const cg_model *m, const cg_state *s, unsigned seed,
                       bool *in_set);
/* Appends the successors of s under a source set to out. */
void cg_por_successors(cg_por *por, cg_model *m, const cg_state *s, cg_succs *out);
/* Did the last cg_por_successors of s leave out threads that may run? */
bool cg_por_postponed(const cg_por *por, const cg_state *s);
/* The proviso (por_proviso.h): appends the successors of s under the
 * threads that may run and taken[t] does not mark (the threads whose
 * successors an earlier expansion took); false when there is none. */
bool cg_por_expand_fully(cg_por *por, cg_model *m, const cg_state *s, const bool *taken,
                         cg_succs *out);

#endif
