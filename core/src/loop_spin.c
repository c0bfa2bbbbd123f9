/* Loops that only wait (loop_spin.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "loop_spin.h"

/* Statements an iteration of a spinning loop may run: no effect but
 * reads and a procedure's locals (assigned, or chosen nondeterministically:
 * qrcu's readers retry `myidx = idx; if (nondet()) ...`). */
static bool waits_only(const ordo_program *p, const ordo_stmt *s)
{
    switch (s->kind) {
    case ORDO_S_SKIP:
    case ORDO_S_ASSUME:
        return true;
    case ORDO_S_ASSIGN:
    case ORDO_S_HAVOC:
        return !s->lhs.is_mem && p->vars[s->lhs.var].proc >= 0;
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (!waits_only(p, s->stmts[i]))
                return false;
        return true;
    default:
        return false;
    }
}

static bool expr_reads(const ordo_expr *e, unsigned v)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_VAR && e->var == v)
        return true;
    for (int i = 0; i < 3; i++)
        if (expr_reads(e->kid[i], v))
            return true;
    return false;
}

typedef enum { USE_NONE, USE_READ, USE_SET } var_use;

/* What statement s does first with variable v. */
static var_use first_use(const ordo_stmt *s, unsigned v)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++) {
            var_use u = first_use(s->stmts[i], v);
            if (u != USE_NONE)
                return u;
        }
        return USE_NONE;
    }
    bool reads = expr_reads(s->rhs, v) || expr_reads(s->cond, v) || expr_reads(s->addr, v) ||
                 expr_reads(s->size, v) || (s->has_lhs && s->lhs.is_mem && expr_reads(s->lhs.addr, v));
    for (unsigned i = 0; i < s->n_args && !reads; i++)
        reads = expr_reads(s->args[i], v);
    if (reads)
        return USE_READ;
    return s->has_lhs && !s->lhs.is_mem && s->lhs.var == v ? USE_SET : USE_NONE;
}

/* Whether some path from h reads v before setting it. */
static bool live_at(const ordo_proc *f, const ordo_edge_index *out, unsigned h, unsigned v)
{
    bool *seen = xcalloc(f->n_locs + 1, sizeof *seen);
    unsigned *work = xcalloc(f->n_locs + 1, sizeof *work), n = 0;
    bool live = false;
    seen[h] = true;
    work[n++] = h;
    while (n && !live) {
        unsigned l = work[--n];
        for (unsigned i = out->start[l]; i < out->start[l + 1] && !live; i++) {
            const ordo_edge *e = &f->edges[out->edge[i]];
            var_use u = first_use(e->stmt, v);
            live = u == USE_READ;
            if (u == USE_NONE && !seen[e->to]) {
                seen[e->to] = true;
                work[n++] = e->to;
            }
        }
    }
    free(seen);
    free(work);
    return live;
}

/* Whether no local that s sets is live at h (checked[v]: v was). */
static bool sets_no_live_local(const ordo_proc *f, const ordo_edge_index *out, unsigned h,
                               const ordo_stmt *s, bool *checked)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (!sets_no_live_local(f, out, h, s->stmts[i], checked))
                return false;
        return true;
    }
    if ((s->kind != ORDO_S_ASSIGN && s->kind != ORDO_S_HAVOC) || checked[s->lhs.var])
        return true;
    checked[s->lhs.var] = true;
    return !live_at(f, out, h, s->lhs.var);
}

bool loop_spins(const ordo_program *p, const ordo_proc *f, const ordo_edge_index *out,
                const bool *loop, unsigned h)
{
    for (unsigned e = 0; e < f->n_edges; e++)
        if (loop[f->edges[e].from] && loop[f->edges[e].to] && !waits_only(p, f->edges[e].stmt))
            return false;
    bool *checked = xcalloc(p->n_vars + 1, sizeof *checked);
    bool spins = true;
    for (unsigned e = 0; e < f->n_edges && spins; e++)
        if (loop[f->edges[e].from] && loop[f->edges[e].to])
            spins = sets_no_live_local(f, out, h, f->edges[e].stmt, checked);
    free(checked);
    return spins;
}
