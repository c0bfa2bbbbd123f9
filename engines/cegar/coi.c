/* Algorithm 2 of the thesis (coi.h): per state, which data-flow edges are
 * enabled, which actions a real observer can transitively observe, and
 * the statement each outgoing action evaluates; cached by the state's
 * control part (locations, created and finished threads) for one
 * precision version. */
#include <stdlib.h>
#include <string.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "coi.h"

typedef struct {
    unsigned thread, edge;
    const ordo_stmt *stmt;
    unsigned n_stmts, havoc, nop;
} decision;

typedef struct {
    uint64_t hash;
    unsigned *key;          /* NULL: a free slot */
    unsigned key_len;
    decision *actions;
    unsigned n_actions;
    bool *dead;             /* per variable (cg_coi_dead_vars) */
} entry;

struct cg_coi {
    const ordo_program *p;
    cg_dfg g;
    cg_tracked tracked;
    cg_observation o;
    cg_live_locals live;
    cg_simplifier *simplifier;
    /* the cache of the current precision version */
    entry *slots;
    unsigned n_slots, n_used;
    cg_coi_stats stats;
};

cg_coi *cg_coi_new(const ordo_program *p)
{
    double t0 = ordo_process_cputime_s();
    cg_coi *c = xcalloc(1, sizeof *c);
    c->p = p;
    cg_dfg_build(&c->g, p);
    c->simplifier = cg_simplifier_new(c->g.n_nodes);
    cg_observation_init(&c->o, p, &c->g);
    cg_live_locals_init(&c->live, p);
    c->stats.dfg_s = ordo_process_cputime_s() - t0;
    c->stats.time_s = c->stats.dfg_s;
    return c;
}

static void clear_cache(cg_coi *c)
{
    for (unsigned i = 0; i < c->n_slots; i++) {
        free(c->slots[i].key);
        free(c->slots[i].actions);
        free(c->slots[i].dead);
    }
    free(c->slots);
    c->slots = NULL;
    c->n_slots = c->n_used = 0;
}

void cg_coi_free(cg_coi *c)
{
    if (!c)
        return;
    clear_cache(c);
    cg_simplifier_free(c->simplifier);
    cg_tracked_free(&c->tracked);
    cg_dfg_free(&c->g);
    cg_observation_free(&c->o);
    cg_live_locals_free(&c->live);
    free(c);
}

void cg_coi_set_precision(cg_coi *c, const cg_prec *prec)
{
    double t0 = ordo_process_cputime_s();
    clear_cache(c);
    cg_tracked_free(&c->tracked);
    cg_tracked_of(&c->tracked, prec);
    cg_observation_track(&c->o, &c->tracked);
    c->stats.time_s += ordo_process_cputime_s() - t0;
}

const cg_coi_stats *cg_coi_stats_of(const cg_coi *c)
{
    return &c->stats;
}

const cg_dfg *cg_coi_dfg(const cg_coi *c)
{
    return &c->g;
}

static unsigned leaves(const ordo_stmt *st)
{
    if (st->kind != ORDO_S_SEQ)
        return 1;
    unsigned n = 0;
    for (unsigned i = 0; i < st->n_stmts; i++)
        n += leaves(st->stmts[i]);
    return n;
}

/* Algorithm 2, lines 8-17, for thread t taking edge of its procedure. */
static decision decide(cg_coi *c, const cg_state *s, unsigned t, unsigned edge)
{
    unsigned proc = s->threads[t].proc, a = cg_dfg_node(&c->g, proc, edge);
    const ordo_stmt *st = c->p->procs[proc].edges[edge].stmt;
    decision d = { .thread = t, .edge = edge, .stmt = st };
    if (c->g.too_big) {
        d.n_stmts = leaves(st);
        return d;
    }
    unsigned n = cg_observation_kept(&c->o, a, t);
    d.stmt = cg_simplify(c->simplifier, c->p, a, st, c->o.kept, n, &c->tracked, &d.n_stmts,
                         &d.havoc, &d.nop);
    return d;
}

/* ---- the cache ------------------------------------------------------------ */

static unsigned key_of(const cg_state *s, unsigned **key)
{
    unsigned n = 1 + 3 * s->n_threads;
    *key = xmalloc(n * sizeof **key);
    (*key)[0] = s->n_threads;
    for (unsigned t = 0; t < s->n_threads; t++) {
        (*key)[1 + 3 * t] = s->threads[t].proc;
        (*key)[2 + 3 * t] = s->threads[t].loc;
        (*key)[3 + 3 * t] = s->threads[t].done;
    }
    return n;
}

static uint64_t hash_key(const unsigned *key, unsigned n)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (unsigned i = 0; i < n; i++)
        h = (h ^ key[i]) * UINT64_C(1099511628211);
    return h;
}

