/*
 * Events of a loop-free multi-threaded program (thesis Section 5.2-5.3.1).
 *
 * Each shared memory access is an event with a thread, a kind (read or
 * write), a location and a guard. Synchronisation points (thread create,
 * join, atomic begin/end) are SYNC events without a location: they only
 * carry program-order edges.
 *
 * Everything the ordering reasoning needs is expressed over "literals":
 * opaque Boolean atoms numbered 1..n_lits (0 means "true"). The encoding
 * maps each literal to an SMT term: the rf and ws variables, the guards of
 * events, the guards of join edges. The graph, the conflict finder and the
 * refinement therefore never see the solver.
 */
#ifndef OC_EVENTS_H
#define OC_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

typedef unsigned oc_lit; /* 0 = true */

typedef enum { OC_READ, OC_WRITE, OC_SYNC } oc_event_kind;

typedef struct {
    oc_event_kind kind;
    unsigned thread;
    unsigned loc;   /* READ/WRITE: location id (equal ids = same cell) */
    oc_lit guard;   /* the event is enabled when this literal holds */
    int block;      /* atomic block containing the event, -1 if none */
} oc_event;

/* A program-order edge: within a thread between consecutive events, or
 * across threads at create/join. A join edge holds only when the join
 * happened, so it carries the join's literal. */
typedef struct {
    unsigned from, to;
    oc_lit lit;
} oc_po_edge;

/* A potential read-from pair: r may read the value written by w. */
typedef struct {
    unsigned w, r;
    oc_lit lit; /* rf_{w,r} */
} oc_rf_pair;

/* A pair of writes to the same location (the SC stage orders them).
 * ab: a before b, ba: b before a; 0 while the ws variables are absent
 * (the wSC stage). */
typedef struct {
    unsigned a, b;
    oc_lit ab, ba;
} oc_ws_pair;

/* An atomic section: no event of another thread happens between the
 * SYNC events begin and end (both of the same thread). */
typedef struct {
    unsigned begin, end;
} oc_block;

typedef struct oc_events {
    size_t n, cap;
    oc_event *ev;
    size_t n_po, cap_po;
    oc_po_edge *po;
    size_t n_rf, cap_rf;
    oc_rf_pair *rf;
    size_t n_ws, cap_ws;
    oc_ws_pair *ws;
    size_t n_blocks, cap_blocks;
    oc_block *blocks;
    unsigned n_lits;
    unsigned n_threads;
    /* Per event: index of its rf pairs / ws pairs (built by oc_events_index). */
    size_t *rf_of_read_start, *rf_of_read; /* CSR: rf pairs whose read is e */
    size_t *rf_of_write_start, *rf_of_write; /* CSR: rf pairs whose write is e */
    size_t *ws_of_write_start, *ws_of_write; /* CSR: ws pairs containing write e */
} oc_events;

void oc_events_init(oc_events *es);
void oc_events_free(oc_events *es);

oc_lit oc_events_new_lit(oc_events *es);
unsigned oc_events_add(oc_events *es, oc_event_kind kind, unsigned thread, unsigned loc,
                       oc_lit guard);
void oc_events_add_po(oc_events *es, unsigned from, unsigned to, oc_lit lit);
/* Adds the rf pair with a fresh literal; returns its index. */
size_t oc_events_add_rf(oc_events *es, unsigned w, unsigned r);
/* Adds the ws pair (without variables); returns its index. */
size_t oc_events_add_ws(oc_events *es, unsigned a, unsigned b);
/* Gives every ws pair its two variables (entering the SC stage). */
void oc_events_add_ws_lits(oc_events *es);
/* Declares [begin, end] an atomic block; the events between them in the
 * thread must already carry its index in .block. Returns the index. */
unsigned oc_events_add_block(oc_events *es, unsigned begin, unsigned end);

/* Creates every rf pair (same location, write of one thread, read, the
 * read not po-before the write) and every ws pair (same location writes);
 * `po_before` tells static program order. */
typedef bool (*oc_po_query)(const void *ctx, unsigned a, unsigned b);
void oc_events_pair_up(oc_events *es, oc_po_query po_before, const void *ctx);

/* Builds the per-event indexes of rf and ws pairs. */
void oc_events_index(oc_events *es);

#endif
