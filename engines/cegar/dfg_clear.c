/* Def-clear reachability (dfg.h): the direct edges of the data-flow
 * graph (thesis Definition 12) need more than CFA reachability of the
 * reader after the writer. The reader observes the writer's value of a
 * place only along a path on which no action of the thread writes that
 * place again (the thesis' Section 4.1.1 notes the over-approximation
 * `x = 1, x = 2, y = x`); what another thread reads in between is the
 * business of indirect edges. */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "dfg.h"

void cg_def_clear_init(cg_def_clear *d, const ordo_program *p)
{
    *d = (cg_def_clear){ .p = p, .writer = UINT32_MAX };
    d->out = xcalloc(p->n_procs + 1, sizeof *d->out);
    unsigned max_locs = 0;
    for (unsigned i = 0; i < p->n_procs; i++) {
        d->out[i] = ordo_edge_index_of(&p->procs[i], false);
        if (p->procs[i].n_locs > max_locs)
            max_locs = p->procs[i].n_locs;
    }
    d->seen = xcalloc(max_locs + 1, sizeof *d->seen);
    d->stack = xcalloc(max_locs + 1, sizeof *d->stack);
}

void cg_def_clear_free(cg_def_clear *d)
{
    for (unsigned i = 0; i < d->p->n_procs; i++)
        ordo_edge_index_free(&d->out[i]);
    free(d->out);
    free(d->seen);
    free(d->stack);
    *d = (cg_def_clear){ 0 };
}

/* Does the action (its places) write place id in its own thread? Every
 * write of a block is a must-write: a path through the action ran all
 * of its statements. A write through a computed address may miss the
 * place, one into a started thread is not this thread's. */
static bool kills(const cg_action_places *a, unsigned id)
{
    for (unsigned k = 0; k < a->n_writes; k++)
        if (a->write_id[k] == id && !a->cross[k] && a->writes[k].kind != CG_PLACE_ANY_CELL)
            return true;
    return false;
}

/* seen[]: the locations of the writer's procedure its thread reaches
 * after the writer without writing place id again. */
static void search(cg_def_clear *d, const cg_dfg *g, unsigned writer, unsigned id)
{
    unsigned proc = g->node_proc[writer];
    const ordo_proc *f = &d->p->procs[proc];
    const ordo_edge_index *out = &d->out[proc];
    memset(d->seen, 0, f->n_locs * sizeof *d->seen);
    unsigned n = 0, start = f->edges[writer - g->node_base[proc]].to;
    d->seen[start] = true;
    d->stack[n++] = start;
    while (n > 0) {
        unsigned l = d->stack[--n];
        for (unsigned i = out->start[l]; i < out->start[l + 1]; i++) {
            const ordo_edge *e = &f->edges[out->edge[i]];
            if (d->seen[e->to] || kills(&g->places[g->node_base[proc] + out->edge[i]], id))
                continue;
            d->seen[e->to] = true;
            d->stack[n++] = e->to;
        }
    }
}

/* Does an action of the writer's procedure other than the writer write
 * place id in its own thread? (The writer's own write never cuts a path
 * to a reader: the part after its last pass reaches the reader too.) */
static bool killed_elsewhere(const cg_dfg *g, unsigned writer, unsigned id)
{
    const cg_access_lists *l = &g->access;
    for (unsigned i = l->w_start[id]; i < l->w_start[id + 1]; i++) {
        unsigned x = l->w_node[i];
        if (x != writer && g->node_proc[x] == g->node_proc[writer] && kills(&g->places[x], id))
            return true;
    }
    return false;
}

bool cg_def_clear_reaches(cg_def_clear *d, const cg_dfg *g, unsigned writer, unsigned id,
                          unsigned reader)
{
    unsigned proc = g->node_proc[reader];
    const ordo_edge *r = &d->p->procs[proc].edges[reader - g->node_base[proc]];
    if (d->writer != writer || d->place != id) {
        d->writer = writer;
        d->place = id;
        d->searched = d->work < CG_DEF_CLEAR_MAX_WORK && killed_elsewhere(g, writer, id);
        if (d->searched) {
            search(d, g, writer, id);
            d->work += d->p->procs[proc].n_locs + d->p->procs[proc].n_edges;
        }
    }
    if (!d->searched) /* CFA reachability, which over-approximates it */
        return cg_reach_edge(&g->reach, proc, d->p->procs[proc].edges[writer - g->node_base[proc]].to,
                             reader - g->node_base[proc]);
    return d->seen[r->from];
}
