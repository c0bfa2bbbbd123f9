/* Dead values of a procedure's locals in a state (coi.h,
 * cg_observation_dead_locals): a local belongs to its thread alone, so
 * the value a thread holds now can reach a real observer only through an
 * observed action of that thread that reads it before the thread writes
 * the variable again. Backward liveness over the procedure's CFA from
 * the observed readers (thesis Section 4.1.1's `x = 1, x = 2, y = x`
 * over-approximation, removed for the state's current values). */

#include "coi.h"

void cg_live_locals_init(cg_live_locals *l, const ordo_program *p)
{
    cg_cfa_search_init(&l->search, p, true);
}

void cg_live_locals_free(cg_live_locals *l)
{
    cg_cfa_search_free(&l->search);
}

/* Does node x write variable v in its own thread (every write of a block
 * is a must-write; a started thread's parameter is not this thread's)? */
static bool kills(const cg_dfg *g, unsigned x, unsigned v)
{
    const cg_action_places *a = &g->places[x];
    for (unsigned k = 0; k < a->n_writes; k++)
        if (a->write_id[k] == v && !a->cross[k])
            return true;
    return false;
}

/* search.seen[]: the locations of proc from which a thread reaches an
 * observed reader of local v before writing v. */
static void live_locations(cg_live_locals *l, const cg_observation *o, unsigned proc, unsigned v)
{
    const cg_dfg *g = o->g;
    cg_cfa_search *s = &l->search;
    const ordo_proc *f = &s->p->procs[proc];
    const cg_access_lists *a = &g->access;
    cg_cfa_search_start(s, proc);
    for (unsigned i = a->r_start[v]; i < a->r_start[v + 1]; i++) {
        unsigned r = a->r_node[i];
        if (o->observed[r] && g->node_proc[r] == proc)
            cg_cfa_search_reach(s, f->edges[r - g->node_base[proc]].from);
    }
    const ordo_edge_index *in = &s->edges[proc];
    unsigned loc;
    while (cg_cfa_search_next(s, &loc))
        for (unsigned i = in->start[loc]; i < in->start[loc + 1]; i++) {
            unsigned e = in->edge[i];
            if (!kills(g, g->node_base[proc] + e, v))
                cg_cfa_search_reach(s, f->edges[e].from);
        }
}

void cg_observation_dead_locals(const cg_observation *o, cg_live_locals *l, const cg_state *s,
                                bool *dead)
{
    const ordo_program *p = l->search.p;
    for (unsigned v = 0; v < p->n_vars; v++) {
        int proc = p->vars[v].proc;
        if (dead[v] || p->vars[v].is_global || proc < 0 || !o->tracked[v])
            continue;
        live_locations(l, o, (unsigned)proc, v);
        bool read = false;
        for (unsigned t = 0; t < s->n_threads && !read; t++)
            read = !s->threads[t].done && s->threads[t].proc == (unsigned)proc &&
                   l->search.seen[s->threads[t].loc];
        dead[v] = !read;
    }
}
