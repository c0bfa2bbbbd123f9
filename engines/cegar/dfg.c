/* The abstract data-flow graph with precision (dfg.h; thesis
 * Definition 12): built once, by place, from the writers and readers of
 * each variable and cell. */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "cell_set.h"
#include "dfg.h"

static unsigned place_id(const cg_place_ids *ids, cg_place pl)
{
    if (pl.kind == CG_PLACE_VAR)
        return (unsigned)pl.id;
    if (pl.kind == CG_PLACE_ANY_CELL)
        return ids->n_vars + ids->n_cells;
    const uint64_t *hit = cg_cells_find(ids->cells, ids->n_cells, pl.id);
    return ids->n_vars + (unsigned)(hit - ids->cells);
}

static cg_place id_place(const cg_place_ids *ids, unsigned id)
{
    if (id < ids->n_vars)
        return (cg_place){ .kind = CG_PLACE_VAR, .id = id };
    if (id < ids->n_vars + ids->n_cells)
        return (cg_place){ .kind = CG_PLACE_CELL, .id = ids->cells[id - ids->n_vars] };
    return (cg_place){ .kind = CG_PLACE_ANY_CELL };
}

static void collect_cells(cg_place_ids *ids, const cg_dfg *g)
{
    unsigned cap = 0;
    for (unsigned n = 0; n < g->n_nodes; n++) {
        const cg_action_places *a = &g->places[n];
        for (unsigned k = 0; k < a->n_reads + a->n_writes; k++) {
            cg_place pl = k < a->n_reads ? a->reads[k] : a->writes[k - a->n_reads];
            if (pl.kind == CG_PLACE_CELL) {
                XGROW(ids->cells, ids->n_cells, cap);
                ids->cells[ids->n_cells++] = pl.id;
            }
        }
    }
    ids->n_cells = cg_cells_sort_unique(ids->cells, ids->n_cells);
}

static void build_lists(cg_access_lists *l, cg_dfg *g, const cg_place_ids *ids)
{
    l->n = ids->n_vars + ids->n_cells + 1;
    l->w_start = xcalloc(l->n + 2, sizeof *l->w_start);
    l->r_start = xcalloc(l->n + 2, sizeof *l->r_start);
    for (unsigned n = 0; n < g->n_nodes; n++) {
        const cg_action_places *a = &g->places[n];
        for (unsigned k = 0; k < a->n_writes; k++)
            l->w_start[place_id(ids, a->writes[k]) + 2]++;
        for (unsigned k = 0; k < a->n_reads; k++)
            l->r_start[place_id(ids, a->reads[k]) + 2]++;
    }
    for (unsigned i = 2; i < l->n + 2; i++) {
        l->w_start[i] += l->w_start[i - 1];
        l->r_start[i] += l->r_start[i - 1];
    }
    l->w_node = xcalloc(l->w_start[l->n + 1] + 1, sizeof *l->w_node);
    l->w_cross = xcalloc(l->w_start[l->n + 1] + 1, sizeof *l->w_cross);
    l->r_node = xcalloc(l->r_start[l->n + 1] + 1, sizeof *l->r_node);
    for (unsigned n = 0; n < g->n_nodes; n++) {
        cg_action_places *a = &g->places[n];
        a->write_id = xcalloc(a->n_writes + 1, sizeof *a->write_id);
        a->read_id = xcalloc(a->n_reads + 1, sizeof *a->read_id);
        for (unsigned k = 0; k < a->n_writes; k++) {
            a->write_id[k] = place_id(ids, a->writes[k]);
            unsigned at = l->w_start[a->write_id[k] + 1]++;
            l->w_node[at] = n;
            l->w_cross[at] = a->cross[k];
        }
        for (unsigned k = 0; k < a->n_reads; k++) {
            a->read_id[k] = place_id(ids, a->reads[k]);
            l->r_node[l->r_start[a->read_id[k] + 1]++] = n;
        }
    }
}

static void free_lists(cg_access_lists *l)
{
    free(l->w_start);
    free(l->r_start);
    free(l->w_node);
    free(l->r_node);
    free(l->w_cross);
}

