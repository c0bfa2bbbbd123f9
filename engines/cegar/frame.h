/*
 * The frame of an action for PRED's transfer function (thesis Section
 * 2.2.2, Cartesian abstraction): what the action writes, and whether it
 * constrains the state it starts from. A predicate instance that reads
 * nothing the action writes keeps its truth value, so its value in the
 * successor is the source's: known, it is copied; unknown, it stays
 * unknown when the action constrains nothing (the source state is the
 * strongest Cartesian abstraction of its own concretisation, and an
 * unconstraining action is total). Only the other instances need SMT
 * checks.
 */
#ifndef CEGAR_FRAME_H
#define CEGAR_FRAME_H

#include "path.h"

typedef struct {
    unsigned var;
    unsigned thread;   /* whose copy (globals: ignored) */
} cg_write;

typedef struct {
    cg_write *writes;
    unsigned n_writes, cap_writes;
    bool memory;       /* a store, a mutex, ...: any cell may change */
    bool constrains;   /* an assume, a join, a mutex, an allocation or an
                          operation that may be undefined restricts the
                          states the action starts from */
} cg_frame;

/* The frame of thread t taking edge `edge` of procedure proc in m's
 * program. */
void cg_frame_of(cg_frame *f, const cg_model *m, unsigned proc, unsigned edge, unsigned t);
/* The writes of the havocs DCOI put in place of unobserved assignments
 * (coi.h: `evaluated` is the simplification of `original`; none when they
 * are the same). PRED leaves the instances they touch unknown without
 * checks (pred.c). */
void cg_frame_of_dcoi_havocs(cg_frame *f, const cg_model *m, const ordo_stmt *evaluated,
                             const ordo_stmt *original, unsigned t);
void cg_frame_free(cg_frame *f);
/* Does e, its locals those of the threads b binds, read a place the
 * action writes? */
bool cg_frame_touches(const cg_frame *f, const ordo_program *p, const cg_binding *b,
                      const ordo_expr *e);

#endif
