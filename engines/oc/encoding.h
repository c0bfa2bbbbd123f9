/*
 * The symbolic encoding of a loop-free program (thesis Section 5.3.1):
 * events with guards and values (walk.h: each thread's CFA walked in SSA
 * form), then ρ_va (the values of writes, in the terms themselves), ρ_err,
 * RF-Val / RF-Some over Boolean rf variables, and for the SC stage WS-Cond
 * / WS-Some over ws variables (encode.c). The orders themselves (ψ_ord)
 * are left to the event graph: BASIC checks models, PROP propagates.
 */
#ifndef OC_ENCODING_H
#define OC_ENCODING_H

#include <stdbool.h>
#include <stddef.h>

#include <ordo/ir.h>
#include <ordo/ir_smt.h>
#include <ordo/smt.h>

#include "events.h"
#include "memory.h"

/* Cells of an allocation of symbolic size that symbolic accesses reach. */
#define OC_SYMBOLIC_CELLS 16

/* A guard: constant true / false, or a Bool variable with its literal. */
typedef struct {
    enum { OC_G_TRUE, OC_G_FALSE, OC_G_VAR } kind;
    ordo_term t;
    oc_lit lit;
} oc_guard;

/* A guard as a Bool term (guards.c). */
struct oc_encoding;
ordo_term oc_guard_term(struct oc_encoding *enc, oc_guard g);

/* Per event: what the counterexample and the encoding need. */
typedef struct {
    unsigned instance;      /* thread instance (0 = main); init events: UINT_MAX */
    const ordo_stmt *stmt;  /* the statement it belongs to (NULL for init) */
    bool is_step;           /* anchors a visible step of its thread (trace.h) */
    ordo_term completes;    /* is_step: the statement is defined (NULL = true) */
    unsigned silent_steps;  /* is_step: steps right after it whose events were
                               left out (stmt_events.c: havoc) */
    ordo_term value;        /* READ/WRITE: value at the location's type */
    ordo_term guard;        /* its guard as a term (NULL = true) */
} oc_event_info;

typedef struct {
    unsigned proc;
    unsigned create_event;  /* SYNC event of its THREAD_START (main: none) */
    unsigned end_event;     /* SYNC event at its end */
    oc_guard terminated;    /* reached its final location */
    bool lazy;              /* created lazily (ir.h: lazy_repeat): no events, never
                               terminated; create_event is the lazy block's first */
} oc_thread;

typedef struct {
    unsigned instance;
    ordo_term guard;        /* NULL = true */
    ordo_term value;        /* NULL: a value nothing reads (stmt_events.c) */
    ordo_type type;
} oc_havoc;

typedef struct {
    unsigned event;         /* the read of the liveness location */
    ordo_term fired;        /* guard ∧ the program had not exited */
} oc_error;

/* An atomic section (or multi-event step): its guard S and the guards
 * under which it ended the program inside (error / exit). */
typedef struct {
    oc_guard guard;
    ordo_term escaped;
} oc_section;

/* Locations by what they are (their numbers differ between walks). */
typedef struct {
    bool is_mem;
    uint64_t key;
} oc_loc_id;
typedef struct {
    oc_loc_id *ids;
    size_t n, cap;
} oc_loc_ids;
void oc_loc_ids_add(oc_loc_ids *ids, bool is_mem, uint64_t key);
void oc_loc_ids_free(oc_loc_ids *ids);

