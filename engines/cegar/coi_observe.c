/* Which actions a real observer can still transitively observe in a state
 * (coi.h; thesis Definitions 13-14 and Algorithm 2, line 8). Indirect
 * observations are followed by place: per place, which threads its
 * observed readers may run in (nobody, one thread, several), so that a
 * state costs the writers and readers of the places, not the pairs. */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "coi.h"

/* who[node] and the readers' summaries: which threads. */
#define NOBODY UINT32_MAX
#define MANY (UINT32_MAX - 1)

void cg_observation_init(cg_observation *o, const ordo_program *p, const cg_dfg *g)
{
    unsigned n_places = cg_dfg_any_cell(g) + 1;
    *o = (cg_observation){ .p = p, .g = g };
    o->who = xcalloc(g->n_nodes + 1, sizeof *o->who);
    o->observed = xcalloc(g->n_nodes + 1, sizeof *o->observed);
    o->work = xcalloc(g->n_nodes + 1, sizeof *o->work);
    o->creatable = xcalloc(p->n_procs + 1, sizeof *o->creatable);
    o->readers = xcalloc(n_places + 1, sizeof *o->readers);
    o->queued = xcalloc(n_places + 1, sizeof *o->queued);
    o->place_work = xcalloc(n_places + 1, sizeof *o->place_work);
    o->tracked = xcalloc(n_places + 1, sizeof *o->tracked);
    o->edge_kinds = xcalloc(g->n_edges + 1, 1);
}

void cg_observation_free(cg_observation *o)
{
    free(o->who);
    free(o->observed);
    free(o->work);
    free(o->creatable);
    free(o->readers);
    free(o->queued);
    free(o->place_work);
    free(o->tracked);
    free(o->edge_kinds);
    free(o->kept);
}

void cg_observation_track(cg_observation *o, const cg_tracked *t)
{
    const cg_dfg *g = o->g;
    o->vars = t;
    for (unsigned id = 0; id <= cg_dfg_any_cell(g); id++)
        o->tracked[id] = cg_tracked_has(t, cg_dfg_place(g, id));
    for (unsigned e = 0; e < g->n_edges; e++)
        o->edge_kinds[e] = cg_dfg_tracked_kinds(g, e, t);
}

/* ---- who may still act (Definition 13 over the CFA) ---------------------- */

static uint32_t join(uint32_t a, uint32_t b)
{
    return a == NOBODY ? b : b == NOBODY || a == b ? a : MANY;
}

static const ordo_stmt *stmt_of(const cg_observation *o, unsigned node)
{
    unsigned proc = o->g->node_proc[node];
    return o->p->procs[proc].edges[node - o->g->node_base[proc]].stmt;
}

/* A procedure that may still be started runs every action, perhaps in
 * several threads; so may the procedures it starts. */
static void mark_creatable(cg_observation *o, unsigned proc)
{
    if (o->creatable[proc])
        return;
    o->creatable[proc] = true;
    unsigned first = o->g->node_base[proc];
    for (unsigned e = 0; e < o->p->procs[proc].n_edges; e++) {
        o->who[first + e] = MANY;
        const ordo_stmt *st = stmt_of(o, first + e);
        if (st->kind == ORDO_S_THREAD_START)
            mark_creatable(o, st->proc);
    }
}

/* who[]: the threads that may still take each action, from CFA
 * reachability of every live thread's location and of every procedure a
 * reachable creation site starts. */
static void who_may_act(cg_observation *o, const cg_state *s)
{
    const cg_dfg *g = o->g;
    for (unsigned n = 0; n < g->n_nodes; n++)
        o->who[n] = NOBODY;
    memset(o->creatable, 0, o->p->n_procs * sizeof *o->creatable);
    for (unsigned t = 0; t < s->n_threads; t++) {
        const cg_thread *th = &s->threads[t];
        if (th->done)
            continue;
        unsigned first = g->node_base[th->proc];
        for (unsigned e = 0; e < o->p->procs[th->proc].n_edges; e++)
            if (cg_reach_edge(&g->reach, th->proc, th->loc, e))
                o->who[first + e] = join(o->who[first + e], t);
    }
    for (unsigned n = 0; n < g->n_nodes; n++) {
        const ordo_stmt *st = stmt_of(o, n);
        if (o->who[n] != NOBODY && st->kind == ORDO_S_THREAD_START)
            mark_creatable(o, st->proc);
    }
}

/* Can two different threads take actions of these summaries? */
static bool distinct(uint32_t a, uint32_t b)
{
    return a != NOBODY && b != NOBODY && (a == MANY || b == MANY || a != b);
}

/* ---- observed actions (Definition 14, backwards from the observers) ------- */

static bool is_const_cell(const cg_dfg *g, unsigned id)
{
    return id >= g->ids.n_vars && id < cg_dfg_any_cell(g);
}

/* The threads of the observed readers a writer of place id may feed
 * (a cell also feeds reads through computed addresses). */