/* One (writer, reader, place) observation before merging into edges. */
typedef struct {
    unsigned src, dst, place;
    unsigned char kinds;
} pair;

typedef struct {
    cg_dfg *g;
    const ordo_program *p;
    const cg_place_ids *ids;
    cg_def_clear clear;
    pair *v;
    size_t n, cap;
} pairs;

/* Is a place seen by other threads (a global or a cell), or written into
 * another thread? Then its observations may be indirect. */
static void mark_shared(cg_dfg *g, const ordo_program *p)
{
    unsigned n = cg_dfg_any_cell(g) + 1;
    g->shared = xcalloc(n + 1, sizeof *g->shared);
    for (unsigned id = 0; id < n; id++)
        g->shared[id] = id >= g->ids.n_vars || p->vars[id].is_global;
}

static void observe(pairs *ps, unsigned w, bool cross, unsigned r, unsigned place)
{
    cg_dfg *g = ps->g;
    unsigned wp = g->node_proc[w], rp = g->node_proc[r];
    unsigned char kinds = 0;
    if (!cross && wp == rp && cg_def_clear_reaches(&ps->clear, g, w, place, r))
        kinds |= CG_DFG_DIRECT;
    if (cross || g->shared[place])
        kinds |= CG_DFG_INDIRECT;
    if (!kinds || g->too_big)
        return;
    if (ps->n >= CG_DFG_MAX_PAIRS && !(kinds & CG_DFG_DIRECT)) {
        g->overflow = true;
        return;
    }
    if (ps->n >= 2 * (size_t)CG_DFG_MAX_PAIRS) {
        g->too_big = true;
        return;
    }
    XGROW(ps->v, ps->n, ps->cap);
    ps->v[ps->n++] = (pair){ w, r, place, kinds };
}

/* Writers of place wid with readers of place rid, through place `label`. */
static void cross_product(pairs *ps, const cg_access_lists *l, unsigned wid, unsigned rid,
                          unsigned label)
{
    for (unsigned i = l->w_start[wid]; i < l->w_start[wid + 1]; i++)
        for (unsigned j = l->r_start[rid]; j < l->r_start[rid + 1]; j++)
            observe(ps, l->w_node[i], l->w_cross[i], l->r_node[j], label);
}

/* Every observation: a place written and read, a cell written and read
 * through a computed address or the other way round. */
static void all_pairs(pairs *ps, const cg_access_lists *l)
{
    const cg_place_ids *ids = ps->ids;
    unsigned any = ids->n_vars + ids->n_cells;
    for (unsigned id = 0; id <= any; id++) {
        cross_product(ps, l, id, id, id);
        if (id >= ids->n_vars && id < any) {
            cross_product(ps, l, id, any, id);
            cross_product(ps, l, any, id, id);
        }
    }
}

static int cmp_pair(const void *a, const void *b)
{
    const pair *x = a, *y = b;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    if (x->dst != y->dst)
        return x->dst < y->dst ? -1 : 1;
    return (x->place > y->place) - (x->place < y->place);
}

/* Merges the sorted pairs into edges with their labels. */
static void make_edges(cg_dfg *g, pairs *ps)
{
    if (ps->n > 0) /* (v is NULL then, which qsort may not take) */
        qsort(ps->v, ps->n, sizeof *ps->v, cmp_pair);
    g->labels = xcalloc(ps->n + 1, sizeof *g->labels);
    g->edges = xcalloc(ps->n + 1, sizeof *g->edges);
    for (size_t i = 0; i < ps->n; i++) {
        const pair *x = &ps->v[i];
        cg_dfg_edge *last = g->n_edges ? &g->edges[g->n_edges - 1] : NULL;
        if (!last || last->src != x->src || last->dst != x->dst)
            g->edges[g->n_edges++] = (cg_dfg_edge){ x->src, x->dst, (unsigned)i, 0 };
        g->edges[g->n_edges - 1].n_labels++;
        g->labels[i] = (cg_dfg_label){ id_place(ps->ids, x->place), x->kinds };
    }
}

static bool has_direct_label(const cg_dfg *g, const cg_dfg_edge *e)
{
    for (unsigned i = e->first_label; i < e->first_label + e->n_labels; i++)
        if (g->labels[i].kinds & CG_DFG_DIRECT)
            return true;
    return false;
}

