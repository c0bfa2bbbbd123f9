/* The event graph of the ordering-consistency theory (see graph.h). */
#include "graph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#define NONE SIZE_MAX

typedef struct {
    unsigned from, to;
    size_t reason, n_reason; /* slice of the reason pool */
    size_t next_out, next_in;
} edge;

typedef struct {
    size_t trail, processed, edges, pool;
} level;

enum { UNKNOWN = 0, TRUE_ = 1, FALSE_ = 2 };

struct oc_graph {
    const oc_events *es;
    size_t n_lits;
    unsigned char *val;
    oc_lit *trail;
    size_t n_trail, processed;
    /* Literal roles: the rf pair / ws direction / join edges it switches on. */
    size_t *lit_rf;              /* rf index + 1, or 0 */
    size_t *lit_ws;              /* 2 * ws index + direction + 1, or 0 */
    size_t *po_of_lit_start, *po_of_lit;
    /* Edges with undo (adjacency lists as stacks). */
    edge *edges;
    size_t n_edges, cap_edges;
    size_t *head_out, *head_in;
    oc_lit *pool;
    size_t n_pool, cap_pool;
    level *levels;
    size_t n_levels, cap_levels;
    /* Conflicts of the last propagate. */
    oc_lit *cpool;
    size_t n_cpool, cap_cpool;
    size_t *coff, *clen;
    size_t n_conf, cap_conf;
    /* Scratch: visit stamps, queue, Dijkstra, reason building. */
    unsigned *seen, *seen2, epoch, epoch2;
    unsigned *before_r, *after_w, epoch_b, epoch_a; /* per rf pair: who reaches r, w reaches */
    bool dirty;       /* orders or guards changed since the last fixpoint */
    unsigned *queue;
    size_t *dist, *pred;
    unsigned *heap;
    size_t *heap_pos;
    unsigned *lit_mark, lit_epoch;
    oc_lit *rbuf;
    size_t n_rbuf, cap_rbuf;
};

/* ---- construction ------------------------------------------------------ */

static void index_literal_roles(oc_graph *g)
{
    const oc_events *es = g->es;
    g->lit_rf = xcalloc(g->n_lits + 1, sizeof *g->lit_rf);
    g->lit_ws = xcalloc(g->n_lits + 1, sizeof *g->lit_ws);
    for (size_t i = 0; i < es->n_rf; i++)
        g->lit_rf[es->rf[i].lit] = i + 1;
    for (size_t i = 0; i < es->n_ws; i++) {
        if (es->ws[i].ab)
            g->lit_ws[es->ws[i].ab] = 2 * i + 1;
        if (es->ws[i].ba)
            g->lit_ws[es->ws[i].ba] = 2 * i + 2;
    }
    g->po_of_lit_start = xcalloc(g->n_lits + 2, sizeof *g->po_of_lit_start);
    g->po_of_lit = xmalloc((es->n_po + 1) * sizeof *g->po_of_lit);
    for (size_t i = 0; i < es->n_po; i++)
        g->po_of_lit_start[es->po[i].lit + 1]++;
    for (size_t l = 0; l <= g->n_lits; l++)
        g->po_of_lit_start[l + 1] += g->po_of_lit_start[l];
    size_t *fill = xmalloc((g->n_lits + 1) * sizeof *fill);
    memcpy(fill, g->po_of_lit_start, (g->n_lits + 1) * sizeof *fill);
    for (size_t i = 0; i < es->n_po; i++)
        g->po_of_lit[fill[es->po[i].lit]++] = i;
    free(fill);
}

static int try_add(oc_graph *g, unsigned u, unsigned v, const oc_lit *r, size_t n, bool base);

