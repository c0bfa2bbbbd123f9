/*
 * Interpolating refinement, --refinement seq-itp (thesis Section 2.2.4;
 * the setting of Section 3.4.1.2). The spurious path becomes linear Horn
 * clauses with one relation per cut point over the SSA constants live
 * there: init /\ T_1 => P_1, P_k /\ T_k+1 => P_k+1, P_n-1 /\ T_n =>
 * false. Their solution (Spacer, ORDO_SMT_CAP_HORN) is a sequence
 * interpolant I_0 = true, I_1..I_n-1, I_n = false: each I_k over the
 * places of cut point k, inductive along the path. EXPL tracks the places
 * the interpolants read; PRED adds their atoms as predicates.
 */
#ifndef CEGAR_ITP_H
#define CEGAR_ITP_H

#include "path.h"

/* A sequence interpolant of a path, read back as places and atoms. */
typedef struct {
    unsigned n_vars;
    unsigned *vars;                 /* program variables read */
    unsigned n_cells;
    uint64_t *cells;                /* cells read (constant addresses) */
    unsigned n_atoms;
    const ordo_expr **atoms;        /* atoms as IR conditions (built in p) */
    unsigned n_dropped;             /* atoms with no IR form */
} cg_itp;

/* Computes the sequence interpolant of the path actions[0..n) (states:
 * cg_arg_path's) with a Horn instance of the solvers, its atoms built in
 * p. NULL on success, else why none was found. */
const char *cg_itp_sequence(cg_itp *itp, const ordo_solver_factory *solvers, const cg_model *m,
                            const ordo_program *shown, ordo_program *p,
                            const cg_action *actions, const cg_state *const *states,
                            unsigned n);
void cg_itp_free(cg_itp *itp);

/* Refines prec by the interpolant (EXPL: its places, PRED: its atoms);
 * returns how many were new. */
unsigned cg_refine_itp(const cg_itp *itp, cg_prec *prec, ordo_program *p, bool pred);

#endif
