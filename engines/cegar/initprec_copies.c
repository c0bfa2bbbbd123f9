/* The initial predicates carried over to the locals that copy a global
 * (initprec.h: cg_initprec_copies). The front end reads a global into a
 * temporary before it computes with it (z = z + 2*y is t0 := z; t1 := y;
 * z := t0 + 2*t1), so a predicate over z alone is lost at t0 := z under
 * Cartesian abstraction: the same predicate over t0 keeps it. Adding
 * predicates is always sound; this only saves the refinements that would
 * find them (or, carried back to the globals, predicates over untracked
 * variables such as the Figure 3.2 family's y, which AASPOR must not see
 * tracked: thesis Section 3.1, Example 7). */
#include <ordo/ir_build.h>

#include "initprec.h"
#include "path.h"
#include "pred.h"
#include "transfer.h"
#include "wp.h"

/* Does the predicate read only globals and the locals of var's owner? */
static bool fits_owner(const ordo_program *p, const ordo_expr *pred, unsigned var)
{
    cg_binding b = { 0 };
    return cg_bind(p, pred, 0, &b) &&
           (b.n == 0 || (b.n == 1 && b.owner[0] == cg_var_owner(p, var)));
}

/* local := global: every predicate over the global, with the local in its
 * place. */
static unsigned copy(cg_prec *prec, ordo_program *p, const ordo_stmt *s)
{
    unsigned added = 0;
    unsigned local = s->lhs.var, global = s->rhs->var;
    for (unsigned i = 0; i < prec->n_preds; i++) {
        const ordo_expr *e = prec->preds[i];
        const ordo_expr *c = cg_subst_var(p, e, global, ordo_e_var(p, local));
        if (c != e && fits_owner(p, e, local))
            added += cg_prec_add_pred(prec, p, c);
    }
    return added;
}

static bool is_copy_of_global(const ordo_program *p, const ordo_stmt *s)
{
    return s->kind == ORDO_S_ASSIGN && !s->lhs.is_mem && !p->vars[s->lhs.var].is_global &&
           s->rhs->kind == ORDO_E_VAR && p->vars[s->rhs->var].is_global &&
           ordo_type_equal(s->rhs->type, p->vars[s->lhs.var].type);
}

static unsigned visit(cg_prec *prec, ordo_program *p, const ordo_stmt *s)
{
    unsigned added = 0;
    for (unsigned i = 0; s->kind == ORDO_S_SEQ && i < s->n_stmts; i++)
        added += visit(prec, p, s->stmts[i]);
    return added + (is_copy_of_global(p, s) ? copy(prec, p, s) : 0);
}

/* A new predicate may read another global a copy replaces in turn (x * y
 * == 0 gives t1 * y == 0, then t1 * t2 == 0); each round replaces one
 * more global, so the rounds end. */
void cg_initprec_copies(cg_prec *prec, ordo_program *p)
{
    for (unsigned added = 1; added > 0;) {
        added = 0;
        for (unsigned f = 0; f < p->n_procs; f++)
            for (unsigned e = 0; e < p->procs[f].n_edges; e++)
                added += visit(prec, p, p->procs[f].edges[e].stmt);
    }
}
