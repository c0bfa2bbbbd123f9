/*
 * The walk that builds events from a loop-free IR program (thesis Section
 * 5.3.1): private interface of event_table.c, regions.c, guards.c,
 * access_events.c, stmt_events.c and thread_walk.c. The entry point is
 * oc_build_events (encoding.h).
 *
 * Each thread instance's CFA is walked in topological
 * order of its locations with an SSA state (guard + values of locals);
 * every access to shared state (globals, memory cells) becomes an event
 * with the current guard. Program order follows the walk ("branches one
 * after another"), with create edges from THREAD_START to the new
 * thread's first event and guarded join edges from a thread's end.
 *
 * Semantics follow the IR interpreter: a false ASSUME, a held lock or a
 * join of an unfinished thread stops the thread (its later events are
 * disabled: the other threads go on); ERROR and EXIT end the program,
 * modelled by a "live" location that errors read and exits overwrite.
 */
#ifndef OC_WALK_H
#define OC_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>
#include <ordo/ir_smt.h>

#include "encoding.h"

/* Address space reserved by an allocation of symbolic size. */
#define ALLOC_GAP (UINT64_C(1) << 24)
/* The key of the location "live". */
#define LIVE_KEY UINT64_MAX
/* The guard of what always happens. */
#define OC_TRUE_GUARD ((oc_guard){ OC_G_TRUE, NULL, 0 })

/* A path's state at a location: its guard, the SSA values of the locals. */
typedef struct {
    oc_guard g;
    ordo_ir_val *locals;
    int block;            /* open atomic block (index) or -1 */
    unsigned depth;       /* atomic nesting */
} oc_path_state;

/* A thread instance's walk. */
typedef struct {
    oc_encoding *enc;
    const ordo_program *p;
    unsigned instance, ethread;
    unsigned last;        /* last event in program order */
    oc_path_state st;
    bool need_anchor;     /* the current visible statement has no step event yet */
    unsigned step_event;  /* its step event, once it has one (else UINT_MAX) */
    unsigned last_step;   /* the last step's anchor (else UINT_MAX) */
    oc_guard last_step_g; /* ... and the guard it was anchored under */
    oc_guard exited;      /* the paths that ended by pthread_exit */
    size_t pending;       /* paths waiting at locations not walked yet, but
                             for those that end the program at once */
} oc_walker;

/* event_table.c */
/* Marks the encoding unsupported (the first reason is kept). */
void oc_unsupported(oc_encoding *enc, const ordo_stmt *st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
unsigned oc_add_event(oc_encoding *enc, oc_event_kind kind, unsigned ethread, unsigned loc,
                      oc_guard g, unsigned instance, const ordo_stmt *st);
unsigned oc_location_of(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type);
/* ... without the initial write, which only an access needs: a location
 * that a first walk only notes the stores of (oc_leave_write_out). */
unsigned oc_location_noted(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type);

/* regions.c */
void oc_add_region(oc_encoding *enc, uint64_t base, uint64_t n, bool symbolic_size, bool escapes);
unsigned oc_region_of(const oc_encoding *enc, int64_t a);
unsigned oc_points_of(const oc_encoding *enc, ordo_ir_val v);
oc_offset oc_offset_of(const oc_encoding *enc, ordo_ir_val v);
void oc_mark_escaping_regions(oc_encoding *enc, const ordo_program *p);

/* guards.c */
oc_guard oc_guard_var(oc_encoding *enc, ordo_term definition);
oc_guard oc_guard_and(oc_encoding *enc, oc_guard g, ordo_ir_val c);
oc_guard oc_guard_or(oc_encoding *enc, oc_guard g, oc_guard h);
oc_guard oc_guard_and_guard(oc_encoding *enc, oc_guard g, oc_guard h);

/* access_events.c */
void oc_start_step(oc_walker *w);
ordo_ir_val oc_read_shared(oc_walker *w, bool is_mem, uint64_t key, ordo_type type,
                           const ordo_stmt *st);
/* How a store reaches its location: at its address, or as one candidate
 * cell of a symbolic address (of a known region, or of none: blind). */
typedef enum { OC_STORE_AT_ADDRESS, OC_STORE_CANDIDATE, OC_STORE_BLIND } oc_store;
void oc_write_shared(oc_walker *w, bool is_mem, uint64_t key, ordo_type type, ordo_ir_val v,
                     oc_store how, const ordo_stmt *st);
ordo_ir_val oc_pointer(const oc_encoding *enc, ordo_type t, int64_t c);
/* A write of v to the cell that no read may need (memory.h): a first walk
 * leaves it out, noting what it stores (a second walk follows); a second
 * walk leaves it out when nothing reads the cell. Returns whether it did
 * (else the caller writes). */
bool oc_leave_write_out(oc_encoding *enc, uint64_t cell, ordo_type type, ordo_ir_val v,
                        bool blind);
ordo_ir_val oc_mem_read(oc_walker *w, const ordo_expr *addr_expr, ordo_type type,
                        const ordo_stmt *st);
void oc_mem_write(oc_walker *w, const ordo_expr *addr_expr, ordo_type type, ordo_ir_val v,
                  const ordo_stmt *st);
ordo_ir_val oc_eval(oc_walker *w, const ordo_expr *e, const ordo_stmt *st);
void oc_assign(oc_walker *w, const ordo_lvalue *lv, ordo_ir_val v, const ordo_stmt *st);
ordo_ir_val oc_converted(oc_walker *w, ordo_ir_val v, ordo_type from, ordo_type to);
unsigned oc_sync_event(oc_walker *w, const ordo_stmt *st);

/* stmt_events.c */
void oc_atomic_begin(oc_walker *w, const ordo_stmt *st);
void oc_atomic_end(oc_walker *w, const ordo_stmt *st);
void oc_exec_step(oc_walker *w, const ordo_stmt *st);

/* lazy_threads.c */
void oc_exec_lazy_creations(oc_walker *w, const ordo_stmt *lazy);

/* frozen.c */
/* At main's first thread creation: the locations whose value every
 * thread reads as main's constant (memory.h: frozen). */
void oc_freeze_main_values(oc_encoding *enc);
/* A write after that creation may reach location loc. */
void oc_note_late_write(oc_encoding *enc, unsigned loc);

/* thread_walk.c */
bool oc_walk_thread(oc_encoding *enc, unsigned proc, ordo_ir_val arg, unsigned create_event,
                    oc_guard g);

#endif
