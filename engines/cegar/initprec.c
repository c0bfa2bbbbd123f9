/* The initial precision allassumes (initprec.h). */
#include "initprec.h"
#include "wp.h"

static void visit(cg_prec *prec, ordo_program *p, const ordo_stmt *s, bool pred)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            visit(prec, p, s->stmts[i], pred);
    } else if (s->kind == ORDO_S_ASSUME && pred) {
        cg_prec_add_atoms(prec, p, s->cond);
    } else if (s->kind == ORDO_S_ASSUME) {
        cg_prec_add_reads(prec, s->cond);
    }
}

void cg_initprec_allassumes(cg_prec *prec, ordo_program *p, bool pred)
{
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            visit(prec, p, p->procs[f].edges[e].stmt, pred);
    if (pred)
        cg_initprec_copies(prec, p);
}