oc_graph *oc_graph_new(const oc_events *es)
{
    oc_graph *g = xcalloc(1, sizeof *g);
    size_t n = es->n ? es->n : 1;
    g->es = es;
    g->n_lits = es->n_lits;
    g->val = xcalloc(g->n_lits + 1, 1);
    g->trail = xmalloc((g->n_lits + 1) * sizeof *g->trail);
    g->head_out = xmalloc(n * sizeof *g->head_out);
    g->head_in = xmalloc(n * sizeof *g->head_in);
    for (size_t e = 0; e < n; e++)
        g->head_out[e] = g->head_in[e] = NONE;
    g->seen = xcalloc(n, sizeof *g->seen);
    g->seen2 = xcalloc(n, sizeof *g->seen2);
    g->before_r = xcalloc(n, sizeof *g->before_r);
    g->after_w = xcalloc(n, sizeof *g->after_w);
    g->queue = xmalloc(n * sizeof *g->queue);
    g->dist = xmalloc(n * sizeof *g->dist);
    g->pred = xmalloc(n * sizeof *g->pred);
    g->heap = xmalloc(n * sizeof *g->heap);
    g->heap_pos = xmalloc(n * sizeof *g->heap_pos);
    g->lit_mark = xcalloc(g->n_lits + 1, sizeof *g->lit_mark);
    index_literal_roles(g);
    /* Level 0: the unconditional program order (thesis: reason true). */
    for (size_t i = 0; i < es->n_po; i++)
        if (!es->po[i].lit)
            try_add(g, es->po[i].from, es->po[i].to, NULL, 0, true);
    g->n_conf = 0;
    return g;
}

void oc_graph_free(oc_graph *g)
{
    if (!g)
        return;
    free(g->val);
    free(g->trail);
    free(g->lit_rf);
    free(g->lit_ws);
    free(g->po_of_lit_start);
    free(g->po_of_lit);
    free(g->edges);
    free(g->head_out);
    free(g->head_in);
    free(g->pool);
    free(g->levels);
    free(g->cpool);
    free(g->coff);
    free(g->clen);
    free(g->seen);
    free(g->seen2);
    free(g->before_r);
    free(g->after_w);
    free(g->queue);
    free(g->dist);
    free(g->pred);
    free(g->heap);
    free(g->heap_pos);
    free(g->lit_mark);
    free(g->rbuf);
    free(g);
}

/* ---- levels and assignment ------------------------------------------- */

void oc_graph_push(oc_graph *g)
{
    XGROW(g->levels, g->n_levels, g->cap_levels);
    g->levels[g->n_levels++] = (level){ g->n_trail, g->processed, g->n_edges, g->n_pool };
}

static void remove_edges_down_to(oc_graph *g, size_t n_edges)
{
    while (g->n_edges > n_edges) {
        edge *e = &g->edges[--g->n_edges];
        g->head_out[e->from] = e->next_out;
        g->head_in[e->to] = e->next_in;
    }
}

void oc_graph_pop(oc_graph *g, unsigned levels)
{
    if (!levels || !g->n_levels)
        return;
    if (levels > g->n_levels)
        levels = (unsigned)g->n_levels;
    level lv = g->levels[g->n_levels - levels];
    g->n_levels -= levels;
    while (g->n_trail > lv.trail)
        g->val[g->trail[--g->n_trail]] = UNKNOWN;
    g->processed = lv.processed;
    remove_edges_down_to(g, lv.edges);
    g->n_pool = lv.pool;
    g->n_conf = 0;
    g->dirty = true; /* orders derived at lower levels may have gone */
}

unsigned oc_graph_level(const oc_graph *g)
{
    return (unsigned)g->n_levels;
}

void oc_graph_assign(oc_graph *g, oc_lit lit, bool value)
{
    if (!lit || lit > g->n_lits || g->val[lit] != UNKNOWN)
        return;
    g->val[lit] = value ? TRUE_ : FALSE_;
    g->trail[g->n_trail++] = lit;
    g->dirty |= value;
}

bool oc_graph_is_true(const oc_graph *g, oc_lit lit)
{
    return !lit || (lit <= g->n_lits && g->val[lit] == TRUE_);
}

/* ---- reachability ------------------------------------------------------ */

static unsigned next_epoch(unsigned *epoch, unsigned *marks, size_t n)
{
    if (++*epoch == 0) {
        memset(marks, 0, n * sizeof *marks);
        *epoch = 1;
    }
    return *epoch;
}

/* Marks in `marks` every event reachable from src (forward) or reaching
 * it (backward); stops early once `target` is marked (NONE: never). */
