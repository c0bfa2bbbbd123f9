/* Def-clear reachability (dfg.h): the direct edges of the data-flow
 * graph (thesis Definition 12) need more than CFA reachability of the
 * reader after the writer. The reader observes the writer's value of a
 * place only along a path on which no action of the thread writes that
 * place again (the thesis' Section 4.1.1 notes the over-approximation
 * `x = 1, x = 2, y = x`); what another thread reads in between is the
 * business of indirect edges. */

#include "dfg.h"

void cg_def_clear_init(cg_def_clear *d, const ordo_program *p)
{
    *d = (cg_def_clear){ .writer = UINT32_MAX };
    cg_cfa_search_init(&d->search, p, false);
}

void cg_def_clear_free(cg_def_clear *d)
{
    cg_cfa_search_free(&d->search);
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

/* search.seen[]: the locations of the writer's procedure its thread
 * reaches after the writer without writing place id again. */
static void search(cg_def_clear *d, const cg_dfg *g, unsigned writer, unsigned id)
{
    cg_cfa_search *s = &d->search;
    unsigned proc = g->node_proc[writer];
    const ordo_proc *f = &s->p->procs[proc];
    const ordo_edge_index *out = &s->edges[proc];
    cg_cfa_search_start(s, proc);
    cg_cfa_search_reach(s, f->edges[writer - g->node_base[proc]].to);
    unsigned l;
    while (cg_cfa_search_next(s, &l))
        for (unsigned i = out->start[l]; i < out->start[l + 1]; i++)
            if (!kills(&g->places[g->node_base[proc] + out->edge[i]], id))
                cg_cfa_search_reach(s, f->edges[out->edge[i]].to);
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
    const ordo_edge *r = &d->search.p->procs[proc].edges[reader - g->node_base[proc]];
    if (d->writer != writer || d->place != id) {
        d->writer = writer;
        d->place = id;
        d->searched = d->work < CG_DEF_CLEAR_MAX_WORK && killed_elsewhere(g, writer, id);
        if (d->searched) {
            search(d, g, writer, id);
            d->work += d->search.p->procs[proc].n_locs + d->search.p->procs[proc].n_edges;
        }
    }
    if (!d->searched) /* CFA reachability, which over-approximates it */
        return cg_reach_edge(&g->reach, proc, d->search.p->procs[proc].edges[writer - g->node_base[proc]].to,
                             reader - g->node_base[proc]);
    return d->search.seen[r->from];
}
