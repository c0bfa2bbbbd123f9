/*
 * The abstract data-flow graph with precision (thesis Section 4.1.1,
 * Definitions 11-12) of the dynamic cone of influence (coi.h).
 *
 * Nodes are actions: the edges of every procedure after inlining and
 * large-block encoding. An edge (α, β) says that β may read a place α
 * writes: direct when β is in α's procedure and reachable in its CFA
 * after α on a path that does not write the place again (dfg_clear.c),
 * indirect when a place is shared between threads (also between
 * two threads of one procedure, the thesis' footnote 1). Each edge keeps
 * the places it goes through (its labels, each direct, indirect or both),
 * so that a precision change only filters edges by vars(Π)
 * (cg_dfg_tracked) and the graph is built once per task.
 */
#ifndef CEGAR_DFG_H
#define CEGAR_DFG_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>

#include "cfa_search.h"
#include "expl.h"

/* A place of Definition 11's variables: a variable (all threads' copies
 * alike), a cell at a constant address, or any cell (an address the
 * program computes may touch every cell). */
typedef enum { CG_PLACE_VAR, CG_PLACE_CELL, CG_PLACE_ANY_CELL } cg_place_kind;
typedef struct {
    cg_place_kind kind;
    uint64_t id;       /* VAR: the variable; CELL: the address */
} cg_place;

/* What one action reads and writes (dfg_places.c). */
typedef struct {
    cg_place *reads, *writes;
    unsigned n_reads, n_writes;
    bool *cross;       /* per write: into another thread (a started thread's
                          parameter), so only indirect edges leave it */
    bool observer;     /* a real observer: it can block or branch */
    unsigned *read_id, *write_id; /* the places' ids in the graph (cg_dfg_build) */
} cg_action_places;

/* The places of the action st (a statement or an LBE block) of procedure
 * proc. Real observers (Section 4.1.2, widened to what the transfer can
 * block on): assumes, locks, unlocks, joins, allocations, frees, and any
 * statement whose evaluation may be undefined (a load through a computed
 * address, a division or shift by a non-constant). */
void cg_action_places_of(const ordo_program *p, const ordo_stmt *st, cg_action_places *out);
void cg_action_places_free(cg_action_places *a);
/* Is the statement (no SEQ) a real observer of its own: one that can
 * block or branch? A block is one when any of its statements is. */
bool cg_stmt_observes(const ordo_stmt *st);
/* The places a statement writes (at most one) and reads, for the
 * per-statement rule of coi_simplify.c; false when st writes none. */
bool cg_stmt_write(const ordo_program *p, const ordo_stmt *st, cg_place *w);
void cg_stmt_reads(const ordo_stmt *st, void (*add)(void *ctx, cg_place), void *ctx);

/* CFA reachability of every procedure (dfg_reach.c): which edges a thread
 * at a location may still take. A procedure whose matrix would exceed
 * CG_REACH_MAX_BITS uses the thesis' cheaper alternative (Section 4.1.2):
 * the strongly connected components of its CFA, numbered so that a
 * reachable one never has a larger number, and an edge counts as
 * reachable when its source's component is not larger than the
 * location's (one number per location and edge instead of a bit per
 * pair; it over-approximates more: two branches of one if-then-else may reach
 * each other by this test, when one's number is smaller). */
#define CG_REACH_MAX_BITS (UINT64_C(1) << 27)
typedef struct {
    unsigned n_procs;
    uint64_t **bits;     /* per procedure: n_locs rows of n_edges bits, or NULL */
    unsigned **loc_comp, **edge_comp; /* per procedure without bits: components */
    unsigned *n_edges;
} cg_reach;

void cg_reach_build(cg_reach *r, const ordo_program *p);
/* The same with another matrix limit (0: components everywhere). */
void cg_reach_build_limited(cg_reach *r, const ordo_program *p, uint64_t max_bits);
void cg_reach_free(cg_reach *r);
/* May a thread of proc at loc still take edge? */
bool cg_reach_edge(const cg_reach *r, unsigned proc, unsigned loc, unsigned edge);

/* Def-clear reachability (dfg_clear.c) for the direct edges: does a
 * thread, after the writer's action, reach the reader's action along a
 * path on which no action writes place id again? One search per writer
 * and place that another action of the procedure writes, reused while
 * the same pair asks (cg_dfg_build asks the readers of a place writer by
 * writer); past CG_DEF_CLEAR_MAX_WORK locations and edges searched, CFA
 * reachability answers instead (more edges, never fewer). */
