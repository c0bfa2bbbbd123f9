/*
 * The dependency relations of partial-order reduction (thesis Section
 * 3.2.1): D_S (Definition 5's syntactic baseline: the same thread, or a
 * shared place one of the two writes) and D_Π (Definition 5: only the
 * places of vars(Π) count), over the actions of the large-block-encoded
 * CFA, summarised per edge and per location once per program.
 *
 * A place is a global variable, a memory cell at a constant address, or
 * "other memory" (an access whose address is not constant may touch every
 * cell: it counts as an access of all of them and of "other memory").
 * Synchronisation has places that every precision tracks: the cell of
 * each mutex locked at a constant address, the pseudo place of the
 * mutexes (a lock at a computed address may be any), the thread ids
 * (thread start: ids are given in creation order) and the allocator
 * (malloc: fresh addresses in order).
 * A thread's end and a join of it depend on each other (the end enables
 * the join): which thread a join waits for is known only in a state, so
 * the source-set computation (por_source.h) decides that pair. EXIT ends
 * every thread: in the source set it makes every action dependent. An
 * atomic section's begin stops them until its end: it stands for the
 * whole section when the section surely reaches its end (por_atomic.c),
 * else it too makes every action dependent. Future actions never need it: no error
 * follows an EXIT, and an atomic section runs as one block.
 */
#ifndef CEGAR_POR_DEPS_H
#define CEGAR_POR_DEPS_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>

#include "expl.h"

enum {
    POR_HALTS_OTHERS = 1u, /* stops every other thread: EXIT, ATOMIC_BEGIN */
    POR_END = 2u,          /* ends its thread (final location, pthread_exit) */
    POR_JOIN = 4u,
    POR_LOCK = 8u,
    POR_UNLOCK = 16u,
};

/* What a set of actions reads and writes (bitsets over places) and its
 * synchronisation flags. */
typedef struct {
    uint64_t *reads, *writes;
    unsigned flags;
} por_summary;

typedef struct {
    const ordo_program *p;
    unsigned words;          /* bitset words per summary */
    int *var_place;          /* per variable: its place, -1 for non-globals */
    unsigned n_cells;
    uint64_t *cells;         /* constant addresses, sorted: place first_cell + i */
    unsigned first_cell, other_memory, mutexes, thread_ids, allocator, n_places;
    uint64_t *sync_places;   /* the pseudo places: tracked at every precision */
    uint64_t *pointer_targets; /* what an access through an unknown pointer touches */
    uint64_t *mutex_cells;   /* the cells locked at constant addresses (sync places too) */
    por_summary **edge;      /* [proc][edge]: the edge's accesses */
    por_summary **here;      /* [proc][loc]: the edges leaving loc */
    por_summary **future;    /* [proc][loc]: the edges reachable from loc, with the
                                procedures of the threads they may start */
    uint64_t ***guard;       /* [proc][loc]: the places read by loc's assumes that no
                                other edge complements (they may block) */
    uint64_t *pool;
} por_tables;

/* The tables of p (after inlining and LBE). */
void por_tables_init(por_tables *t, const ordo_program *p);
void por_tables_free(por_tables *t);

/* vars(Π) as a place mask (words of t): the variables and cells the
 * precision tracks or its predicates read, and the pseudo places. */
void por_tracked_places(const por_tables *t, const cg_prec *prec, uint64_t *mask);

/* Are future actions `f` of one thread and the actions `here` of another
 * dependent through places, or does `here` halt the others? tracked NULL:
 * D_S; else D_Π with vars(Π) = tracked. (Ends and joins: por_source.h.) */
bool por_dependent(const por_tables *t, const por_summary *f, const por_summary *here,
                   const uint64_t *tracked);

/* Does f write a place of the mask (syntactically, any precision)? */
bool por_writes_any(const por_tables *t, const por_summary *f, const uint64_t *mask);

/* Is the assume `a` first on edge e of f, with another edge of its
 * location starting with its negation (Property 1 holds for the pair)?
 * out: f's out-edge index. */
bool por_assume_complemented(const ordo_proc *f, const ordo_edge_index *out,
                             const ordo_edge *e, const ordo_stmt *a);

/* Edge summaries of proc that open an atomic section become the whole
 * section's, without POR_HALTS_OTHERS, when it surely reaches its end
 * (por_atomic.c). out: the procedure's out-edge index. */
void por_summarise_sections(por_tables *t, unsigned proc, const ordo_edge_index *out);

/* The first statement an edge executes (SEQs opened). */
const ordo_stmt *por_first_statement(const ordo_stmt *st);

/* into |= the accesses and flags of edge `edge` of proc as the statement
 * `evaluated`: the edge's own (its table summary), or DCOI's
 * simplification of it in the current state (coi.h, Chapter 4), whose
 * no-ops access nothing and whose havocs only write. */
void por_join_action(const por_tables *t, por_summary *into, unsigned proc, unsigned edge,
                     const ordo_stmt *evaluated);

/* a |= b (flags too, but POR_HALTS_OTHERS: futures never need it). */
void por_summary_join(const por_tables *t, por_summary *a, const por_summary *b);

#endif
