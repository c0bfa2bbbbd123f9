/*
 * Interpolating refinement (thesis Section 2.2.4; the setting of Section
 * 3.4.1.2): --refinement seq-itp, a sequence interpolant from linear Horn
 * clauses (Spacer, ORDO_SMT_CAP_HORN), or bin-itp, binary interpolants
 * chained along the path (itp_path.h). Either is a sequence I_0 = true,
 * I_1..I_n-1, I_n = false, each I_k over the places of cut point k,
 * inductive along the path. EXPL tracks the places the interpolants read;
 * PRED adds their predicates (pred_split.h).
 */
#ifndef CEGAR_ITP_H
#define CEGAR_ITP_H

#include "path.h"
#include "pred_split.h"

/* A sequence interpolant of a path, read back as places and atoms. */
typedef struct {
    unsigned n_vars;
    unsigned *vars;                 /* program variables read */
    unsigned n_cells;
    uint64_t *cells;                /* cells read (constant addresses) */
    unsigned n_atoms;
    const ordo_expr **atoms;        /* predicates as IR conditions (built in p) */
    unsigned n_dropped;             /* predicates with no IR form */
} cg_itp;

/* What to interpolate with and how to read it back. */
typedef struct {
    const ordo_solver_factory *solvers;
    const cg_model *m;
    const ordo_program *shown;  /* the program before SCOI (edges by index) */
    ordo_program *p;            /* where the predicates are built */
    bool binary;                /* bin-itp (chained binary interpolants), else seq-itp */
    cg_pred_split split;
} cg_itp_request;

/* Computes the sequence interpolant of the path actions[0..n) (states:
 * cg_arg_path's) and reads it back. NULL on success, else why none was
 * found. */
const char *cg_itp_sequence(cg_itp *itp, const cg_itp_request *rq, const cg_action *actions,
                            const cg_state *const *states, unsigned n);
void cg_itp_free(cg_itp *itp);

/* Refines prec by the interpolant (EXPL: its places, PRED: its atoms);
 * returns how many were new. */
unsigned cg_refine_itp(const cg_itp *itp, cg_prec *prec, ordo_program *p, bool pred);

#endif