#define CG_DEF_CLEAR_MAX_WORK (UINT64_C(1) << 28)
typedef struct {
    cg_cfa_search search;     /* forward; seen[]: the last search's locations */
    unsigned writer, place;   /* the last pair asked */
    bool searched;            /* ... and whether seen[] answers for it */
    uint64_t work;            /* locations and edges searched so far */
} cg_def_clear;

enum { CG_DFG_DIRECT = 1, CG_DFG_INDIRECT = 2 };

typedef struct {
    cg_place place;
    unsigned char kinds;  /* CG_DFG_DIRECT | CG_DFG_INDIRECT */
} cg_dfg_label;

typedef struct {
    unsigned src, dst;    /* nodes: dst observes src */
    unsigned first_label, n_labels;
} cg_dfg_edge;

/* Places by dense id: the variables, the constant cells, any cell. */
typedef struct {
    unsigned n_vars, n_cells;
    uint64_t *cells;          /* sorted addresses */
} cg_place_ids;

/* The writers (with their cross flag) and readers of each place id. */
typedef struct {
    unsigned n;
    unsigned *w_start, *r_start;   /* CSR by place id */
    unsigned *w_node, *r_node;
    bool *w_cross;
} cg_access_lists;

typedef struct {
    unsigned n_nodes;
    unsigned *node_base;      /* per procedure: its edge 0's node */
    unsigned *node_proc;      /* per node */
    cg_action_places *places; /* per node */
    cg_reach reach;
    unsigned n_edges;
    cg_dfg_edge *edges;       /* by (src, dst) */
    cg_dfg_label *labels;
    /* the edges with a direct label, by source and by target */
    unsigned *dout_start, *dout_edge, *din_start, *din_edge;
    cg_place_ids ids;
    cg_access_lists access;
    bool *shared;             /* per place id: seen by other threads */
    bool overflow;            /* more than CG_DFG_MAX_PAIRS: indirect-only edges
                                 dropped (statistics only: Algorithm 2 follows
                                 indirect observations by place) */
    bool too_big;             /* twice as many: no edges, every action counts as
                                 observed */
} cg_dfg;

#define CG_DFG_MAX_PAIRS (1u << 22)

void cg_def_clear_init(cg_def_clear *d, const ordo_program *p);
void cg_def_clear_free(cg_def_clear *d);
/* May thread of the writer's procedure, after the writer's action, take
 * the reader's action (same procedure) without writing place id between? */
bool cg_def_clear_reaches(cg_def_clear *d, const cg_dfg *g, unsigned writer, unsigned id,
                          unsigned reader);

/* Builds the graph of p (Definition 12, every place tracked: labels, not
 * edges, depend on the precision); at worst quadratic in p's edges. */
void cg_dfg_build(cg_dfg *g, const ordo_program *p);
void cg_dfg_free(cg_dfg *g);
cg_place cg_dfg_place(const cg_dfg *g, unsigned id);
static inline unsigned cg_dfg_any_cell(const cg_dfg *g)
{
    return g->ids.n_vars + g->ids.n_cells;
}
static inline unsigned cg_dfg_node(const cg_dfg *g, unsigned proc, unsigned edge)
{
    return g->node_base[proc] + edge;
}

/* vars(Π) (dfg_tracked.c): the places a precision keeps, the variables
 * and cells of EXPL and the places PRED's predicates read. */
typedef struct {
    unsigned n_vars;
    bool *vars;
    unsigned n_cells;
    uint64_t *cells;      /* sorted */
    bool any_cell;        /* a predicate reads through a computed address */
} cg_tracked;

void cg_tracked_of(cg_tracked *t, const cg_prec *prec);
void cg_tracked_free(cg_tracked *t);
/* Is a place in vars(Π)? (a computed address: when some cell is) */
bool cg_tracked_has(const cg_tracked *t, cg_place place);
/* The kinds of edge e that vars(Π) keeps (Definition 11: written(α) ∩
 * read(β) ∩ vars(Π) ≠ ∅): the union over its tracked labels. */
unsigned char cg_dfg_tracked_kinds(const cg_dfg *g, unsigned e, const cg_tracked *t);

#endif
