/*
 * The CEGAR loop of the cegar engine (thesis Section 2.2, Figure 2.2):
 * abstractor and refiner alternate until the ARG is complete (SAFE, a
 * proof for every interleaving and loop iteration), a counterexample is
 * feasible (UNSAFE, replayed on the interpreter) or a refinement cannot
 * make progress (UNKNOWN).
 */
#ifndef CEGAR_CEGAR_H
#define CEGAR_CEGAR_H

#include <ordo/plugin.h>
#include <ordo/smt.h>
#include <ordo/trace.h>

#include "arith.h"
#include "pred_split.h"
#include "search.h"

typedef enum { CG_NOPOR, CG_SPOR, CG_AASPOR } cg_por_kind;

/* The engine's statistics, declared once: field, name, unit, help. */
#define CEGAR_STATS(X)                                                                        \
    X(iterations, "cegar.iterations", "count", "CEGAR iterations (abstractions built)")       \
    X(explored_actions, "cegar.explored_actions", "count",                                    \
      "transitions whose successor was computed, all iterations")                             \
    X(arg_nodes, "cegar.arg_nodes", "count", "ARG nodes, all iterations")                     \
    X(covered_nodes, "cegar.covered_nodes", "count", "covered ARG nodes, all iterations")     \
    X(precision_size, "cegar.precision_size", "count",                                        \
      "tracked variables, cells and predicates at the end")                                   \
    X(transfer_checks, "cegar.transfer_checks", "count",                                      \
      "SMT checks of the transfer function (EXPL: none)")                                     \
    X(loop_cex_attempts, "cegar.loop_cex_attempts", "count",                                  \
      "spurious paths feasible with their loop exits' guards relaxed, run on the interpreter")\
    X(loop_cex_replayed, "cegar.loop_cex_replayed", "count",                                  \
      "of those, runs to the error that replayed (UNSAFE)")                                    \
    X(loop_cex_steps, "cegar.loop_cex_steps", "count",                                        \
      "interpreter steps of those runs (bounded by --loop-cex-steps)")                        \
    X(abstraction_s, "time.abstraction_s", "s", "CPU time building ARGs")                     \
    X(refinement_s, "time.refinement_s", "s", "CPU time of refinements")                      \
    X(successor_s, "time.successor_s", "s", "CPU time computing successor states")            \
    X(solver_s, "solver.time_s", "s",                                                         \
      "CPU time in the SMT solver's path-formula checks (PRED's transfer: time.successor_s)") \
    X(por_enabled, "por.enabled_actions", "count",                                            \
      "SPOR/AASPOR: actions of the threads that may run, over expanded nodes")                \
    X(por_source_set, "por.source_set_actions", "count",                                      \
      "SPOR/AASPOR: actions of the threads in source sets (proviso included)")                \
    X(por_fully_expanded, "por.fully_expanded", "count",                                      \
      "SPOR/AASPOR: nodes fully expanded because a reduced successor was covered")            \
    X(por_s, "por.time_s", "s", "SPOR/AASPOR: CPU time of source sets (transfer excluded)")   \
    X(coi_simplified_ratio, "coi.simplified_ratio", "ratio",                                  \
      "DCOI: statements made havoc or no-op among those the abstractor evaluated")            \
    X(coi_havoc, "coi.havoc", "count", "DCOI: unobserved assignments made havoc")             \
    X(coi_nop, "coi.nop", "count", "DCOI: unobserved assignments made no-ops")                \
    X(coi_time_s, "coi.time_s", "s", "DCOI: CPU time of its decisions and its graph")         \
    X(coi_dfg_edges, "coi.dfg_edges", "count", "DCOI: edges of the data-flow graph")          \
    X(coi_dfg_s, "coi.dfg_s", "s", "DCOI: CPU time building the data-flow graph")             \
    X(coi_gave_up, "coi.gave_up", "count",                                                    \
      "DCOI: 1 when its overhead passed 5% of the CPU time and it stopped simplifying")       \
    X(pool_merges, "cegar.pool_merges", "count",                                              \
      "--thread-pools on: pairs of identical thread entries merged into a pool")              \
    X(relaxed_cores, "cegar.relaxed_cores", "count",                                         \
      "--relax-loops: refinements from a core of the path without its loop guards")           \
    X(mutex_splits, "cegar.mutex_splits", "count",                                            \
      "--por nopor: locks and unlocks of an unknown address split over candidate cells")

/* The engine's statistics, and the solver's counters (solver.decisions,
 * ...: declared by the solver plugin) summed over all instances. */
typedef struct {
#define CEGAR_FIELD(field, name, unit, help) double field;
    CEGAR_STATS(CEGAR_FIELD)
#undef CEGAR_FIELD
    ordo_smt_counters solver;
} cg_counters;

typedef struct {
    ordo_arith mode;  /* of C values: explicit values, known addresses (arith.h) */
    cg_arith arith;   /* --arith: of the SMT terms (arith.h) */
    unsigned maxenum;
    bool bfs;
    bool scoi;        /* analyse the program after the static cone of influence */
    bool dcoi;        /* dynamic cone of influence (coi.h) */
    bool pred;        /* the predicate domain (else explicit values) */
    bool allassumes;  /* --initprec allassumes (initprec.h) */
    const char *initprec_file; /* --initprec file:PATH, else NULL */
    cg_por_kind por;  /* --por (por_source.h) */
    bool seq_itp;     /* --refinement seq-itp (itp.h) */
    bool bin_itp;     /* --refinement bin-itp (itp_path.h) */
    cg_pred_split pred_split; /* --pred-split (pred_split.h) */
    bool lazy;        /* --prune lazy (prune.h), else full */
    bool no_transfer_cache; /* --transfer-cache off (pred_cache.h) */
    bool thread_pools; /* --thread-pools on (pool.h) */
    unsigned pool_named; /* --pool-named (pool.h) */
    bool relax_loops;  /* --relax-loops (refine_loops.h) */
    unsigned loop_cex_steps; /* --loop-cex-steps (cex_loops.h); 0: off */
} cg_config;

typedef struct {
    ordo_verdict verdict;
    char *reason;          /* malloc'ed, or NULL */
    ordo_trace *trace;     /* UNSAFE: replayed on p */
} cg_outcome;

/* Thread pools (pool.h) are built for the full, unreduced exploration
 * only: no POR, no dynamic cone of influence, full pruning. */
bool cg_pools_allowed(const cg_config *cfg);

/* Verifies p (the front end's program; the loop works on a copy). */
cg_outcome cg_verify(const ordo_program *p, const cg_config *cfg,
                     const ordo_solver_factory *solvers, const ordo_deadline *d,
                     cg_counters *c);

#endif