static entry *slot_for(entry *slots, unsigned n_slots, uint64_t h, const unsigned *key,
                       unsigned len)
{
    for (unsigned i = (unsigned)(h & (n_slots - 1));; i = (i + 1) & (n_slots - 1)) {
        entry *x = &slots[i];
        if (!x->key || (x->hash == h && x->key_len == len &&
                        memcmp(x->key, key, len * sizeof *key) == 0))
            return x;
    }
}

static void grow(cg_coi *c)
{
    unsigned n = c->n_slots ? 2 * c->n_slots : 1024;
    entry *slots = xcalloc(n, sizeof *slots);
    for (unsigned i = 0; i < c->n_slots; i++)
        if (c->slots[i].key)
            *slot_for(slots, n, c->slots[i].hash, c->slots[i].key, c->slots[i].key_len) =
                c->slots[i];
    free(c->slots);
    c->slots = slots;
    c->n_slots = n;
}

/* The decisions for every outgoing action of s's control part. */
static void fill(cg_coi *c, const cg_state *s, entry *x)
{
    cg_observation_of(&c->o, s);
    x->dead = xmalloc((c->p->n_vars + 1) * sizeof *x->dead);
    for (unsigned v = 0; v < c->p->n_vars; v++)
        x->dead[v] = cg_observation_unread(&c->o, v);
    cg_observation_dead_locals(&c->o, &c->live, s, x->dead);
    unsigned cap = 0;
    for (unsigned t = 0; t < s->n_threads; t++) {
        const cg_thread *th = &s->threads[t];
        if (th->done)
            continue;
        const ordo_proc *f = &c->p->procs[th->proc];
        for (unsigned e = 0; e < f->n_edges; e++)
            if (f->edges[e].from == th->loc) {
                XGROW(x->actions, x->n_actions, cap);
                x->actions[x->n_actions++] = decide(c, s, t, e);
            }
    }
}

static entry *lookup(cg_coi *c, const cg_state *s)
{
    if (4 * (c->n_used + 1) > 3 * c->n_slots)
        grow(c);
    unsigned *key;
    unsigned len = key_of(s, &key);
    uint64_t h = hash_key(key, len);
    entry *x = slot_for(c->slots, c->n_slots, h, key, len);
    if (x->key) {
        free(key);
        return x;
    }
    *x = (entry){ .hash = h, .key = key, .key_len = len };
    c->n_used++;
    fill(c, s, x);
    return x;
}

/* The cache entry of s's control part; NULL once DCOI gave up. *t0: when
 * the caller's own time started. */
static entry *entry_of(cg_coi *c, const cg_state *s, double *t0)
{
    *t0 = ordo_process_cputime_s();
    if (c->stats.time_s > 0.5 && c->stats.time_s > CG_COI_MAX_SHARE * *t0)
        c->stats.gave_up = true;
    return c->stats.gave_up ? NULL : lookup(c, s);
}

const bool *cg_coi_dead_vars(cg_coi *c, const cg_state *s)
{
    double t0;
    entry *x = entry_of(c, s, &t0);
    if (x)
        c->stats.time_s += ordo_process_cputime_s() - t0;
    return x ? x->dead : NULL;
}

void cg_coi_forget_dead(cg_coi *c, cg_state *s)
{
    const bool *dead = cg_coi_dead_vars(c, s);
    if (!dead)
        return;
    unsigned n = 0;
    for (unsigned i = 0; i < s->n_vals; i++) {
        uint64_t key = s->vals[i].key;
        bool var = key >= CG_VAR_KEY && key != CG_ALLOC_KEY;
        if (!var || !dead[(uint32_t)key])
            s->vals[n++] = s->vals[i];
    }
    s->n_vals = n;
}

/* The decision for thread t of s taking edge; NULL once DCOI gave up. */
static const decision *decision_of(cg_coi *c, const cg_state *s, unsigned t, unsigned edge)
{
    double t0;
    entry *x = entry_of(c, s, &t0);
    if (!x)
        return NULL;
    const decision *d = NULL;
    for (unsigned i = 0; i < x->n_actions && !d; i++)
        if (x->actions[i].thread == t && x->actions[i].edge == edge)
            d = &x->actions[i];
    c->stats.time_s += ordo_process_cputime_s() - t0;
    return d;
}

const ordo_stmt *cg_coi_stmt(cg_coi *c, const cg_state *s, unsigned t, unsigned edge)
{
    const ordo_stmt *st = c->p->procs[s->threads[t].proc].edges[edge].stmt;
    const decision *d = decision_of(c, s, t, edge);
    if (!d) {
        c->stats.evaluated += leaves(st);
        return st;
    }
    c->stats.evaluated += d->n_stmts;
    c->stats.havoc += d->havoc;
    c->stats.nop += d->nop;
    return d->stmt;
}

const ordo_stmt *cg_coi_peek(cg_coi *c, const cg_state *s, unsigned t, unsigned edge)
{
    const decision *d = decision_of(c, s, t, edge);
    return d ? d->stmt : c->p->procs[s->threads[t].proc].edges[edge].stmt;
}
