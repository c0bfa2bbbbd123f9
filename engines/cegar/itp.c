/* Interpolating refinement (itp.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "itp.h"
#include "itp_path.h"
#include "pred.h"

static bool made_in(const cg_path *pf, cg_itp_step_end from, cg_itp_step_end to, ordo_term t)
{
    for (unsigned i = from.fresh; i < to.fresh; i++)
        if (pf->fresh[i] == t)
            return true;
    return false;
}

static bool listed(const unsigned *v, unsigned n, unsigned x)
{
    for (unsigned i = 0; i < n; i++)
        if (v[i] == x)
            return true;
    return false;
}

/* EXPL evaluates a large block statement by statement: a variable an
 * interpolant reads after step k, written in that step, has its value
 * only if the places it was computed from in the block are tracked too.
 * Adds them (backwards through the step's assignments). */
static void block_sources(cg_itp *itp, const cg_path *pf, const cg_itp_cut *cut,
                          cg_itp_step_end from, cg_itp_step_end to)
{
    unsigned *need = xmalloc((cut->n + 1) * sizeof *need), n_need = 0;
    for (unsigned i = 0; i < cut->n; i++)
        if (cut->v[i].kind == CG_ITP_VAR && listed(itp->vars, itp->n_vars, cut->v[i].var) &&
            made_in(pf, from, to, cut->v[i].term))
            need[n_need++] = cut->v[i].var;
    for (unsigned i = to.labels; n_need > 0 && i-- > from.labels;) {
        const cg_label *l = &pf->labels[i];
        const ordo_stmt *st = l->stmt;
        if (!st->has_lhs || st->lhs.is_mem || !listed(need, n_need, st->lhs.var))
            continue;
        for (unsigned k = 0; k < l->n_vars; k++) {
            cg_itp_add_var(itp, l->vars[k]);
            if (!listed(need, n_need, l->vars[k])) {
                need = xrealloc(need, (n_need + 1) * sizeof *need);
                need[n_need++] = l->vars[k];
            }
        }
        for (unsigned k = 0; k < l->n_cells; k++)
            cg_itp_add_cell(itp, l->cells[k]);
    }
    free(need);
}

/* The interpolants of ip read back into itp. */
static void read_back(cg_itp *itp, const cg_itp_request *rq, cg_itp_path *ip)
{
    for (unsigned k = 1; k < ip->n; k++) {
        cg_itp_read(itp, ip->s, rq->p, &ip->cuts[k], ip->itp[k], rq->split);
        block_sources(itp, &ip->pf, &ip->cuts[k], ip->ends[k - 1], ip->ends[k]);
    }
}

const char *cg_itp_sequence(cg_itp *itp, const cg_itp_request *rq, const cg_action *actions,
                            const cg_state *const *states, unsigned n)
{
    *itp = (cg_itp){ 0 };
    /* bin-itp: z3's projection runs the "qe" tactic, which can run for
     * long (stores into memory arrays): bounded, it fails with a reason */
    ordo_smt_config cfg = { .horn = !rq->binary, .timeout_ms = rq->binary ? 5000 : 0 };
    ordo_smt *s = ordo_smt_create(rq->solvers, &cfg);
    if (!s)
        return rq->binary ? "the solver could not be created"
                          : "the solver offers no Horn clause solving";
    cg_itp_path ip;
    const char *why = cg_itp_path_open(&ip, s, rq->m, rq->shown, actions, states, n);
    if (!why)
        why = rq->binary ? cg_itp_path_chain(&ip) : cg_itp_path_horn(&ip);
    if (!why)
        read_back(itp, rq, &ip);
    cg_itp_path_free(&ip);
    ordo_smt_destroy(s);
    return why;
}

void cg_itp_free(cg_itp *itp)
{
    free(itp->vars);
    free(itp->cells);
    free(itp->atoms);
    *itp = (cg_itp){ 0 };
}

unsigned cg_refine_itp(const cg_itp *itp, cg_prec *prec, ordo_program *p, bool pred)
{
    unsigned added = 0;
    if (pred) {
        for (unsigned i = 0; i < itp->n_atoms; i++)
            added += cg_prec_add_pred(prec, p, itp->atoms[i]);
        return added;
    }
    for (unsigned i = 0; i < itp->n_vars; i++)
        added += cg_prec_add_var(prec, itp->vars[i]);
    for (unsigned i = 0; i < itp->n_cells; i++)
        added += cg_prec_add_cell(prec, itp->cells[i]);
    return added;
}