/* CSR of the edges with a direct label, by source (dout) and target
 * (din): Algorithm 2 follows them one by one, the indirect ones by place. */
static void index_direct(cg_dfg *g)
{
    g->dout_start = xcalloc(g->n_nodes + 2, sizeof *g->dout_start);
    g->din_start = xcalloc(g->n_nodes + 2, sizeof *g->din_start);
    for (unsigned e = 0; e < g->n_edges; e++)
        if (has_direct_label(g, &g->edges[e])) {
            g->dout_start[g->edges[e].src + 2]++;
            g->din_start[g->edges[e].dst + 2]++;
        }
    for (unsigned n = 2; n < g->n_nodes + 2; n++) {
        g->dout_start[n] += g->dout_start[n - 1];
        g->din_start[n] += g->din_start[n - 1];
    }
    g->dout_edge = xcalloc(g->dout_start[g->n_nodes + 1] + 1, sizeof *g->dout_edge);
    g->din_edge = xcalloc(g->din_start[g->n_nodes + 1] + 1, sizeof *g->din_edge);
    for (unsigned e = 0; e < g->n_edges; e++)
        if (has_direct_label(g, &g->edges[e])) {
            g->dout_edge[g->dout_start[g->edges[e].src + 1]++] = e;
            g->din_edge[g->din_start[g->edges[e].dst + 1]++] = e;
        }
}

static void number_nodes(cg_dfg *g, const ordo_program *p)
{
    g->node_base = xcalloc(p->n_procs + 1, sizeof *g->node_base);
    for (unsigned i = 0; i < p->n_procs; i++) {
        g->node_base[i] = g->n_nodes;
        g->n_nodes += p->procs[i].n_edges;
    }
    g->node_proc = xcalloc(g->n_nodes + 1, sizeof *g->node_proc);
    g->places = xcalloc(g->n_nodes + 1, sizeof *g->places);
    for (unsigned i = 0; i < p->n_procs; i++)
        for (unsigned e = 0; e < p->procs[i].n_edges; e++) {
            unsigned n = g->node_base[i] + e;
            g->node_proc[n] = i;
            cg_action_places_of(p, p->procs[i].edges[e].stmt, &g->places[n]);
        }
}

void cg_dfg_build(cg_dfg *g, const ordo_program *p)
{
    *g = (cg_dfg){ 0 };
    number_nodes(g, p);
    cg_reach_build(&g->reach, p);
    g->ids = (cg_place_ids){ .n_vars = p->n_vars };
    collect_cells(&g->ids, g);
    build_lists(&g->access, g, &g->ids);
    mark_shared(g, p);
    pairs ps = { .g = g, .p = p, .ids = &g->ids };
    cg_def_clear_init(&ps.clear, p);
    all_pairs(&ps, &g->access);
    cg_def_clear_free(&ps.clear);
    if (g->too_big)
        ps.n = 0;
    make_edges(g, &ps);
    index_direct(g);
    free(ps.v);
}

void cg_dfg_free(cg_dfg *g)
{
    for (unsigned n = 0; n < g->n_nodes; n++)
        cg_action_places_free(&g->places[n]);
    free(g->places);
    free(g->node_base);
    free(g->node_proc);
    cg_reach_free(&g->reach);
    free(g->edges);
    free(g->labels);
    free(g->dout_start);
    free(g->dout_edge);
    free(g->din_start);
    free(g->din_edge);
    free_lists(&g->access);
    free(g->ids.cells);
    free(g->shared);
    *g = (cg_dfg){ 0 };
}

unsigned char cg_dfg_tracked_kinds(const cg_dfg *g, unsigned e, const cg_tracked *t)
{
    const cg_dfg_edge *x = &g->edges[e];
    unsigned char kinds = 0;
    for (unsigned i = x->first_label; i < x->first_label + x->n_labels; i++)
        if (cg_tracked_has(t, g->labels[i].place))
            kinds |= g->labels[i].kinds;
    return kinds;
}

cg_place cg_dfg_place(const cg_dfg *g, unsigned id)
{
    return id_place(&g->ids, id);
}
