/* Sequence interpolants of a path by linear Horn clauses (itp.h). */
#include <stdio.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "itp.h"
#include "itp_read.h"
#include "pred.h"

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const ordo_term *)a, y = (uintptr_t) * (const ordo_term *)b;
    return x < y ? -1 : x > y;
}

/* The path's fresh constants so far, by address. */
typedef struct {
    ordo_term *v;
    unsigned n;
} fresh_set;

static fresh_set fresh_now(const cg_path *pf)
{
    fresh_set f = { xmalloc((pf->n_fresh + 1) * sizeof *f.v), pf->n_fresh };
    for (unsigned i = 0; i < f.n; i++)
        f.v[i] = pf->fresh[i];
    qsort(f.v, f.n, sizeof *f.v, by_address);
    return f;
}

static void add_place(const fresh_set *f, cg_itp_cut *c, cg_itp_place pl)
{
    if (!pl.term || !bsearch(&pl.term, f->v, f->n, sizeof *f->v, by_address))
        return;
    XGROW(c->v, c->n, c->cap);
    c->v[c->n++] = pl;
}

/* The state at pf's current point: every place whose term is an SSA
 * constant of the path (the others hold constants the clauses share). */
static void cut_now(const cg_path *pf, cg_itp_cut *c)
{
    const ordo_program *p = pf->m->p;
    fresh_set f = fresh_now(pf);
    *c = (cg_itp_cut){ 0 };
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global)
            add_place(&f, c, (cg_itp_place){ CG_ITP_VAR, pf->globals[v], v, 0 });
    for (unsigned t = 0; t < pf->n_threads; t++)
        for (unsigned v = 0; v < p->n_vars; v++)
            if (!p->vars[v].is_global)
                add_place(&f, c, (cg_itp_place){ CG_ITP_VAR, pf->locals[t][v], v, t });
    add_place(&f, c, (cg_itp_place){ CG_ITP_MEMORY, pf->mem, 0, 0 });
    add_place(&f, c, (cg_itp_place){ CG_ITP_OTHER, pf->next_alloc, 0, 0 });
    free(f.v);
}

/* P_k applied to the cut's terms (a relation needs an argument: true
 * stands in for none). */
static ordo_term relation(ordo_smt *s, unsigned k, const cg_itp_cut *c)
{
    char name[32];
    snprintf(name, sizeof name, "P%u", k);
    ordo_term *args = xmalloc((c->n + 1) * sizeof *args);
    for (unsigned i = 0; i < c->n; i++)
        args[i] = c->v[i].term;
    if (c->n == 0)
        args[0] = ordo_smt_bool(s, true);
    ordo_term r = ordo_smt_rel_app(s, name, c->n ? c->n : 1, args);
    free(args);
    return r;
}

/* Where a step's labels and fresh constants end. */
typedef struct {
    unsigned labels, fresh, inits;
} step_end;

/* Step k (from 1) as a clause: forall (the cut before it, its fresh
 * constants). P_k-1 /\ T_k => head (P_0: true). */
static void clause(cg_path *pf, unsigned k, const cg_itp_cut *before, step_end from, step_end to,
                   ordo_term head)
{
    ordo_smt *s = pf->smt;
    unsigned nb = 0, nv = 0;
    ordo_term *body = xmalloc((to.labels - from.labels + to.inits - from.inits + 1) * sizeof *body);
    ordo_term *vars = xmalloc((before->n + to.fresh - from.fresh + 1) * sizeof *vars);
    if (k > 1)
        body[nb++] = relation(s, k - 1, before);
    for (unsigned i = from.inits; i < to.inits; i++)
        body[nb++] = pf->inits[i];
    for (unsigned i = from.labels; i < to.labels; i++)
        body[nb++] = pf->labels[i].constraint;
    for (unsigned i = 0; i < before->n; i++)
        vars[nv++] = before->v[i].term;
    for (unsigned i = from.fresh; i < to.fresh; i++)
        vars[nv++] = pf->fresh[i];
    ordo_term c = ordo_smt_app2(s, ORDO_OP_IMPLIES, ordo_smt_app(s, ORDO_OP_AND, nb, body), head);
    ordo_smt_assert(s, nv ? ordo_smt_quantifier(s, true, nv, vars, c) : c);
    free(vars);
    free(body);
}

/* Encodes the path as clauses into s through pf (the caller frees it);
 * the cuts (n + 1 of them, cut 0 empty) into cuts, where each step ends
 * into ends (n + 1). NULL, or why it could not be encoded. */
static const char *encode(cg_path *pf, ordo_smt *s, const cg_model *m, const ordo_program *shown,
                          const cg_action *actions, const cg_state *const *states, unsigned n,
                          cg_itp_cut *cuts, step_end *ends)
{
    cg_path_begin_unasserted(pf, s, m, shown);
    ends[0] = (step_end){ 0, 0, 0 };
    for (unsigned k = 1; k <= n; k++) {
        cg_path_edge(pf, &actions[k - 1], states[k - 1]);
        if (pf->error)
            return pf->error;
        ends[k] = (step_end){ pf->n_labels, pf->n_fresh, pf->n_inits };
        if (k < n)
            cut_now(pf, &cuts[k]);
        clause(pf, k, &cuts[k - 1], ends[k - 1], ends[k],
               k < n ? relation(s, k, &cuts[k]) : ordo_smt_bool(s, false));
    }
    return NULL;
}

static bool made_in(const cg_path *pf, step_end from, step_end to, ordo_term t)
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
static void block_sources(cg_itp *itp, const cg_path *pf, const cg_itp_cut *cut, step_end from,
                          step_end to)
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

const char *cg_itp_sequence(cg_itp *itp, const ordo_solver_factory *solvers, const cg_model *m,
                            const ordo_program *shown, ordo_program *p,
                            const cg_action *actions, const cg_state *const *states,
                            unsigned n)
{
    *itp = (cg_itp){ 0 };
    ordo_smt_config cfg = { .horn = true };
    ordo_smt *s = ordo_smt_create(solvers, &cfg);
    if (!s)
        return "the solver offers no Horn clause solving";
    cg_itp_cut *cuts = xcalloc(n + 1, sizeof *cuts);
    step_end *ends = xmalloc((n + 1) * sizeof *ends);
    cg_path pf;
    const char *why = encode(&pf, s, m, shown, actions, states, n, cuts, ends);
    if (!why) {
        ordo_smt_result r = ordo_smt_check(s);
        if (r == ORDO_SMT_UNSAT)
            why = "the Horn clauses of the spurious path have no solution";
        else if (r == ORDO_SMT_UNKNOWN)
            why = "the Horn solver gave up";
    }
    for (unsigned k = 1; k < n && !why; k++) {
        ordo_term sol = ordo_smt_eval(s, relation(s, k, &cuts[k]), false);
        if (!sol) {
            why = "the Horn solver's model has no solution";
            break;
        }
        cg_itp_read(itp, s, p, &cuts[k], sol);
        block_sources(itp, &pf, &cuts[k], ends[k - 1], ends[k]);
    }
    if (!why && ordo_smt_error(s))
        why = "the Horn solver failed";
    cg_path_free(&pf);
    for (unsigned k = 0; k <= n; k++)
        free(cuts[k].v);
    free(cuts);
    free(ends);
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
