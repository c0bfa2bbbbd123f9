/*
 * Dynamic cone-of-influence statement reduction (thesis Chapter 4,
 * Algorithm 2; `--coi dcoi`). Before the transfer computes the successor
 * of an outgoing action α of a state, it asks whether a real observer
 * (dfg.h: an action that can block or branch) can transitively observe α
 * through edges of the data-flow graph that are enabled in the state
 * (Definitions 13-14, over-approximated by CFA reachability of every live
 * thread's location and of every thread that may still be created). An
 * unobserved write to a place of vars(Π) becomes `havoc`, to any other
 * place a no-op (coi_simplify.c); guards are never simplified, but the
 * assignments of a block with a guard are, one by one.
 *
 * Only the abstractor evaluates the simplified action: the ARG keeps the
 * action (thread, edge), so the counterexample the refiner encodes and
 * the schedule the interpreter replays carry the original statements
 * (Section 4.1.3). Partial-order reduction reads the accesses of the
 * statement cg_coi_peek returns (por_deps.h, por_join_action): simplified
 * actions depend on fewer others (the exponential gain of Section 4.2's
 * Figure 3.2 example, RQ4.4).
 */
#ifndef CEGAR_COI_H
#define CEGAR_COI_H

#include "dfg.h"
#include "state.h"

typedef struct cg_coi cg_coi;

typedef struct {
    double evaluated;    /* statements of the actions the abstractor evaluated */
    double havoc, nop;   /* of those, assignments made havoc / no-ops */
    double time_s;       /* CPU time of the decisions and the graph's build */
    double dfg_s;        /* CPU time of the graph's build */
    bool gave_up;        /* its overhead passed CG_COI_MAX_SHARE of the CPU time */
} cg_coi_stats;

/* DCOI stops simplifying (every action is evaluated as written, which is
 * always sound) once its own time passes this share of the process' CPU
 * time (and half a second): the per-state decision costs up to the size
 * of the graph, which a few programs make too large to pay back. */
#define CG_COI_MAX_SHARE 0.05

/* Builds the data-flow graph of p (after inlining and LBE; p must outlive
 * the result). */
cg_coi *cg_coi_new(const ordo_program *p);
void cg_coi_free(cg_coi *c);
/* A new precision (a new version: the decisions cached so far go). */
void cg_coi_set_precision(cg_coi *c, const cg_prec *prec);
/* The statement the abstractor evaluates when thread t of s takes edge
 * (an index in its procedure's edges): the edge's, or its simplification. */
const ordo_stmt *cg_coi_stmt(cg_coi *c, const cg_state *s, unsigned t, unsigned edge);
/* The same statement without counting it as evaluated (partial-order
 * reduction reads the actions' accesses before the abstractor runs). */
const ordo_stmt *cg_coi_peek(cg_coi *c, const cg_state *s, unsigned t, unsigned edge);
const cg_coi_stats *cg_coi_stats_of(const cg_coi *c);
/* Per variable of the program: is its value in s dead, read by no action
 * a real observer can transitively observe from s (Algorithm 2's
 * observation, at the current precision), or, for a procedure's local,
 * by none before its thread writes it again (coi_live.c)? Nothing any
 * guard checks depends on that value, and it stays dead in every
 * successor by an action that does not write the variable (enabled edges
 * only shrink along a path). NULL once DCOI gave up. */
const bool *cg_coi_dead_vars(cg_coi *c, const cg_state *s);
/* EXPL: the dead variables of s become unknown (expl.h: top). Two states
 * at one control state then differ only in what an observer may read,
 * so a DCOI havoc on one path and an assignment on another do not keep
 * one from covering the other. Sound (unknown over-approximates), and no
 * guard reads what it forgets, so no new spurious path either. */
void cg_coi_forget_dead(cg_coi *c, cg_state *s);
/* Did DCOI make the action `original` a no-op (evaluated: what
 * cg_coi_stmt returned)? Then the successor is the state with the
 * thread's new location (Algorithm 2, lines 15-17): PRED keeps the
 * predicate values without asking the solver. */
bool cg_coi_is_nop(const ordo_stmt *evaluated, const ordo_stmt *original);
const cg_dfg *cg_coi_dfg(const cg_coi *c);

/* One state's view of the graph (coi_observe.c): who may still take each
 * action, and the actions from which enabled edges lead to a real
 * observer some thread may still take. */
typedef struct {
    const ordo_program *p;
    const cg_dfg *g;
    /* per precision (cg_observation_track) */
    const cg_tracked *vars;
    bool *tracked;               /* per place id */
    unsigned char *edge_kinds;   /* per graph edge: the kinds vars(Π) keeps */
    /* per state */
    uint32_t *who;               /* per node: which threads may take it */
    bool *observed;              /* per node */
    bool *creatable;             /* per procedure */
    uint32_t *readers;           /* per place id: threads of its observed readers */
    uint32_t any_write;          /* ... of those a write through a computed address feeds */
    unsigned *work, n_work;
    unsigned *place_work, n_place_work;
    bool *queued;
    cg_place *kept;              /* cg_observation_kept's answer */
    unsigned cap_kept;
} cg_observation;

void cg_observation_init(cg_observation *o, const ordo_program *p, const cg_dfg *g);
void cg_observation_free(cg_observation *o);
void cg_observation_track(cg_observation *o, const cg_tracked *t);
void cg_observation_of(cg_observation *o, const cg_state *s);
/* Does no observed action that may still run read place id? (after
 * cg_observation_of) */
bool cg_observation_unread(const cg_observation *o, unsigned id);
/* The places thread t's action a writes that an observed action reads
 * through an edge enabled after a: o->kept[0 .. the result). */
unsigned cg_observation_kept(cg_observation *o, unsigned a, unsigned t);

/* Position-aware deadness of locals (coi_live.c): a backward search over
 * each procedure's incoming edges. */
typedef struct {
    cg_cfa_search search;
} cg_live_locals;

void cg_live_locals_init(cg_live_locals *l, const ordo_program *p);
void cg_live_locals_free(cg_live_locals *l);
/* Marks dead (after cg_observation_of) every tracked local whose value in
 * each live thread of its procedure no observed action reads before the
 * thread writes the variable again. */
void cg_observation_dead_locals(const cg_observation *o, cg_live_locals *l, const cg_state *s,
                                bool *dead);

/* The simplification of one action (coi_simplify.c): in a block (with a
 * guard or not), a statement is kept when it can block or branch (dfg.h,
 * cg_stmt_observes), writes a place in `kept` (the places some real
 * observer reads after α) or one a later kept statement of the block
 * reads; any other assignment or havoc becomes `havoc` when
 * vars(Π) has its place, else a no-op. Returns st itself when every
 * statement is kept (an unobserved havoc kept as havoc is a copy, so
 * that the abstractor knows it unobserved); counts into *havoc and *nop
 * the assignments made havoc and the statements made no-ops. */
typedef struct cg_simplifier cg_simplifier;
cg_simplifier *cg_simplifier_new(unsigned n_nodes);
void cg_simplifier_free(cg_simplifier *s);
const ordo_stmt *cg_simplify(cg_simplifier *s, const ordo_program *p, unsigned node,
                             const ordo_stmt *st, const cg_place *kept, unsigned n_kept,
                             const cg_tracked *t, unsigned *n_stmts, unsigned *havoc,
                             unsigned *nop);

#endif