static bool search(oc_graph *g, unsigned src, bool forward, unsigned *marks, unsigned *epoch,
                   size_t target)
{
    unsigned ep = next_epoch(epoch, marks, g->es->n);
    size_t head = 0, tail = 0;
    marks[src] = ep;
    g->queue[tail++] = src;
    while (head < tail) {
        unsigned u = g->queue[head++];
        if (u == target)
            return true;
        for (size_t k = forward ? g->head_out[u] : g->head_in[u]; k != NONE;
             k = forward ? g->edges[k].next_out : g->edges[k].next_in) {
            unsigned v = forward ? g->edges[k].to : g->edges[k].from;
            if (marks[v] != ep) {
                marks[v] = ep;
                g->queue[tail++] = v;
            }
        }
    }
    return false;
}

bool oc_graph_reaches(oc_graph *g, unsigned a, unsigned b)
{
    return search(g, a, true, g->seen, &g->epoch, b);
}

/* ---- reasons ------------------------------------------------------------- */

static void reason_begin(oc_graph *g)
{
    next_epoch(&g->lit_epoch, g->lit_mark, g->n_lits + 1);
    g->n_rbuf = 0;
}

static void reason_add(oc_graph *g, const oc_lit *lits, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        oc_lit l = lits[i];
        if (!l || g->lit_mark[l] == g->lit_epoch)
            continue;
        g->lit_mark[l] = g->lit_epoch;
        XGROW(g->rbuf, g->n_rbuf, g->cap_rbuf);
        g->rbuf[g->n_rbuf++] = l;
    }
}

static void heap_swap(oc_graph *g, size_t i, size_t j)
{
    unsigned t = g->heap[i];
    g->heap[i] = g->heap[j];
    g->heap[j] = t;
    g->heap_pos[g->heap[i]] = i;
    g->heap_pos[g->heap[j]] = j;
}

static void heap_up(oc_graph *g, size_t i)
{
    while (i > 0 && g->dist[g->heap[(i - 1) / 2]] > g->dist[g->heap[i]]) {
        heap_swap(g, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void heap_down(oc_graph *g, size_t i, size_t n)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && g->dist[g->heap[l]] < g->dist[g->heap[m]])
            m = l;
        if (r < n && g->dist[g->heap[r]] < g->dist[g->heap[m]])
            m = r;
        if (m == i)
            return;
        heap_swap(g, i, m);
        i = m;
    }
}

/* Adds to the reason being built the literals of a path from a to b with
 * the fewest reason literals (Dijkstra, edge weight = reason size):
 * Definition 16's transitivity reason, kept small. The path must exist. */
static void reason_add_path(oc_graph *g, unsigned a, unsigned b)
{
    if (a == b)
        return;
    unsigned ep = next_epoch(&g->epoch2, g->seen2, g->es->n); /* seen2 = discovered */
    size_t n_heap = 0;
    g->dist[a] = 0;
    g->pred[a] = NONE;
    g->seen2[a] = ep;
    g->heap[n_heap] = a;
    g->heap_pos[a] = n_heap++;
    while (n_heap) {
        unsigned u = g->heap[0];
        heap_swap(g, 0, --n_heap);
        heap_down(g, 0, n_heap);
        g->heap_pos[u] = NONE;
        if (u == b)
            break;
        for (size_t k = g->head_out[u]; k != NONE; k = g->edges[k].next_out) {
            unsigned v = g->edges[k].to;
            size_t d = g->dist[u] + g->edges[k].n_reason;
            if (g->seen2[v] != ep) {
                g->seen2[v] = ep;
                g->dist[v] = d;
                g->pred[v] = k;
                g->heap[n_heap] = v;
                g->heap_pos[v] = n_heap++;
                heap_up(g, g->heap_pos[v]);
            } else if (g->heap_pos[v] != NONE && d < g->dist[v]) {
                g->dist[v] = d;
                g->pred[v] = k;
                heap_up(g, g->heap_pos[v]);
            }
        }
    }
    for (unsigned v = b; v != a; v = g->edges[g->pred[v]].from) {
        const edge *e = &g->edges[g->pred[v]];
        reason_add(g, g->pool + e->reason, e->n_reason);
    }
}

/* ---- edges --------------------------------------------------------------- */

static void record_conflict(oc_graph *g)
{
    XGROW(g->coff, g->n_conf, g->cap_conf);
    g->clen = xrealloc(g->clen, g->cap_conf * sizeof *g->clen);
    g->coff[g->n_conf] = g->n_cpool;
    g->clen[g->n_conf] = g->n_rbuf;
    for (size_t i = 0; i < g->n_rbuf; i++) {
        XGROW(g->cpool, g->n_cpool, g->cap_cpool);
        g->cpool[g->n_cpool++] = g->rbuf[i];
    }
    g->n_conf++;
}

