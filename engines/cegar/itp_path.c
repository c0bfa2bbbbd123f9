/* A spurious path prepared for interpolation (itp_path.h). */
#include <stdio.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "itp_path.h"

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

const char *cg_itp_path_open(cg_itp_path *ip, ordo_smt *s, const cg_model *m,
                             const ordo_program *shown, const cg_action *actions,
                             const cg_state *const *states, unsigned n)
{
    *ip = (cg_itp_path){ .s = s, .n = n };
    ip->cuts = xcalloc(n + 1, sizeof *ip->cuts);
    ip->ends = xcalloc(n + 1, sizeof *ip->ends);
    ip->itp = xcalloc(n + 1, sizeof *ip->itp);
    cg_path *pf = &ip->pf;
    cg_path_begin_unasserted(pf, s, m, shown);
    for (unsigned k = 1; k <= n; k++) {
        cg_path_edge(pf, &actions[k - 1], states[k - 1]);
        if (pf->error)
            return pf->error;
        ip->ends[k] = (cg_itp_step_end){ pf->n_labels, pf->n_fresh, pf->n_inits };
        if (k < n)
            cut_now(pf, &ip->cuts[k]);
    }
    return NULL;
}

void cg_itp_path_free(cg_itp_path *ip)
{
    cg_path_free(&ip->pf);
    for (unsigned k = 0; k <= ip->n; k++)
        free(ip->cuts[k].v);
    free(ip->cuts);
    free(ip->ends);
    free(ip->itp);
    *ip = (cg_itp_path){ 0 };
}

/* The conjunction of step k's initial values and constraints. */
static unsigned step_parts(const cg_itp_path *ip, unsigned k, ordo_term *out)
{
    const cg_itp_step_end *from = &ip->ends[k - 1], *to = &ip->ends[k];
    unsigned n = 0;
    for (unsigned i = from->inits; i < to->inits; i++)
        out[n++] = ip->pf.inits[i];
    for (unsigned i = from->labels; i < to->labels; i++)
        out[n++] = ip->pf.labels[i].constraint;
    return n;
}

static unsigned step_size(const cg_itp_path *ip, unsigned k)
{
    return ip->ends[k].inits - ip->ends[k - 1].inits + ip->ends[k].labels -
           ip->ends[k - 1].labels;
}

ordo_term cg_itp_path_step(const cg_itp_path *ip, unsigned k)
{
    ordo_term *parts = xmalloc((step_size(ip, k) + 1) * sizeof *parts);
    unsigned n = step_parts(ip, k, parts);
    ordo_term t = ordo_smt_app(ip->s, ORDO_OP_AND, n, parts);
    free(parts);
    return t;
}

/* ---- Horn clauses (seq-itp) --------------------------------------------------- */

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

/* Step k (from 1) as a clause: forall (the cut before it, its fresh
 * constants). P_k-1 /\ T_k => head (P_0: true). */
static void clause(const cg_itp_path *ip, unsigned k, ordo_term head)
{
    ordo_smt *s = ip->s;
    const cg_itp_cut *before = &ip->cuts[k - 1];
    unsigned from = ip->ends[k - 1].fresh, to = ip->ends[k].fresh, nb = 0, nv = 0;
    ordo_term *body = xmalloc((step_size(ip, k) + 2) * sizeof *body);
    ordo_term *vars = xmalloc((before->n + to - from + 1) * sizeof *vars);
    if (k > 1)
        body[nb++] = relation(s, k - 1, before);
    nb += step_parts(ip, k, body + nb);
    for (unsigned i = 0; i < before->n; i++)
        vars[nv++] = before->v[i].term;
    for (unsigned i = from; i < to; i++)
        vars[nv++] = ip->pf.fresh[i];
    ordo_term c = ordo_smt_app2(s, ORDO_OP_IMPLIES, ordo_smt_app(s, ORDO_OP_AND, nb, body), head);
    ordo_smt_assert(s, nv ? ordo_smt_quantifier(s, true, nv, vars, c) : c);
    free(vars);
    free(body);
}

const char *cg_itp_path_horn(cg_itp_path *ip)
{
    ordo_smt *s = ip->s;
    unsigned n = ip->n;
    for (unsigned k = 1; k <= n; k++)
        clause(ip, k, k < n ? relation(s, k, &ip->cuts[k]) : ordo_smt_bool(s, false));
    ordo_smt_result r = ordo_smt_check(s);
    if (r == ORDO_SMT_UNSAT)
        return "the Horn clauses of the spurious path have no solution";
    if (r == ORDO_SMT_UNKNOWN)
        return "the Horn solver gave up";
    ip->itp[0] = ordo_smt_bool(s, true);
    ip->itp[n] = ordo_smt_bool(s, false);
    for (unsigned k = 1; k < n; k++)
        if (!(ip->itp[k] = ordo_smt_eval(s, relation(s, k, &ip->cuts[k]), false)))
            return "the Horn solver's model has no solution";
    return ordo_smt_error(s) ? "the Horn solver failed" : NULL;
}

/* ---- chained binary interpolants (bin-itp) ------------------------------------ */

const char *cg_itp_path_chain(cg_itp_path *ip)
{
    ordo_smt *s = ip->s;
    unsigned n = ip->n;
    ordo_term *rest = xmalloc((n + 2) * sizeof *rest); /* rest[k]: T_k /\ ... /\ T_n */
    rest[n + 1] = ordo_smt_bool(s, true);
    for (unsigned k = n; k >= 1; k--)
        rest[k] = ordo_smt_app2(s, ORDO_OP_AND, cg_itp_path_step(ip, k), rest[k + 1]);
    ip->itp[0] = ordo_smt_bool(s, true);
    ip->itp[n] = ordo_smt_bool(s, false);
    const char *why = NULL;
    for (unsigned k = 1; k < n && !why; k++) {
        ordo_term a = ordo_smt_app2(s, ORDO_OP_AND, ip->itp[k - 1], cg_itp_path_step(ip, k));
        if (!(ip->itp[k] = ordo_smt_interpolant(s, a, rest[k + 1])))
            why = "no binary interpolant (the solver's projection failed)";
    }
    free(rest);
    return why ? why : ordo_smt_error(s) ? "the solver failed" : NULL;
}
