/* Dead locals by live-variable analysis (live.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "live.h"

typedef struct {
    unsigned *v;
    unsigned n;
} var_list;

typedef struct {
    unsigned n_edges;
    var_list *dead_after;   /* per edge */
    unsigned n_locs, init_loc;
    var_list *dead_at;      /* per location */
    unsigned words;         /* per location, in live */
    uint64_t *live;         /* per location: the locals live before it, by bit */
    int *bit;               /* per program variable: its bit, or -1 (not a local) */
} proc_live;

struct cg_live {
    unsigned n_procs;
    proc_live *procs;
};

/* One procedure's analysis: bit sets over its locals. */
typedef struct {
    const ordo_proc *f;
    int *index;              /* per program variable: its bit, or -1 */
    unsigned *locals;        /* per bit: the variable */
    unsigned n_locals, words;
    uint64_t *use, *def;     /* per edge: read before written, written */
    uint64_t *live;          /* per location: live before it */
} analysis;

static uint64_t *bits(analysis *a, uint64_t *sets, unsigned i)
{
    return sets + (size_t)i * a->words;
}

static bool has(const uint64_t *set, unsigned b)
{
    return set[b / 64] >> (b % 64) & 1;
}

static void put(uint64_t *set, unsigned b)
{
    set[b / 64] |= UINT64_C(1) << (b % 64);
}

static void reads(analysis *a, const ordo_expr *e, uint64_t *use, const uint64_t *def)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR && a->index[e->var] >= 0 && !has(def, (unsigned)a->index[e->var]))
        put(use, (unsigned)a->index[e->var]);
    for (int i = 0; i < 3; i++)
        reads(a, e->kid[i], use, def);
}

/* What st reads before writing it, and writes, in order. */
static void effect(analysis *a, const ordo_stmt *st, uint64_t *use, uint64_t *def)
{
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++)
            effect(a, st->stmts[i], use, def);
        return;
    }
    reads(a, st->rhs, use, def);
    reads(a, st->cond, use, def);
    reads(a, st->addr, use, def);
    reads(a, st->size, use, def);
    for (unsigned i = 0; i < st->n_args; i++)
        reads(a, st->args[i], use, def);
    if (st->has_lhs && st->lhs.is_mem)
        reads(a, st->lhs.addr, use, def);
    else if (st->has_lhs && a->index[st->lhs.var] >= 0)
        put(def, (unsigned)a->index[st->lhs.var]);
}

/* live(from) ⊇ use(e) ∪ (live(to) \ def(e)), to a fixpoint. */
static void solve(analysis *a)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned e = a->f->n_edges; e-- > 0;) {
            const ordo_edge *ed = &a->f->edges[e];
            uint64_t *from = bits(a, a->live, ed->from), *to = bits(a, a->live, ed->to);
            const uint64_t *use = bits(a, a->use, e), *def = bits(a, a->def, e);
            for (unsigned w = 0; w < a->words; w++) {
                uint64_t in = from[w] | use[w] | (to[w] & ~def[w]);
                changed |= in != from[w];
                from[w] = in;
            }
        }
    }
}

/* The locals not live, among those in may_hold (NULL: all). */
static var_list collect(const analysis *a, const uint64_t *may_hold, const uint64_t *live)
{
    var_list l = { xmalloc((a->n_locals + 1) * sizeof *l.v), 0 };
    for (unsigned b = 0; b < a->n_locals; b++)
        if ((!may_hold || has(may_hold, b)) && !has(live, b))
            l.v[l.n++] = a->locals[b];
    return l;
}