static int cmp_lit(const void *a, const void *b)
{
    oc_lit x = *(const oc_lit *)a, y = *(const oc_lit *)b;
    return (x > y) - (x < y);
}

static void append_edge(oc_graph *g, unsigned u, unsigned v, const oc_lit *r, size_t n)
{
    XGROW(g->edges, g->n_edges, g->cap_edges);
    edge *e = &g->edges[g->n_edges];
    e->from = u;
    e->to = v;
    e->reason = g->n_pool;
    e->n_reason = n;
    for (size_t i = 0; i < n; i++) {
        XGROW(g->pool, g->n_pool, g->cap_pool);
        g->pool[g->n_pool++] = r[i];
    }
    e->next_out = g->head_out[u];
    e->next_in = g->head_in[v];
    g->head_out[u] = g->head_in[v] = g->n_edges++;
    g->dirty = true;
}

enum { SKIPPED, ADDED, CONFLICT };

/* Adds the order u ≺ v with reason r unless it already holds; when v
 * already reaches u, the order closes a cycle: a conflict whose reason is
 * r ∪ reason(v ≺ u), and the edge is not added. Returns ADDED, SKIPPED or
 * CONFLICT (for u ≺ v itself; conflicts of the block orders are recorded).
 * Base orders (rf, ws, join: one literal each) are added even when already
 * implied, so that reasons can use the shortest explanation. Orders across threads
 * into or out of an atomic block also enter its begin / leave its end. */
static int try_add(oc_graph *g, unsigned u, unsigned v, const oc_lit *r, size_t n, bool base)
{
    if (!base && u != v && search(g, u, true, g->seen, &g->epoch, v))
        return SKIPPED;
    if (u == v || search(g, v, true, g->seen, &g->epoch, u)) {
        reason_begin(g);
        reason_add(g, r, n);
        reason_add_path(g, v, u);
        qsort(g->rbuf, g->n_rbuf, sizeof *g->rbuf, cmp_lit);
        record_conflict(g);
        return CONFLICT;
    }
    oc_lit *copy = xmalloc((n + 1) * sizeof *copy);
    if (n)
        memcpy(copy, r, n * sizeof *copy);
    append_edge(g, u, v, copy, n);
    const oc_event *eu = &g->es->ev[u], *ev = &g->es->ev[v];
    if (eu->thread != ev->thread) {
        if (ev->block >= 0 && g->es->blocks[ev->block].begin != v)
            try_add(g, u, g->es->blocks[ev->block].begin, copy, n, base);
        if (eu->block >= 0 && g->es->blocks[eu->block].end != u)
            try_add(g, g->es->blocks[eu->block].end, v, copy, n, base);
    }
    free(copy);
    return ADDED;
}

/* ---- propagation --------------------------------------------------------- */

/* Adds the edges of literals assigned true since the last call. */
static void add_literal_edges(oc_graph *g, size_t max_conflicts)
{
    const oc_events *es = g->es;
    while (g->processed < g->n_trail && g->n_conf < max_conflicts) {
        oc_lit l = g->trail[g->processed++];
        if (g->val[l] != TRUE_)
            continue;
        if (g->lit_rf[l]) {
            const oc_rf_pair *p = &es->rf[g->lit_rf[l] - 1];
            try_add(g, p->w, p->r, &l, 1, true);
        }
        if (g->lit_ws[l]) {
            const oc_ws_pair *p = &es->ws[(g->lit_ws[l] - 1) / 2];
            bool ab = (g->lit_ws[l] - 1) % 2 == 0;
            try_add(g, ab ? p->a : p->b, ab ? p->b : p->a, &l, 1, true);
        }
        for (size_t k = g->po_of_lit_start[l]; k < g->po_of_lit_start[l + 1]; k++)
            try_add(g, es->po[g->po_of_lit[k]].from, es->po[g->po_of_lit[k]].to, &l, 1, true);
    }
}

/* Adds u ≺ v with reason base ∪ reason(a ≺ b) (Definition 16, the
 * derived orders of Axioms 2 and 3). Returns true unless it already held. */