typedef struct oc_encoding {
    const ordo_program *p;
    ordo_ir_smt ar;
    oc_events es;
    /* The static program order the relations were encoded with (the
     * caller's, set by oc_encode_relations; the event graph uses it). */
    const struct oc_po *po;
    /* Literal i's term (index 0 unused). */
    ordo_term *lit_term;
    size_t cap_lit_term;
    oc_event_info *info;
    size_t cap_info;
    oc_location *locs;
    size_t n_locs, cap_locs;
    oc_loc_table loc_table;
    oc_thread *threads;     /* by thread id, lazy ones included */
    size_t n_threads, cap_threads;
    unsigned n_walked;      /* threads walked (they have events) */
    size_t n_lazy_threads;  /* threads created lazily */
    oc_havoc *havocs;
    size_t n_havocs, cap_havocs;
    oc_error *errors;
    size_t n_errors, cap_errors;
    oc_region *regions;     /* static objects, then allocations */
    size_t n_regions, cap_regions;
    size_t n_allocs;        /* allocations walked so far */
    const oc_memory_summary *prior; /* of the first walk, in a second walk */
    const struct oc_wide_cells *wide; /* Int: locations whose reads convert */
    bool blind_access;      /* an access through a pointer of unknown region */
    bool blind_write;       /* ... that writes */
    bool blind_write_before_alloc; /* a blind write missed a later allocation */
    bool writes_deferred;   /* a first walk left out symbolic writes (memory.h) */
    size_t n_unread_writes; /* ... a second walk those to cells nothing reads */
    size_t n_silent_steps;  /* main's first steps, before any step with an
                               event (stmt_events.c: havoc) */
    oc_section *sections;   /* per atomic block of es */
    size_t n_sections, cap_sections;
    unsigned init_done;     /* SYNC event after every initial write */
    oc_lit false_lit;       /* the literal of guards that are constant false */
    unsigned live_loc;      /* location "the program has not exited" */
    uint64_t next_alloc;    /* next base address for ALLOC */
    const ordo_stmt *high_alloc; /* an ALLOC reaching half the pointer width
                                    (Int reads such pointer constants as
                                    negative offsets: arith.c) */
    bool main_one_path;     /* main's walk is on its one path (thread_walk.c) */
    bool freeze;            /* threads read main's values (frozen.c) ... */
    const oc_loc_ids *thawed; /* ... but of these locations */
    oc_loc_ids thaw;        /* frozen locations a later write may reach */
    bool unwinding;         /* an unwinding edge may be taken: a bounded result */
    oc_guard cut;           /* the paths that reach an unwinding edge (its guard
                               before its statement): the goal of the
                               unwinding check */
    bool cells_cut;         /* a symbolic access reached only the first
                               OC_SYMBOLIC_CELLS cells of an allocation of
                               symbolic size: bounded at any unroll bound */
    char *unsupported;      /* set when the program cannot be encoded faithfully,
                               or not within max_events (too_many_events) */
    size_t max_events;      /* the walk stops beyond this many events */
    bool too_many_events;
    double cpu_stop_s;      /* ... or at this process CPU time (0: never) */
    bool out_of_time;
    unsigned long fresh;    /* counter for variable names */
} oc_encoding;

/* How a walk encodes. prior (NULL in a first walk) is the summary of a
 * first walk: the second walk has all its regions from the start and
 * narrows loaded pointers. wide (NULL: none) are the locations whose reads
 * convert in Int arithmetic (cell_ranges.h). */
typedef struct {
    bool bv;                          /* bit-vectors, else Int */
    size_t max_events;
    double cpu_stop_s;                /* 0: never */
    const oc_memory_summary *prior;
    const struct oc_wide_cells *wide;
    bool freeze;                      /* frozen.c */
    const oc_loc_ids *thawed;
} oc_walk_plan;

/* Builds the events and the value constraints of the program (already
 * inlined and unrolled: every CFA loop-free, no calls) into s. Returns
 * false with enc->unsupported set when something cannot be encoded, or
 * (with enc->too_many_events) when it needs more than max_events events,
 * or (with enc->out_of_time) when the CPU time reaches cpu_stop_s > 0. */
bool oc_build_events(oc_encoding *enc, const ordo_program *p, ordo_smt *s,
                     const oc_walk_plan *plan);
/* After a successful first walk with blind accesses or symbolic writes:
 * moves what the second walk needs from enc into out
 * and returns true. Else returns false (the walk is final). */
bool oc_memory_summarize(oc_encoding *enc, oc_memory_summary *out);
void oc_encoding_free(oc_encoding *enc);

/* Literal management shared by the unroller and the encoder. */
oc_lit oc_enc_lit(oc_encoding *enc, ordo_term t);
ordo_term oc_enc_fresh(oc_encoding *enc, const char *prefix, ordo_sort sort);

/* What a model of the formula reaches: an error statement (ρ_err), or an
 * unwinding edge (the unwinding check: CBMC's unwinding assertions as a
 * goal under the same events and orders). */
typedef enum { OC_GOAL_ERROR, OC_GOAL_CUT } oc_goal;

struct oc_po;
/* Pairs up rf / ws candidates (po: the static program order of enc->es)
 * and asserts RF-Val, RF-Some and the goal; with ws, also WS-Cond and
 * WS-Some (the SC stage). Indexes the events. False (enc->out_of_time)
 * when the CPU time reached enc->cpu_stop_s first: the formula is then
 * unusable. */
bool oc_encode_relations(oc_encoding *enc, const struct oc_po *po, bool ws, oc_goal goal);

/* ¬(l1 ∧ ... ∧ ln) for a conflict. */
void oc_enc_assert_conflict(oc_encoding *enc, const oc_lit *lits, size_t n);

#endif
