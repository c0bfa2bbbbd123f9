/*
 * A spurious path prepared for interpolation (itp.h): encoded in SSA form
 * without asserting anything (cg_path_begin_unasserted), cut after every
 * step, with the formula of each step. Two ways to interpolate it:
 *   Horn (seq-itp): linear Horn clauses, one relation per cut point,
 *     init /\ T_1 => P_1, P_k /\ T_k+1 => P_k+1, P_n-1 /\ T_n => false,
 *     whose solution (Spacer) is a sequence interpolant;
 *   chain (bin-itp): binary interpolants chained along the path,
 *     I_k = Itp(I_k-1 /\ T_k, T_k+1 /\ ... /\ T_n), so that the sequence is
 *     inductive by construction (the solver's CAP_INTERPOLATION: z3
 *     projects A's own symbols away by quantifier elimination).
 * Either way I_0 = true, I_k /\ T_k+1 => I_k+1, I_n = false, each I_k
 * over the SSA constants of cut k only.
 */
#ifndef CEGAR_ITP_PATH_H
#define CEGAR_ITP_PATH_H

#include "itp_read.h"

/* Where step k's labels, fresh constants and initial values end. */
typedef struct {
    unsigned labels, fresh, inits;
} cg_itp_step_end;

typedef struct {
    ordo_smt *s;
    cg_path pf;
    unsigned n;                 /* steps */
    cg_itp_cut *cuts;           /* n + 1: the places after step k (0 and n: none) */
    cg_itp_step_end *ends;      /* n + 1: ends[0] is the start */
    ordo_term *itp;             /* n + 1: I_0 .. I_n, once interpolated */
} cg_itp_path;

/* Encodes actions[0..n) (states: cg_arg_path's) into s. NULL, or why it
 * could not be encoded; cg_itp_path_free in both cases. */
const char *cg_itp_path_open(cg_itp_path *ip, ordo_smt *s, const cg_model *m,
                             const ordo_program *shown, const cg_action *actions,
                             const cg_state *const *states, unsigned n);
void cg_itp_path_free(cg_itp_path *ip);
/* T_k (k from 1): the constraints of step k and the initial values it
 * introduces. */
ordo_term cg_itp_path_step(const cg_itp_path *ip, unsigned k);

/* The interpolants into ip->itp: NULL, or why there are none. Horn needs
 * a config.horn instance, chain one with CAP_INTERPOLATION. */
const char *cg_itp_path_horn(cg_itp_path *ip);
const char *cg_itp_path_chain(cg_itp_path *ip);

#endif