static uint32_t feeds(const cg_observation *o, unsigned id)
{
    const cg_dfg *g = o->g;
    if (id == cg_dfg_any_cell(g))
        return o->any_write;
    if (is_const_cell(g, id))
        return join(o->readers[id], o->readers[cg_dfg_any_cell(g)]);
    return o->readers[id];
}

static void observe(cg_observation *o, unsigned node)
{
    o->observed[node] = true;
    o->work[o->n_work++] = node;
}

static void queue_place(cg_observation *o, unsigned id)
{
    if (!o->queued[id]) {
        o->queued[id] = true;
        o->place_work[o->n_place_work++] = id;
    }
}

/* Observed readers of place id may now run in more threads. */
static void readers_grew(cg_observation *o, unsigned id)
{
    const cg_dfg *g = o->g;
    unsigned any = cg_dfg_any_cell(g);
    if (id != any) {
        queue_place(o, id);
        return;
    }
    for (unsigned c = g->ids.n_vars; c < any; c++)
        queue_place(o, c);
}

/* An observed action y reads its places: their writers may be observed
 * through indirect edges; y's direct predecessors are. */
static void reads_of(cg_observation *o, unsigned y)
{
    const cg_dfg *g = o->g;
    const cg_action_places *a = &g->places[y];
    unsigned any = cg_dfg_any_cell(g);
    for (unsigned k = 0; k < a->n_reads; k++) {
        unsigned id = a->read_id[k];
        uint32_t before = o->readers[id];
        o->readers[id] = join(before, o->who[y]);
        if (o->readers[id] != before)
            readers_grew(o, id);
        if (id >= g->ids.n_vars && o->tracked[id]) {
            before = o->any_write;
            o->any_write = join(before, o->who[y]);
            if (o->any_write != before)
                queue_place(o, any);
        }
    }
    for (unsigned i = g->din_start[y]; i < g->din_start[y + 1]; i++) {
        unsigned e = g->din_edge[i], x = g->edges[e].src;
        if ((o->edge_kinds[e] & CG_DFG_DIRECT) && !o->observed[x] && o->who[x] != NOBODY)
            observe(o, x);
    }
}

/* The writers of place id that feed an observed reader in another thread. */
static void writers_of(cg_observation *o, unsigned id)
{
    const cg_access_lists *l = &o->g->access;
    if (!o->tracked[id])
        return;
    uint32_t readers = feeds(o, id);
    for (unsigned i = l->w_start[id]; i < l->w_start[id + 1]; i++) {
        unsigned x = l->w_node[i];
        if (!o->observed[x] && (l->w_cross[i] || o->g->shared[id]) && distinct(o->who[x], readers))
            observe(o, x);
    }
}

void cg_observation_of(cg_observation *o, const cg_state *s)
{
    const cg_dfg *g = o->g;
    who_may_act(o, s);
    unsigned n_places = cg_dfg_any_cell(g) + 1;
    for (unsigned id = 0; id < n_places; id++)
        o->readers[id] = NOBODY;
    o->any_write = NOBODY;
    o->n_work = o->n_place_work = 0;
    for (unsigned n = 0; n < g->n_nodes; n++) {
        o->observed[n] = false;
        if (g->places[n].observer && o->who[n] != NOBODY)
            observe(o, n);
    }
    while (o->n_work || o->n_place_work) {
        if (o->n_work) {
            reads_of(o, o->work[--o->n_work]);
            continue;
        }
        unsigned id = o->place_work[--o->n_place_work];
        o->queued[id] = false;
        writers_of(o, id);
    }
}

bool cg_observation_unread(const cg_observation *o, unsigned id)
{
    return o->readers[id] == NOBODY;
}

static void keep(cg_observation *o, unsigned *n, cg_place pl)
{
    XGROW(o->kept, *n, o->cap_kept);
    o->kept[(*n)++] = pl;
}

unsigned cg_observation_kept(cg_observation *o, unsigned a, unsigned t)
{
    const cg_dfg *g = o->g;
    const cg_action_places *p = &g->places[a];
    unsigned n = 0;
    for (unsigned k = 0; k < p->n_writes; k++) {
        unsigned id = p->write_id[k];
        if (o->tracked[id] && (p->cross[k] || g->shared[id]) && distinct(t, feeds(o, id)))
            keep(o, &n, p->writes[k]);
    }
    for (unsigned i = g->dout_start[a]; i < g->dout_start[a + 1]; i++) {
        unsigned e = g->dout_edge[i];
        if (!o->observed[g->edges[e].dst] || !(o->edge_kinds[e] & CG_DFG_DIRECT))
            continue;
        for (unsigned j = g->edges[e].first_label; j < g->edges[e].first_label + g->edges[e].n_labels; j++)
            if ((g->labels[j].kinds & CG_DFG_DIRECT) && cg_tracked_has(o->vars, g->labels[j].place))
                keep(o, &n, g->labels[j].place);
    }
    return n;
}