static void analyse(const ordo_program *p, unsigned fi, int *index, proc_live *out)
{
    analysis a = { .f = &p->procs[fi], .index = index };
    a.locals = xmalloc((p->n_vars + 1) * sizeof *a.locals);
    for (unsigned v = 0; v < p->n_vars; v++) {
        const ordo_var *var = &p->vars[v];
        bool mine = !var->is_global && !var->is_thread_local && var->proc == (int)fi;
        index[v] = mine ? (int)a.n_locals : -1;
        if (mine)
            a.locals[a.n_locals++] = v;
    }
    a.words = (a.n_locals + 63) / 64;
    unsigned n_edges = a.f->n_edges;
    a.use = xcalloc((size_t)n_edges * a.words + 1, sizeof(uint64_t));
    a.def = xcalloc((size_t)n_edges * a.words + 1, sizeof(uint64_t));
    a.live = xcalloc((size_t)a.f->n_locs * a.words + 1, sizeof(uint64_t));
    for (unsigned e = 0; e < n_edges; e++)
        effect(&a, a.f->edges[e].stmt, bits(&a, a.use, e), bits(&a, a.def, e));
    solve(&a);
    uint64_t *held = xmalloc((a.words + 1) * sizeof *held);
    out->n_edges = n_edges;
    out->dead_after = xcalloc(n_edges + 1, sizeof *out->dead_after);
    for (unsigned e = 0; e < n_edges; e++) {
        const ordo_edge *ed = &a.f->edges[e];
        const uint64_t *from = bits(&a, a.live, ed->from), *def = bits(&a, a.def, e);
        for (unsigned w = 0; w < a.words; w++)
            held[w] = from[w] | def[w];
        out->dead_after[e] = collect(&a, held, bits(&a, a.live, ed->to));
    }
    out->n_locs = a.f->n_locs;
    out->init_loc = a.f->init_loc;
    out->dead_at = xcalloc(a.f->n_locs + 1, sizeof *out->dead_at);
    for (unsigned v = 0; v < a.f->n_locs; v++)
        out->dead_at[v] = collect(&a, NULL, bits(&a, a.live, v));
    out->words = a.words;
    out->live = a.live;
    out->bit = xmalloc((p->n_vars + 1) * sizeof *out->bit);
    memcpy(out->bit, index, p->n_vars * sizeof *index);
    free(held);
    free(a.locals);
    free(a.use);
    free(a.def);
}

cg_live *cg_live_new(const ordo_program *p)
{
    cg_live *l = xmalloc(sizeof *l);
    l->n_procs = p->n_procs;
    l->procs = xcalloc(p->n_procs + 1, sizeof *l->procs);
    int *index = xmalloc((p->n_vars + 1) * sizeof *index);
    for (unsigned f = 0; f < p->n_procs; f++)
        analyse(p, f, index, &l->procs[f]);
    free(index);
    return l;
}

void cg_live_free(cg_live *l)
{
    if (!l)
        return;
    for (unsigned f = 0; f < l->n_procs; f++) {
        proc_live *pl = &l->procs[f];
        for (unsigned e = 0; e < pl->n_edges; e++)
            free(pl->dead_after[e].v);
        free(pl->dead_after);
        for (unsigned v = 0; v < pl->n_locs; v++)
            free(pl->dead_at[v].v);
        free(pl->dead_at);
        free(pl->live);
        free(pl->bit);
    }
    free(l->procs);
    free(l);
}

const unsigned *cg_live_dead_after(const cg_live *l, unsigned proc, unsigned edge, unsigned *n)
{
    *n = l->procs[proc].dead_after[edge].n;
    return l->procs[proc].dead_after[edge].v;
}

const unsigned *cg_live_dead_at_start(const cg_live *l, unsigned proc, unsigned *n)
{
    return cg_live_dead_at(l, proc, l->procs[proc].init_loc, n);
}

const unsigned *cg_live_dead_at(const cg_live *l, unsigned proc, unsigned loc, unsigned *n)
{
    *n = l->procs[proc].dead_at[loc].n;
    return l->procs[proc].dead_at[loc].v;
}

bool cg_live_at(const cg_live *l, unsigned proc, unsigned loc, unsigned var)
{
    const proc_live *pl = &l->procs[proc];
    int b = pl->bit[var];
    return b < 0 || (pl->live[(size_t)loc * pl->words + (unsigned)b / 64] >> (b % 64) & 1);
}
