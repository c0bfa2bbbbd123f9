/*
 * One verification run of the oc engine on a loop-free program, without
 * the plugin's option and statistics plumbing (oc.c): usable from tests.
 */
#ifndef OC_VERIFY_H
#define OC_VERIFY_H

#include <ordo/plugin.h>
#include <ordo/smt.h>
#include <ordo/trace.h>

#include "finder.h"

typedef enum { OC_ARITH_AUTO, OC_ARITH_INT, OC_ARITH_BV } oc_arith_mode;

/* Static program order is kept as bit rows: beyond this many events the
 * engine gives up. */
#define OC_MAX_EVENTS 40000

typedef struct {
    bool prop;              /* PROP, else BASIC */
    bool prevent;           /* PROP: preventive propagation of order literals */
    oc_finder_mode finder;
    oc_arith_mode arith;
    /* Process CPU time (s) at which the attempt gives up (UNKNOWN; the
     * finder keeps what it found): ordo_cpu_stop_reached (plugin.h). 0 = only
     * the run's deadline. */
    double cpu_stop_s;
    /* The encoding gives up (UNKNOWN) beyond this many events; 0 = the
     * engine's limit. */
    size_t max_events;
    /* The program a wSC model's counterexample is replayed on before it
     * is taken as the answer: the front end's, as the harness replays it
     * (trace.h); NULL: the program verified. The unrolled program is no
     * place for it: its lazy blocks (ir.h: lazy_repeat) are one edge the
     * interpreter runs once, where the trace has a creation step each. */
    const ordo_program *replay_on;
} oc_config;

/* The work of a run; it adds up over the attempts of a deepening run. */
typedef struct {
    double finder_s, encoding_s, solver_s;
    size_t refinements, refinement_clauses, propagated_clauses, prop_conflicts;
    size_t prevented;          /* literals PROP propagated false */
    double unwinding_check_s;  /* time of the unwinding checks */
    ordo_smt_counters solver; /* summed over the solver instances */
} oc_work;

typedef struct {
    ordo_verdict verdict;
    char *reason;           /* malloc'ed, for UNKNOWN / ERROR / UNSUPPORTED,
                               and for a SAFE that cells_cut bounds */
    ordo_trace *trace;      /* UNSAFE */
    bool unwinding;         /* SAFE only up to the unroll bound */
    bool cells_cut;         /* SAFE only for the first OC_SYMBOLIC_CELLS cells
                               of allocations of symbolic size */
    bool cuts_unreachable;  /* SAFE with unwinding, but the unwinding check
                               found no execution reaching an unwinding edge */
    size_t lazy_threads;    /* threads created lazily, without events (ir.h):
                               a SAFE is then never complete */
    bool too_many_events;   /* UNKNOWN because the encoding was too large */
    int stage;              /* 1 = decided under wSC, 2 = under SC */
    size_t events, rf_pairs, ws_pairs;
    oc_finder_stats finder;
    oc_work work;
} oc_outcome;

/* sum += w */
void oc_work_add(oc_work *sum, const oc_work *w);

/* What made a SAFE complete (the statistic oc.complete_by). */
typedef enum {
    OC_COMPLETE_NONE,          /* bounded, or not a SAFE */
    OC_COMPLETE_STATIC,        /* the walk reached no unwinding edge */
    OC_COMPLETE_UNWINDING_CHECK /* no execution reaches one (oc_check_unwinding) */
} oc_complete_by;

/* Decides the program (inlined, loops unrolled). */
oc_outcome oc_verify(const ordo_program *p, const ordo_solver_factory *solvers,
                     const ordo_deadline *deadline, const oc_config *cfg);

/* After a SAFE of oc_verify(p) bounded by unwinding (o->unwinding), the
 * unwinding check: can any execution reach an unwinding edge, under the
 * same events and constraints as the error check (wSC, then SC)? Sets
 * o->cuts_unreachable when none can (then every execution of the
 * program stays within the bound) and adds the check's time to o->work. */
void oc_check_unwinding(const ordo_program *p, const ordo_solver_factory *solvers,
                        const ordo_deadline *deadline, const oc_config *cfg, oc_outcome *o);

/* How o's SAFE is complete, if it is. */
oc_complete_by oc_completeness(const oc_outcome *o);
/* A SAFE a deeper unroll bound may make complete (or, with lazy threads,
 * may turn into a violation: more of them run). */
bool oc_bounded_by_unwinding(const oc_outcome *o);

#endif
