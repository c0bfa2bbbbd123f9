/*
 * The predicate domain (thesis Section 2.2.2, PRED): Cartesian predicate
 * abstraction. A precision holds predicates (Boolean IR expressions over
 * globals, cells and the locals of at most two owners, procedures or the
 * thread-locals); each choice of distinct threads running those owners
 * has its instance. An abstract state knows, per instance,
 * that it holds, that it does not, or nothing; the strongest such
 * conjunction entailed by the source state and the action is computed
 * with one SMT check per predicate and polarity. The explicit values of
 * the places mutex addresses come from (sync_prec.h) are kept beside it,
 * so that the synchronisation state stays exact.
 */
#ifndef CEGAR_PRED_H
#define CEGAR_PRED_H

#include <ordo/smt.h>

#include "transfer.h"

/* A predicate instance's key in the data state: its index and the
 * threads whose locals it reads (CG_NO_THREAD: none). */
#define CG_PRED_KEY (UINT64_C(1) << 62)
#define CG_NO_THREAD 0x1fffffu
static inline uint64_t cg_pred_key(unsigned pred, unsigned ta, unsigned tb)
{
    return CG_PRED_KEY | (uint64_t)pred << 42 | (uint64_t)ta << 21 | tb;
}
/* The predicate index of an instance's key. */
static inline unsigned cg_pred_key_pred(uint64_t key)
{
    return (unsigned)(key >> 42 & 0xfffffu);
}

/* Are a and b the same expression (structurally)? */
bool expr_equal(const ordo_expr *a, const ordo_expr *b);

/* Does e read a variable or a cell (else it is no predicate)? */
bool cg_reads_state(const ordo_expr *e);
/* Adds a predicate (structurally new ones only); true when new. */
bool cg_prec_add_pred(cg_prec *pr, const ordo_program *p, const ordo_expr *e);

/* The successors of s from succs->v[from] on (already computed by the
 * EXPL transfer on the tracked places) get their predicate values;
 * infeasible ones are removed. Counts the SMT checks in
 * m->transfer_checks. */
void cg_pred_post(cg_model *m, const cg_state *s, cg_succs *succs, unsigned from);
/* The predicate values of the initial state s. */
void cg_pred_initial(cg_model *m, cg_state *s);
/* DCOI (coi.h, cg_coi_dead_vars): the instances of predicates that read
 * only dead variables, none of which a predicate over a live one reads,
 * become unknown in s; what they say constrains nothing a guard reads, so
 * states that differ only there cover each other. dead NULL: nothing. */
void cg_pred_forget_dead(const cg_model *m, cg_state *s, const bool *dead);

#endif