static bool derive_order(oc_graph *g, const oc_lit base[2], unsigned a, unsigned b, unsigned u,
                         unsigned v)
{
    reason_begin(g);
    reason_add(g, base, 2);
    reason_add_path(g, a, b);
    size_t n = g->n_rbuf;
    oc_lit *r = xmalloc((n + 1) * sizeof *r);
    memcpy(r, g->rbuf, n * sizeof *r);
    bool changed = try_add(g, u, v, r, n, false) == ADDED;
    free(r);
    return changed;
}

/* Axioms 2 and 3 for one true rf pair w ≺rf r against every other write w'
 * of the location whose guard holds (w' ≠ w: the side condition that keeps
 * w from being ordered before itself). Returns true if an order was added. */
static bool derive_from_rf(oc_graph *g, const oc_rf_pair *p, size_t max_conflicts)
{
    const oc_events *es = g->es;
    bool changed = false;
    size_t first = es->ws_of_write_start[p->w], last = es->ws_of_write_start[p->w + 1];
    if (first == last)
        return false;
    /* Two searches per pair; orders added meanwhile are seen next round. */
    search(g, p->r, false, g->before_r, &g->epoch_b, NONE);
    search(g, p->w, true, g->after_w, &g->epoch_a, NONE);
    for (size_t k = first; k < last && g->n_conf < max_conflicts; k++) {
        const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
        unsigned w2 = ws->a == p->w ? ws->b : ws->a;
        oc_lit grd = es->ev[w2].guard;
        if (!oc_graph_is_true(g, grd))
            continue;
        oc_lit base[2] = { p->lit, grd };
        /* Axiom 2: w' ≺ r  ⇒  w' ≺ws w. */
        if (g->before_r[w2] == g->epoch_b)
            changed |= derive_order(g, base, w2, p->r, w2, p->w);
        /* Axiom 3: w ≺ w'  ⇒  r ≺fr w'. */
        if (g->n_conf < max_conflicts && g->after_w[w2] == g->epoch_a)
            changed |= derive_order(g, base, p->w, w2, p->r, w2);
    }
    return changed;
}

size_t oc_graph_propagate(oc_graph *g, size_t max_conflicts)
{
    const oc_events *es = g->es;
    g->n_conf = 0;
    g->n_cpool = 0;
    if (max_conflicts == 0)
        max_conflicts = 1;
    add_literal_edges(g, max_conflicts);
    if (!g->dirty)
        return g->n_conf;
    bool changed = true;
    while (changed && g->n_conf < max_conflicts) {
        changed = false;
        for (size_t i = 0; i < es->n_rf && g->n_conf < max_conflicts; i++)
            if (g->val[es->rf[i].lit] == TRUE_)
                changed |= derive_from_rf(g, &es->rf[i], max_conflicts);
    }
    g->dirty = g->n_conf > 0; /* a fixpoint was reached otherwise */
    return g->n_conf;
}

const oc_lit *oc_graph_conflict(const oc_graph *g, size_t i, size_t *n)
{
    *n = g->clen[i];
    return g->cpool + g->coff[i];
}

bool oc_graph_lit_adds_order(const oc_graph *g, oc_lit lit)
{
    return lit && lit <= g->n_lits &&
           (g->lit_rf[lit] || g->lit_ws[lit] ||
            g->po_of_lit_start[lit + 1] > g->po_of_lit_start[lit]);
}

size_t oc_graph_n_edges(const oc_graph *g)
{
    return g->n_edges;
}

void oc_graph_linearize(oc_graph *g, unsigned *out)
{
    size_t n = g->es->n, head = 0, tail = 0;
    unsigned *indeg = xcalloc(n + 1, sizeof *indeg);
    for (size_t k = 0; k < g->n_edges; k++)
        indeg[g->edges[k].to]++;
    for (size_t e = 0; e < n; e++)
        if (!indeg[e])
            out[tail++] = (unsigned)e;
    while (head < tail) {
        unsigned u = out[head++];
        for (size_t k = g->head_out[u]; k != NONE; k = g->edges[k].next_out)
            if (--indeg[g->edges[k].to] == 0)
                out[tail++] = g->edges[k].to;
    }
    free(indeg);
}
