/*
 * Static cone of influence (passes.h: ordo_pass_scoi): the baseline the
 * thesis compares its dynamic COI against (Chapter 4, Section 4.5). A
 * flow-insensitive data-flow fixpoint over all threads: a variable is
 * relevant when a control statement (assume, lock, join, ...) reads it, or
 * a kept statement assigning a relevant place reads it. All memory cells
 * form one place. Assignments and havocs of irrelevant places become SKIP.
 */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

typedef struct {
    const ordo_program *p;
    bool *var;           /* relevant variables */
    bool mem;            /* memory cells are relevant */
    bool *result;        /* per procedure: some call uses its result */
    bool changed;
} relevance;

static void mark_var(relevance *r, unsigned v)
{
    if (!r->var[v]) {
        r->var[v] = r->changed = true;
    }
}

static void mark_mem(relevance *r)
{
    if (!r->mem) {
        r->mem = r->changed = true;
    }
}

/* Everything e reads becomes relevant. */
static void reads(relevance *r, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        mark_var(r, e->var);
    if (e->kind == ORDO_E_LOAD)
        mark_mem(r);
    for (int i = 0; i < 3; i++)
        reads(r, e->kid[i]);
}

static bool place_relevant(const relevance *r, const ordo_lvalue *lv)
{
    return lv->is_mem ? r->mem : r->var[lv->var];
}

/* A kept write: its address computation matters. */
static void kept_write(relevance *r, const ordo_stmt *s)
{
    if (s->has_lhs && s->lhs.is_mem) {
        reads(r, s->lhs.addr);
    }
}

static void param_flow(relevance *r, unsigned proc, unsigned n_args, const ordo_expr *const *args)
{
    const ordo_proc *f = &r->p->procs[proc];
    for (unsigned i = 0; i < n_args && i < f->n_params; i++)
        if (r->var[f->params[i]])
            reads(r, args[i]);
}

static void visit(relevance *r, const ordo_stmt *s, unsigned proc)
{
    switch (s->kind) {
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < s->n_stmts; i++)
            visit(r, s->stmts[i], proc);
        return;
    case ORDO_S_ASSIGN:
    case ORDO_S_HAVOC:
        if (place_relevant(r, &s->lhs)) {
            reads(r, s->rhs);
            kept_write(r, s);
        }
        return;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
        mark_mem(r);
        reads(r, s->addr);
        return;
    case ORDO_S_THREAD_START:
        param_flow(r, s->proc, s->rhs ? 1 : 0, &s->rhs);
        kept_write(r, s);
        return;
    case ORDO_S_CALL:
        param_flow(r, s->proc, s->n_args, s->args);
        kept_write(r, s);
        if (s->has_lhs && place_relevant(r, &s->lhs) && !r->result[s->proc])
            r->result[s->proc] = r->changed = true;
        return;
    case ORDO_S_RETURN:
        if (r->result[proc])
            reads(r, s->rhs);
        return;
    default: /* ASSUME, JOIN, ALLOC, FREE: control or memory shape */
        reads(r, s->cond);
        reads(r, s->addr);
        reads(r, s->size);
        kept_write(r, s);
        return;
    }
}

static bool removable(const relevance *r, const ordo_stmt *s)
{
    return (s->kind == ORDO_S_ASSIGN || s->kind == ORDO_S_HAVOC) && !place_relevant(r, &s->lhs);
}

static ordo_stmt *skip_at(ordo_program *p, const ordo_stmt *s)
{
    ordo_stmt *x = ordo_s_new(p, ORDO_S_SKIP);
    x->file = s->file;
    x->line = s->line;
    return x;
}

/* s with its removable parts replaced by SKIP; counts them. */
static const ordo_stmt *simplify(ordo_program *p, const relevance *r, const ordo_stmt *s,
                                 unsigned *removed)
{
    if (removable(r, s)) {
        ++*removed;
        return skip_at(p, s);
    }
    if (s->kind != ORDO_S_SEQ)
        return s;
    unsigned before = *removed;
    const ordo_stmt **parts = xcalloc(s->n_stmts + 1, sizeof *parts);
    for (unsigned i = 0; i < s->n_stmts; i++)
        parts[i] = simplify(p, r, s->stmts[i], removed);
    const ordo_stmt *x = s;
    if (*removed != before) {
        ordo_stmt *seq = ordo_s_seq(p, s->n_stmts, parts);
        seq->file = s->file;
        seq->line = s->line;
        x = seq;
    }
    free(parts);
    return x;
}

unsigned ordo_pass_scoi(ordo_program *p)
{
    relevance r = { .p = p };
    r.var = xcalloc(p->n_vars + 1, sizeof *r.var);
    r.result = xcalloc(p->n_procs + 1, sizeof *r.result);
    do {
        r.changed = false;
        for (unsigned f = 0; f < p->n_procs; f++)
            for (unsigned e = 0; e < p->procs[f].n_edges; e++)
                visit(&r, p->procs[f].edges[e].stmt, f);
    } while (r.changed);
    unsigned removed = 0;
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            p->procs[f].edges[e].stmt = simplify(p, &r, p->procs[f].edges[e].stmt, &removed);
    free(r.var);
    free(r.result);
    return removed;
}
