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

/* who[node]: which threads may still take the action. */
#define NOBODY UINT32_MAX
#define MANY (UINT32_MAX - 1)

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
} entry;

struct cg_coi {
    const ordo_program *p;
    cg_dfg g;
    cg_tracked tracked;
    unsigned char *edge_kinds;   /* per graph edge: the kinds vars(Π) keeps */
    cg_simplifier *simplifier;
    /* per state (scratch) */
    uint32_t *who;
    bool *observed;
    unsigned *work;
    bool *creatable;             /* per procedure */
    cg_place *kept;
    unsigned cap_kept;
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
    c->edge_kinds = xcalloc(c->g.n_edges + 1, 1);
    c->who = xcalloc(c->g.n_nodes + 1, sizeof *c->who);
    c->observed = xcalloc(c->g.n_nodes + 1, sizeof *c->observed);
    c->work = xcalloc(c->g.n_nodes + 1, sizeof *c->work);
    c->creatable = xcalloc(p->n_procs + 1, sizeof *c->creatable);
    c->stats.dfg_s = ordo_process_cputime_s() - t0;
    c->stats.time_s = c->stats.dfg_s;
    return c;
}

static void clear_cache(cg_coi *c)
{
    for (unsigned i = 0; i < c->n_slots; i++) {
        free(c->slots[i].key);
        free(c->slots[i].actions);
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
    free(c->edge_kinds);
    free(c->who);
    free(c->observed);
    free(c->work);
    free(c->creatable);
    free(c->kept);
    free(c);
}

void cg_coi_set_precision(cg_coi *c, const cg_prec *prec)
{
    double t0 = ordo_process_cputime_s();
    clear_cache(c);
    cg_tracked_free(&c->tracked);
    cg_tracked_of(&c->tracked, prec);
    for (unsigned e = 0; e < c->g.n_edges; e++)
        c->edge_kinds[e] = cg_dfg_tracked_kinds(&c->g, e, &c->tracked);
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

/* ---- the state's enabled part of the graph (Definitions 13-14) ----------- */

static void mark(uint32_t *who, unsigned node, uint32_t thread)
{
    if (who[node] == NOBODY)
        who[node] = thread;
    else if (who[node] != thread)
        who[node] = MANY;
}

static const ordo_stmt *stmt_of(const cg_coi *c, unsigned node)
{
    unsigned proc = c->g.node_proc[node];
    return c->p->procs[proc].edges[node - c->g.node_base[proc]].stmt;
}

/* A procedure that may still be started runs every action, perhaps in
 * several threads; so may the procedures it starts. */
static void mark_creatable(cg_coi *c, unsigned proc)
{
    if (c->creatable[proc])
        return;
    c->creatable[proc] = true;
    unsigned first = c->g.node_base[proc];
    for (unsigned e = 0; e < c->p->procs[proc].n_edges; e++) {
        c->who[first + e] = MANY;
        const ordo_stmt *st = stmt_of(c, first + e);
        if (st->kind == ORDO_S_THREAD_START)
            mark_creatable(c, st->proc);
    }
}

/* who[]: the threads that may still take each action, from CFA
 * reachability of every live thread's location and of every procedure a
 * reachable creation site starts. */
static void who_may_act(cg_coi *c, const cg_state *s)
{
    for (unsigned n = 0; n < c->g.n_nodes; n++)
        c->who[n] = NOBODY;
    memset(c->creatable, 0, c->p->n_procs * sizeof *c->creatable);
    for (unsigned t = 0; t < s->n_threads; t++) {
        const cg_thread *th = &s->threads[t];
        if (th->done)
            continue;
        unsigned first = c->g.node_base[th->proc];
        for (unsigned e = 0; e < c->p->procs[th->proc].n_edges; e++)
            if (cg_reach_edge(&c->g.reach, th->proc, th->loc, e))
                mark(c->who, first + e, t);
    }
    for (unsigned n = 0; n < c->g.n_nodes; n++) {
        const ordo_stmt *st = stmt_of(c, n);
        if (c->who[n] != NOBODY && st->kind == ORDO_S_THREAD_START)
            mark_creatable(c, st->proc);
    }
}

/* Can two different threads take a and b? */
static bool distinct(uint32_t a, uint32_t b)
{
    return a != NOBODY && b != NOBODY && (a == MANY || b == MANY || a != b);
}

/* observed[]: the actions from which a path of enabled edges leads to a
 * real observer some thread may still take (backwards from the
 * observers). */
static void observed_actions(cg_coi *c)
{
    const cg_dfg *g = &c->g;
    unsigned n_work = 0;
    for (unsigned n = 0; n < g->n_nodes; n++) {
        c->observed[n] = g->places[n].observer && c->who[n] != NOBODY;
        if (c->observed[n])
            c->work[n_work++] = n;
    }
    while (n_work) {
        unsigned y = c->work[--n_work];
        for (unsigned i = g->in_start[y]; i < g->in_start[y + 1]; i++) {
            unsigned e = g->in_edge[i], x = g->edges[e].src;
            unsigned char k = c->edge_kinds[e];
            if (c->observed[x] || c->who[x] == NOBODY)
                continue;
            if ((k & CG_DFG_DIRECT) || ((k & CG_DFG_INDIRECT) && distinct(c->who[x], c->who[y]))) {
                c->observed[x] = true;
                c->work[n_work++] = x;
            }
        }
    }
}

static void keep_place(cg_coi *c, unsigned *n, cg_place pl)
{
    XGROW(c->kept, *n, c->cap_kept);
    c->kept[(*n)++] = pl;
}

/* The places of α (thread t's node a) that an observed action reads
 * through an edge enabled after α. */
static unsigned kept_places(cg_coi *c, unsigned a, unsigned t)
{
    const cg_dfg *g = &c->g;
    unsigned n = 0;
    for (unsigned e = g->out_start[a]; e < g->out_start[a + 1]; e++) {
        unsigned dst = g->edges[e].dst;
        if (!c->observed[dst] || !c->edge_kinds[e])
            continue;
        bool other = distinct(t, c->who[dst]);
        for (unsigned i = g->edges[e].first_label; i < g->edges[e].first_label + g->edges[e].n_labels; i++) {
            const cg_dfg_label *l = &g->labels[i];
            if (cg_tracked_has(&c->tracked, l->place) &&
                ((l->kinds & CG_DFG_DIRECT) || ((l->kinds & CG_DFG_INDIRECT) && other)))
                keep_place(c, &n, l->place);
        }
    }
    return n;
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
    if (c->g.overflow || c->g.places[a].observer) {
        d.n_stmts = leaves(st);
        return d;
    }
    unsigned n = kept_places(c, a, t);
    d.stmt = cg_simplify(c->simplifier, c->p, a, st, c->kept, n, &c->tracked, &d.n_stmts,
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
    who_may_act(c, s);
    observed_actions(c);
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

const ordo_stmt *cg_coi_stmt(cg_coi *c, const cg_state *s, unsigned t, unsigned edge)
{
    double t0 = ordo_process_cputime_s();
    entry *x = lookup(c, s);
    const ordo_stmt *st = c->p->procs[s->threads[t].proc].edges[edge].stmt;
    for (unsigned i = 0; i < x->n_actions; i++) {
        const decision *d = &x->actions[i];
        if (d->thread != t || d->edge != edge)
            continue;
        st = d->stmt;
        c->stats.evaluated += d->n_stmts;
        c->stats.havoc += d->havoc;
        c->stats.nop += d->nop;
        break;
    }
    c->stats.time_s += ordo_process_cputime_s() - t0;
    return st;
}
