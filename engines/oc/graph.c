/* The event graph of the ordering-consistency theory (see graph.h). */
#include "graph.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "po.h"
#include "rows.h"

#define NONE SIZE_MAX

/* An order with its reason (Definition 16): the literals in the pool,
 * and for a derived order also the reason of a path a ≺ b through older
 * edges (computed only when a conflict needs it). */
typedef struct {
    unsigned from, to;
    size_t reason, n_reason; /* slice of the reason pool */
    size_t next_out, next_in;
    bool lazy;
    bool implied; /* held already when added: orders nothing new */
    unsigned a, b;
} edge;

/* The reason of an order to add: literals plus, when lazy, a path a ≺ b. */
typedef struct {
    const oc_lit *lits;
    size_t n;
    bool lazy;
    unsigned a, b;
} reason_spec;

typedef struct {
    size_t trail, processed, edges, pool, edges_done, edges_prevented;
} level;

enum { UNKNOWN = 0, TRUE_ = 1, FALSE_ = 2 };

struct oc_graph {
    const oc_events *es;
    const oc_po *po; /* static program order, or NULL */
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
    unsigned *before_r, *after_w, epoch_b, epoch_a; /* who reaches a node, what it reaches */
    unsigned *queue_b, *queue_f;
    /* A topological order of the edges in the graph: ord[e] is e's rank.
     * Searches visit only the ranks between their ends, an edge that goes
     * along it cannot close a cycle, and one that goes against it repairs
     * it (Pearce and Kelly's dynamic topological sort). Removing edges on
     * pop keeps it valid. */
    unsigned *ord;
    unsigned *back_seen, back_epoch, *back_queue; /* the repair's backward set */
    uint64_t *rank_keys;                          /* (rank, event) to sort */
    unsigned *rank_pool;
    /* Derivation work: rf pairs to derive from completely, edges whose
     * consequences are not derived yet (edges_done onwards). */
    size_t *todo, n_todo, cap_todo;
    size_t edges_done;
    size_t *wg_start;            /* writes by guard literal: */
    unsigned *wg;
    unsigned *queue;
    size_t *dist, *pred;
    unsigned *heap;
    size_t *heap_pos;
    unsigned *lit_mark, lit_epoch;
    /* Preventive propagation: edges searched from (edges_prevented
     * onwards are not), literals reported by the current call. */
    size_t edges_prevented;
    unsigned *lit_reported, report_epoch;
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

static int try_add(oc_graph *g, unsigned u, unsigned v, const reason_spec *r, bool base);

/* Write events by guard literal. */
static void index_derivation_sources(oc_graph *g)
{
    const oc_events *es = g->es;
    size_t *key = xmalloc((es->n + 1) * sizeof *key);
    for (size_t e = 0; e < es->n; e++)
        key[e] = es->ev[e].kind == OC_WRITE ? es->ev[e].guard : 0;
    size_t *rows;
    oc_rows_by_key(g->n_lits + 1, es->n, 1, key, &g->wg_start, &rows);
    g->wg = xmalloc((es->n + 1) * sizeof *g->wg);
    for (size_t i = 0; i < es->n; i++)
        g->wg[i] = (unsigned)rows[i];
    free(rows);
    free(key);
}

/* Ranks from the static program order's topological order, so that its
 * edges need no repair (without one, event order: the repairs fix it). */
static void initial_ranks(oc_graph *g)
{
    for (size_t i = 0; i < g->es->n; i++)
        g->ord[g->po ? g->po->order[i] : i] = (unsigned)i;
}

oc_graph *oc_graph_new(const oc_events *es, const oc_po *po)
{
    oc_graph *g = xcalloc(1, sizeof *g);
    size_t n = es->n ? es->n : 1;
    g->es = es;
    g->po = po;
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
    g->queue_b = xmalloc(n * sizeof *g->queue_b);
    g->queue_f = xmalloc(n * sizeof *g->queue_f);
    g->queue = xmalloc(n * sizeof *g->queue);
    g->dist = xmalloc(n * sizeof *g->dist);
    g->pred = xmalloc(n * sizeof *g->pred);
    g->heap = xmalloc(n * sizeof *g->heap);
    g->heap_pos = xmalloc(n * sizeof *g->heap_pos);
    g->lit_mark = xcalloc(g->n_lits + 1, sizeof *g->lit_mark);
    g->lit_reported = xcalloc(g->n_lits + 1, sizeof *g->lit_reported);
    g->ord = xmalloc(n * sizeof *g->ord);
    g->back_seen = xcalloc(n, sizeof *g->back_seen);
    g->back_queue = xmalloc(n * sizeof *g->back_queue);
    g->rank_keys = xmalloc(n * sizeof *g->rank_keys);
    g->rank_pool = xmalloc(n * sizeof *g->rank_pool);
    initial_ranks(g);
    index_literal_roles(g);
    index_derivation_sources(g);
    /* Level 0: the unconditional program order (thesis: reason true). */
    for (size_t i = 0; i < es->n_po; i++)
        if (!es->po[i].lit)
            try_add(g, es->po[i].from, es->po[i].to, &(reason_spec){ NULL, 0, false, 0, 0 },
                    true);
    g->n_conf = 0;
    g->edges_done = g->n_edges; /* program order alone derives nothing */
    g->edges_prevented = g->n_edges; /* nor closes an order's cycle before any literal */
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
    free(g->queue_b);
    free(g->queue_f);
    free(g->todo);
    free(g->wg_start);
    free(g->wg);
    free(g->queue);
    free(g->dist);
    free(g->pred);
    free(g->heap);
    free(g->heap_pos);
    free(g->lit_mark);
    free(g->lit_reported);
    free(g->ord);
    free(g->back_seen);
    free(g->back_queue);
    free(g->rank_keys);
    free(g->rank_pool);
    free(g->rbuf);
    free(g);
}

/* ---- levels and assignment ------------------------------------------- */

void oc_graph_push(oc_graph *g)
{
    XGROW(g->levels, g->n_levels, g->cap_levels);
    g->levels[g->n_levels++] = (level){ g->n_trail,  g->processed, g->n_edges,
                                        g->n_pool,   g->edges_done, g->edges_prevented };
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
    g->edges_done = lv.edges_done < g->n_edges ? lv.edges_done : g->n_edges;
    g->edges_prevented = lv.edges_prevented < g->n_edges ? lv.edges_prevented : g->n_edges;
    g->n_todo = 0;
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

#define NO_ANCHOR UINT_MAX

/* The events a search may visit: ranks lo..hi (a path from a to b only
 * passes ranks between ord[a] and ord[b]), and with a po_anchor, none
 * in static program order after it (forward) or before it (backward);
 * with max_visits (0: no bound), at most that many, nearest first. */
typedef struct {
    unsigned lo, hi, po_anchor;
    size_t max_visits;
} search_scope;

static bool in_scope(const oc_graph *g, search_scope sc, unsigned e, bool forward)
{
    if (g->ord[e] < sc.lo || g->ord[e] > sc.hi)
        return false;
    if (sc.po_anchor == NO_ANCHOR)
        return true;
    if (e == sc.po_anchor)
        return false;
    if (!g->po)
        return true;
    return forward ? !oc_po_before(g->po, sc.po_anchor, e)
                   : !oc_po_before(g->po, e, sc.po_anchor);
}

/* Marks in `marks` every event within the scope reachable from src
 * (forward) or reaching it (backward); stops early once `target` is
 * marked (NONE: never). Returns the number queued (src first). */
static size_t bfs(oc_graph *g, unsigned src, bool forward, search_scope sc, unsigned *marks,
                  unsigned *epoch, unsigned *queue, size_t target, bool *found)
{
    unsigned ep = next_epoch(epoch, marks, g->es->n);
    size_t head = 0, tail = 0;
    marks[src] = ep;
    queue[tail++] = src;
    *found = false;
    while (head < tail) {
        unsigned u = queue[head++];
        if (u == target) {
            *found = true;
            return tail;
        }
        for (size_t k = forward ? g->head_out[u] : g->head_in[u]; k != NONE;
             k = forward ? g->edges[k].next_out : g->edges[k].next_in) {
            unsigned v = forward ? g->edges[k].to : g->edges[k].from;
            if (marks[v] != ep && in_scope(g, sc, v, forward)) {
                if (tail == sc.max_visits)
                    return tail;
                marks[v] = ep;
                queue[tail++] = v;
            }
        }
    }
    return tail;
}

/* Does a reach b (a path of one or more edges, or a == b)? Leaves in
 * g->queue[0 .. *n_visited) the events it visited from a (all the events
 * a reaches up to b's rank when the answer is no). */
static bool reaches(oc_graph *g, unsigned a, unsigned b, size_t *n_visited)
{
    *n_visited = 0;
    if (a != b && g->ord[a] > g->ord[b])
        return false;
    if (g->po && a != b && oc_po_before(g->po, a, b)) /* level 0 edges */
        return true;
    bool found;
    *n_visited = bfs(g, a, true, (search_scope){ g->ord[a], g->ord[b], NO_ANCHOR, 0 }, g->seen,
                     &g->epoch, g->queue, b, &found);
    return found;
}

/* Every event reachable from src (forward) or reaching it within the
 * scope, into queue and marks; returns their count. */
static size_t collect(oc_graph *g, unsigned src, bool forward, search_scope sc,
                      unsigned *marks, unsigned *epoch, unsigned *queue)
{
    bool found;
    return bfs(g, src, forward, sc, marks, epoch, queue, NONE, &found);
}

bool oc_graph_reaches(oc_graph *g, unsigned a, unsigned b)
{
    size_t n;
    return reaches(g, a, b, &n);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts events[0..n) by rank, through keys (rank in the high half). */
static void sort_by_rank(const oc_graph *g, unsigned *events, size_t n, uint64_t *keys)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = (uint64_t)g->ord[events[i]] << 32 | events[i];
    qsort(keys, n, sizeof *keys, cmp_u64);
    for (size_t i = 0; i < n; i++)
        events[i] = (unsigned)keys[i];
}

/* The edge u -> v was added against the ranks (ord[v] < ord[u]) and
 * closes no cycle; forward[0..n_forward) are the events v reaches up to
 * u's rank. Pearce and Kelly's repair: the events reaching u down to v's
 * rank take the smallest of the ranks of both sets, in their old order,
 * and the forward set the rest. */
static void repair_ranks(oc_graph *g, unsigned u, unsigned v, unsigned *forward, size_t n_forward)
{
    unsigned *backward = g->back_queue;
    size_t n_backward = collect(g, u, false,
                                (search_scope){ g->ord[v], g->ord[u], NO_ANCHOR, 0 },
                                g->back_seen, &g->back_epoch, backward);
    sort_by_rank(g, backward, n_backward, g->rank_keys);
    sort_by_rank(g, forward, n_forward, g->rank_keys);
    size_t i = 0, j = 0, n = 0; /* merge the two sorted rank lists */
    while (i < n_backward || j < n_forward)
        g->rank_pool[n++] = j == n_forward || (i < n_backward && g->ord[backward[i]] <
                                                                      g->ord[forward[j]])
                                ? g->ord[backward[i++]]
                                : g->ord[forward[j++]];
    for (i = 0; i < n_backward; i++)
        g->ord[backward[i]] = g->rank_pool[i];
    for (j = 0; j < n_forward; j++)
        g->ord[forward[j]] = g->rank_pool[n_backward + j];
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

/* Edge weight for short explanations: program order is free, a literal
 * costs one, a derived order (whose reason unfolds) two. */
static size_t weight(const edge *e)
{
    return e->lazy ? 2 + e->n_reason : e->n_reason;
}

/* Adds to the reason being built the literals of a path from a to b
 * through edges older than `limit` (Dijkstra on weight()): Definition 16's
 * transitivity reason, kept small. Derived edges on it unfold their own
 * reasons through still older edges, so the recursion ends. */
static void reason_add_path(oc_graph *g, unsigned a, unsigned b, size_t limit)
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
            if (k >= limit || g->ord[v] > g->ord[b]) /* past b's rank: no path to b */
                continue;
            size_t d = g->dist[u] + weight(&g->edges[k]);
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
    size_t n = 0, cap = 16;
    size_t *path = xmalloc(cap * sizeof *path);
    for (unsigned v = b; v != a; v = g->edges[g->pred[v]].from) {
        if (n == cap)
            path = xrealloc(path, (cap *= 2) * sizeof *path);
        path[n++] = g->pred[v];
    }
    for (size_t i = 0; i < n; i++) {
        const edge *e = &g->edges[path[i]];
        reason_add(g, g->pool + e->reason, e->n_reason);
        if (e->lazy)
            reason_add_path(g, e->a, e->b, path[i]);
    }
    free(path);
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

static void append_edge(oc_graph *g, unsigned u, unsigned v, const reason_spec *r,
                        bool implied)
{
    XGROW(g->edges, g->n_edges, g->cap_edges);
    edge *e = &g->edges[g->n_edges];
    e->from = u;
    e->to = v;
    e->reason = g->n_pool;
    e->n_reason = r->n;
    e->lazy = r->lazy;
    e->implied = implied;
    e->a = r->a;
    e->b = r->b;
    for (size_t i = 0; i < r->n; i++) {
        XGROW(g->pool, g->n_pool, g->cap_pool);
        g->pool[g->n_pool++] = r->lits[i];
    }
    e->next_out = g->head_out[u];
    e->next_in = g->head_in[v];
    g->head_out[u] = g->head_in[v] = g->n_edges++;
}

enum { SKIPPED, ADDED, CONFLICT };

/* Adds the order u ≺ v with reason r unless it already holds; when v
 * already reaches u, the order closes a cycle: a conflict whose reason is
 * r ∪ reason(v ≺ u), and the edge is not added. Returns ADDED, SKIPPED or
 * CONFLICT (for u ≺ v itself; conflicts of the block orders are recorded).
 * Base orders (rf, ws, join: one literal each) are added even when already
 * implied, so that reasons can use the shortest explanation. Orders
 * across threads into or out of an atomic block also enter its begin /
 * leave its end, with the reason of the order itself (a path u ≺ v). */
static int try_add(oc_graph *g, unsigned u, unsigned v, const reason_spec *r, bool base)
{
    size_t n_forward;
    bool implied = u != v && reaches(g, u, v, &n_forward);
    if (!base && implied)
        return SKIPPED;
    if (u == v || reaches(g, v, u, &n_forward)) {
        reason_begin(g);
        reason_add(g, r->lits, r->n);
        if (r->lazy)
            reason_add_path(g, r->a, r->b, g->n_edges);
        reason_add_path(g, v, u, g->n_edges);
        qsort(g->rbuf, g->n_rbuf, sizeof *g->rbuf, cmp_lit);
        record_conflict(g);
        return CONFLICT;
    }
    append_edge(g, u, v, r, implied);
    if (g->ord[v] < g->ord[u])
        repair_ranks(g, u, v, g->queue, n_forward);
    const oc_event *eu = &g->es->ev[u], *ev = &g->es->ev[v];
    if (eu->thread != ev->thread) {
        reason_spec via = { NULL, 0, true, u, v };
        if (ev->block >= 0 && g->es->blocks[ev->block].begin != v)
            try_add(g, u, g->es->blocks[ev->block].begin, &via, base);
        if (eu->block >= 0 && g->es->blocks[eu->block].end != u)
            try_add(g, g->es->blocks[eu->block].end, v, &via, base);
    }
    return ADDED;
}

/* ---- propagation --------------------------------------------------------- */

/* A write's guard became true: the rf pairs of the writes it pairs with
 * may now derive orders about it (Axioms 2 and 3 need grd_w'). */
static void queue_rf_of_guard(oc_graph *g, oc_lit l)
{
    const oc_events *es = g->es;
    for (size_t i = g->wg_start[l]; i < g->wg_start[l + 1]; i++) {
        unsigned w2 = g->wg[i];
        for (size_t k = es->ws_of_write_start[w2]; k < es->ws_of_write_start[w2 + 1]; k++) {
            const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
            unsigned w = ws->a == w2 ? ws->b : ws->a;
            for (size_t j = es->rf_of_write_start[w]; j < es->rf_of_write_start[w + 1]; j++)
                if (g->val[es->rf[es->rf_of_write[j]].lit] == TRUE_) {
                    XGROW(g->todo, g->n_todo, g->cap_todo);
                    g->todo[g->n_todo++] = es->rf_of_write[j];
                }
        }
    }
}

/* Adds the edges of literals assigned true since the last call and queues
 * the derivations they enable. */
static void add_literal_edges(oc_graph *g, size_t max_conflicts)
{
    const oc_events *es = g->es;
    while (g->processed < g->n_trail && g->n_conf < max_conflicts) {
        oc_lit l = g->trail[g->processed++];
        if (g->val[l] != TRUE_)
            continue;
        if (g->lit_rf[l]) {
            const oc_rf_pair *p = &es->rf[g->lit_rf[l] - 1];
            try_add(g, p->w, p->r, &(reason_spec){ &l, 1, false, 0, 0 }, true);
            XGROW(g->todo, g->n_todo, g->cap_todo);
            g->todo[g->n_todo++] = g->lit_rf[l] - 1;
        }
        queue_rf_of_guard(g, l);
        if (g->lit_ws[l]) {
            const oc_ws_pair *p = &es->ws[(g->lit_ws[l] - 1) / 2];
            bool ab = (g->lit_ws[l] - 1) % 2 == 0;
            try_add(g, ab ? p->a : p->b, ab ? p->b : p->a, &(reason_spec){ &l, 1, false, 0, 0 },
                    true);
        }
        for (size_t k = g->po_of_lit_start[l]; k < g->po_of_lit_start[l + 1]; k++)
            try_add(g, es->po[g->po_of_lit[k]].from, es->po[g->po_of_lit[k]].to,
                    &(reason_spec){ &l, 1, false, 0, 0 }, true);
    }
}

/* Adds u ≺ v with reason base ∪ reason(a ≺ b) (Definition 16, the
 * derived orders of Axioms 2 and 3). Returns true unless it already held. */
static bool derive_order(oc_graph *g, const oc_lit base[2], unsigned a, unsigned b, unsigned u,
                         unsigned v)
{
    reason_spec r = { base, base[1] ? 2 : 1, true, a, b };
    return try_add(g, u, v, &r, false) == ADDED;
}

/* Axioms 2 and 3 for a true rf pair w ≺rf r against each other write w'
 * of the location whose guard holds (w' ≠ w: the side condition that
 * keeps w from being ordered before itself): with w' marked in `before`
 * (w' ≺ r), w' ≺ws w; with w' marked in `after` (w ≺ w'), r ≺fr w'.
 * Either mark set may be NULL. Returns true if an order was added. */
static bool derive_for_partners(oc_graph *g, const oc_rf_pair *p, const unsigned *before,
                                unsigned before_ep, const unsigned *after, unsigned after_ep,
                                size_t max_conflicts)
{
    const oc_events *es = g->es;
    bool changed = false;
    for (size_t k = es->ws_of_write_start[p->w];
         k < es->ws_of_write_start[p->w + 1] && g->n_conf < max_conflicts; k++) {
        const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
        unsigned w2 = ws->a == p->w ? ws->b : ws->a;
        oc_lit base[2] = { p->lit, es->ev[w2].guard };
        if (!oc_graph_is_true(g, base[1]))
            continue;
        if (before && before[w2] == before_ep) /* Axiom 2 */
            changed |= derive_order(g, base, w2, p->r, w2, p->w);
        if (after && after[w2] == after_ep && g->n_conf < max_conflicts) /* Axiom 3 */
            changed |= derive_order(g, base, p->w, w2, p->r, w2);
    }
    return changed;
}

/* The searches of derive_from_rf reach only the partners of w (writes of
 * its location) whose guard holds: backward from r those ranked below r
 * (from the lowest such rank), forward from w those ranked above w (up to
 * the highest). An empty span needs no search. */
typedef struct {
    unsigned lo_before_r, hi_after_w;
    bool any_before_r, any_after_w;
} partner_span;

static partner_span partner_ranks(const oc_graph *g, const oc_rf_pair *p)
{
    const oc_events *es = g->es;
    partner_span sp = { UINT_MAX, 0, false, false };
    for (size_t k = es->ws_of_write_start[p->w]; k < es->ws_of_write_start[p->w + 1]; k++) {
        const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
        unsigned w2 = ws->a == p->w ? ws->b : ws->a, rank = g->ord[w2];
        if (!oc_graph_is_true(g, es->ev[w2].guard))
            continue;
        if (rank < g->ord[p->r] && rank < sp.lo_before_r) {
            sp.lo_before_r = rank;
            sp.any_before_r = true;
        }
        if (rank > g->ord[p->w] && rank > sp.hi_after_w) {
            sp.hi_after_w = rank;
            sp.any_after_w = true;
        }
    }
    return sp;
}

/* All derivations of a rf pair that became true (or whose partners'
 * guards did). The searches leave out w and what precedes it in program
 * order (a partner before them precedes w already), and r and what
 * follows it (a partner after them follows r already). */
static bool derive_from_rf(oc_graph *g, const oc_rf_pair *p, size_t max_conflicts)
{
    partner_span sp = partner_ranks(g, p);
    if (sp.any_before_r)
        collect(g, p->r, false, (search_scope){ sp.lo_before_r, UINT_MAX, p->w, 0 }, g->before_r,
                &g->epoch_b, g->queue_b);
    if (sp.any_after_w)
        collect(g, p->w, true, (search_scope){ 0, sp.hi_after_w, p->r, 0 }, g->after_w,
                &g->epoch_a, g->queue_f);
    if (!sp.any_before_r && !sp.any_after_w)
        return false;
    return derive_for_partners(g, p, sp.any_before_r ? g->before_r : NULL, g->epoch_b,
                               sp.any_after_w ? g->after_w : NULL, g->epoch_a, max_conflicts);
}

/* The consequences of a new order u ≺ v (incremental Axioms 2 and 3):
 * a write w' now reaching a read r through it (w' ≺ u, v ≺ r) with
 * w ≺rf r gives w' ≺ws w; a rf source w now reaching a write w' (w ≺ u,
 * v ≺ w') gives r ≺fr w'. Returns true if an order was added. Only pairs
 * the edge newly orders matter: the searches leave out what v follows or
 * u precedes in static program order (ordered without the edge), and an
 * edge that held already when it was added is not searched from at all. */
static bool derive_from_edge(oc_graph *g, size_t e, size_t max_conflicts)
{
    const oc_events *es = g->es;
    unsigned u = g->edges[e].from, v = g->edges[e].to;
    size_t nb = collect(g, u, false, (search_scope){ 0, UINT_MAX, v, 0 }, g->before_r, &g->epoch_b,
                        g->queue_b);
    size_t nf = collect(g, v, true, (search_scope){ 0, UINT_MAX, u, 0 }, g->after_w, &g->epoch_a,
                        g->queue_f);
    bool changed = false;
    for (size_t i = 0; i < nf && g->n_conf < max_conflicts; i++) { /* reads after v */
        unsigned r = g->queue_f[i];
        for (size_t j = es->rf_of_read_start[r]; j < es->rf_of_read_start[r + 1]; j++) {
            const oc_rf_pair *p = &es->rf[es->rf_of_read[j]];
            /* w after v: each w' ≺ u ≺ v ≺ w holds already */
            if (g->val[p->lit] == TRUE_ && g->after_w[p->w] != g->epoch_a)
                changed |= derive_for_partners(g, p, g->before_r, g->epoch_b, NULL, 0,
                                               max_conflicts);
        }
    }
    for (size_t i = 0; i < nb && g->n_conf < max_conflicts; i++) { /* rf sources before u */
        unsigned w = g->queue_b[i];
        for (size_t j = es->rf_of_write_start[w]; j < es->rf_of_write_start[w + 1]; j++) {
            const oc_rf_pair *p = &es->rf[es->rf_of_write[j]];
            /* r before u: each r ≺ u ≺ v ≺ w' holds already */
            if (g->val[p->lit] == TRUE_ && g->before_r[p->r] != g->epoch_b)
                changed |= derive_for_partners(g, p, NULL, 0, g->after_w, g->epoch_a,
                                               max_conflicts);
        }
    }
    return changed;
}

/* Derives to a fixpoint: first everything about rf pairs (and guards)
 * that became true, then the consequences of every new order. A
 * derivation is made as soon as its last premise arrives, so orders of
 * lower decision levels survive a pop with their premises. */
size_t oc_graph_propagate(oc_graph *g, size_t max_conflicts)
{
    const oc_events *es = g->es;
    g->n_conf = 0;
    g->n_cpool = 0;
    if (max_conflicts == 0)
        max_conflicts = 1;
    add_literal_edges(g, max_conflicts);
    for (size_t i = 0; i < g->n_todo && g->n_conf < max_conflicts; i++)
        if (g->val[es->rf[g->todo[i]].lit] == TRUE_)
            derive_from_rf(g, &es->rf[g->todo[i]], max_conflicts);
    g->n_todo = 0;
    for (; g->edges_done < g->n_edges && g->n_conf < max_conflicts; g->edges_done++)
        if (!g->edges[g->edges_done].implied)
            derive_from_edge(g, g->edges_done, max_conflicts);
    return g->n_conf;
}

/* ---- preventive propagation ---------------------------------------------- */

/* An order literal a candidate search meets: lit would add from ≺ to. */
typedef struct {
    oc_lit lit;
    unsigned from, to;
} order_lit;

/* The order literals from event e (out) or into it (!out), rf and ws:
 * the count, and with into (may be NULL) the literals themselves. */
static size_t order_lits_at(const oc_graph *g, unsigned e, bool out, order_lit *into)
{
    const oc_events *es = g->es;
    const size_t *rf_start = out ? es->rf_of_write_start : es->rf_of_read_start;
    const size_t *rf_rows = out ? es->rf_of_write : es->rf_of_read;
    size_t n = 0;
    for (size_t k = rf_start[e]; k < rf_start[e + 1]; k++, n++)
        if (into) {
            const oc_rf_pair *p = &es->rf[rf_rows[k]];
            into[n] = (order_lit){ p->lit, p->w, p->r };
        }
    for (size_t k = es->ws_of_write_start[e]; k < es->ws_of_write_start[e + 1]; k++, n++)
        if (into) {
            const oc_ws_pair *p = &es->ws[es->ws_of_write[k]];
            unsigned other = p->a == e ? p->b : p->a;
            bool from_a = (p->a == e) == out;
            into[n] = (order_lit){ from_a ? p->ab : p->ba, out ? e : other, out ? other : e };
        }
    return n;
}

/* Sum of order_lits_at over the events events[0..n). */
static size_t order_lits_of(const oc_graph *g, const unsigned *events, size_t n, bool out)
{
    size_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += order_lits_at(g, events[i], out, NULL);
    return sum;
}

/* Reports lit false because to ≺ from holds already (its reason: the
 * literals of a path, sorted), unless it is assigned or reported. */
static bool report_closing(oc_graph *g, const order_lit *c, oc_implied_fn fn, void *ud)
{
    if (!c->lit || g->val[c->lit] != UNKNOWN || g->lit_reported[c->lit] == g->report_epoch)
        return false;
    g->lit_reported[c->lit] = g->report_epoch;
    reason_begin(g);
    reason_add_path(g, c->to, c->from, g->n_edges);
    if (g->n_rbuf) /* none when static program order alone closes it */
        qsort(g->rbuf, g->n_rbuf, sizeof *g->rbuf, cmp_lit);
    fn(ud, c->lit, g->rbuf, g->n_rbuf);
    return true;
}

/* The literals the edge u ≺ v newly makes cycle-closing: those ordering
 * an event v reaches (forward set) before one reaching u (backward set),
 * each set searched up to `budget` events nearest first. The side with
 * fewer order literals is enumerated, the other looked up in its marks. */
static size_t prevent_through_edge(oc_graph *g, size_t e, size_t budget, oc_implied_fn fn,
                                   void *ud)
{
    unsigned u = g->edges[e].from, v = g->edges[e].to;
    search_scope all = { 0, UINT_MAX, NO_ANCHOR, budget };
    size_t nb = collect(g, u, false, all, g->before_r, &g->epoch_b, g->queue_b);
    size_t nf = collect(g, v, true, all, g->after_w, &g->epoch_a, g->queue_f);
    bool from_forward = order_lits_of(g, g->queue_f, nf, true) <=
                        order_lits_of(g, g->queue_b, nb, false);
    const unsigned *side = from_forward ? g->queue_f : g->queue_b;
    const unsigned *other = from_forward ? g->before_r : g->after_w;
    unsigned other_ep = from_forward ? g->epoch_b : g->epoch_a;
    size_t reported = 0;
    order_lit *cand = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < (from_forward ? nf : nb); i++) {
        size_t n = order_lits_at(g, side[i], from_forward, NULL);
        if (n > cap)
            cand = xrealloc(cand, (cap = 2 * n) * sizeof *cand);
        order_lits_at(g, side[i], from_forward, cand);
        for (size_t k = 0; k < n; k++) {
            unsigned end = from_forward ? cand[k].to : cand[k].from;
            if (other[end] == other_ep)
                reported += report_closing(g, &cand[k], fn, ud);
        }
    }
    free(cand);
    return reported;
}

size_t oc_graph_prevent(oc_graph *g, size_t budget, oc_implied_fn fn, void *ud)
{
    size_t reported = 0;
    next_epoch(&g->report_epoch, g->lit_reported, g->n_lits + 1);
    for (; g->edges_prevented < g->n_edges; g->edges_prevented++)
        if (!g->edges[g->edges_prevented].implied)
            reported += prevent_through_edge(g, g->edges_prevented, budget, fn, ud);
    return reported;
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

/* Appends group leader's members (index order) to out; returns the new tail. */
static size_t emit_group(const unsigned *members, const size_t *start, unsigned leader,
                         unsigned *out, size_t tail)
{
    for (size_t k = start[leader]; k < start[leader + 1]; k++)
        out[tail++] = members[k];
    return tail;
}

/* Does every edge go forward in order[0..n)? (pos: n scratch entries) */
static bool respects_edges(const oc_graph *g, const unsigned *order, unsigned *pos)
{
    for (size_t i = 0; i < g->es->n; i++)
        pos[order[i]] = (unsigned)i;
    for (size_t k = 0; k < g->n_edges; k++)
        if (pos[g->edges[k].from] > pos[g->edges[k].to])
            return false;
    return true;
}

/* Kahn's algorithm on the groups: a group is ready when every edge into
 * it from another group has its source emitted. */
bool oc_graph_linearize(oc_graph *g, const unsigned *group, unsigned *out)
{
    size_t n = g->es->n, head = 0, tail = 0;
    unsigned *lead = xmalloc((n + 1) * sizeof *lead);
    for (size_t e = 0; e < n; e++)
        lead[e] = group ? group[e] : (unsigned)e;
    size_t *start = xcalloc(n + 2, sizeof *start); /* members by leader (CSR) */
    for (size_t e = 0; e < n; e++)
        start[lead[e] + 2]++;
    for (size_t e = 0; e < n; e++)
        start[e + 2] += start[e + 1];
    unsigned *members = xmalloc((n + 1) * sizeof *members);
    for (size_t e = 0; e < n; e++)
        members[start[lead[e] + 1]++] = (unsigned)e;
    unsigned *indeg = xcalloc(n + 1, sizeof *indeg);
    for (size_t k = 0; k < g->n_edges; k++)
        if (lead[g->edges[k].from] != lead[g->edges[k].to])
            indeg[lead[g->edges[k].to]]++;
    for (size_t e = 0; e < n; e++)
        if (lead[e] == e && !indeg[e])
            tail = emit_group(members, start, (unsigned)e, out, tail);
    while (head < tail) {
        unsigned u = out[head++];
        for (size_t k = g->head_out[u]; k != NONE; k = g->edges[k].next_out) {
            unsigned v = lead[g->edges[k].to];
            if (v != lead[u] && --indeg[v] == 0)
                tail = emit_group(members, start, v, out, tail);
        }
    }
    /* Alone, events come out in edge order; in groups, a group's index
     * order may go against an edge between its members. */
    bool complete = tail == n && (!group || respects_edges(g, out, indeg));
    free(indeg);
    free(members);
    free(start);
    free(lead);
    return complete;
}
