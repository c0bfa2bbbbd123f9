/*
 * Reading an interpolant back into the program's terms (itp.h): the
 * places a solver formula over a cut point's SSA constants reads, and its
 * atoms as IR conditions. Bit-vector terms become unsigned IR
 * expressions of their width (a width below 8, 16, 32 or 64 is kept
 * zero-extended in the next one; the operations that would need it
 * exact, or signed, are not read); an atom that relates two threads'
 * copies of one procedure's locals, or that reads what has no IR form,
 * is dropped.
 */
#ifndef CEGAR_ITP_READ_H
#define CEGAR_ITP_READ_H

#include "itp.h"
#include "pred_split.h"

typedef enum { CG_ITP_VAR, CG_ITP_MEMORY, CG_ITP_OTHER } cg_itp_place_kind;

/* A place of a cut point and its SSA constant there. */
typedef struct {
    cg_itp_place_kind kind;
    ordo_term term;
    unsigned var, thread;   /* CG_ITP_VAR: whose copy of which variable */
} cg_itp_place;

typedef struct {
    cg_itp_place *v;
    unsigned n, cap;
} cg_itp_cut;

/* Adds the places of f (a formula over cut's terms, of solver s) to itp,
 * and its predicates as `split` cuts them (pred_split.h), built in p. */
void cg_itp_read(cg_itp *itp, ordo_smt *s, ordo_program *p, const cg_itp_cut *cut, ordo_term f,
                 cg_pred_split split);

/* Adds a place (once) to the interpolant's. */
void cg_itp_add_var(cg_itp *itp, unsigned var);
void cg_itp_add_cell(cg_itp *itp, uint64_t cell);

#endif
