/* Dead values of a procedure's locals in a state (coi.h,
 * cg_observation_dead_locals): a local belongs to its thread alone, so
 * the value a thread holds now can reach a real observer only through an
 * observed action of that thread that reads it before the thread writes
 * the variable again. Backward liveness over the procedure's CFA from
 * the observed readers (thesis Section 4.1.1's `x = 1, x = 2, y = x`
 * over-approximation, removed for the state's current values). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "coi.h"

void cg_live_locals_init(cg_live_locals *l, const ordo_program *p)
{
    *l = (cg_live_locals){ .p = p };
    l->in = xcalloc(p->n_procs + 1, sizeof *l->in);
    unsigned max_locs = 0;
    for (unsigned i = 0; i < p->n_procs; i++) {
        l->in[i] = ordo_edge_index_of(&p->procs[i], true);
        if (p->procs[i].n_locs > max_locs)
            max_locs = p->procs[i].n_locs;
    }
    l->live = xcalloc(max_locs + 1, sizeof *l->live);
    l->stack = xcalloc(max_locs + 1, sizeof *l->stack);
}

void cg_live_locals_free(cg_live_locals *l)
{
    for (unsigned i = 0; i < l->p->n_procs; i++)
        ordo_edge_index_free(&l->in[i]);
    free(l->in);
    free(l->live);
    free(l->stack);
    *l = (cg_live_locals){ 0 };
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

static void mark(cg_live_locals *l, unsigned *n, unsigned loc)
{
    if (!l->live[loc]) {
        l->live[loc] = true;
        l->stack[(*n)++] = loc;
    }
}

/* live[]: the locations of proc from which a thread reaches an observed
 * reader of local v before writing v. */
static void live_locations(cg_live_locals *l, const cg_observation *o, unsigned proc, unsigned v)
{
    const cg_dfg *g = o->g;
    const ordo_proc *f = &l->p->procs[proc];
    const cg_access_lists *a = &g->access;
    memset(l->live, 0, f->n_locs * sizeof *l->live);
    unsigned n = 0;
    for (unsigned i = a->r_start[v]; i < a->r_start[v + 1]; i++) {
        unsigned r = a->r_node[i];
        if (o->observed[r] && g->node_proc[r] == proc)
            mark(l, &n, f->edges[r - g->node_base[proc]].from);
    }
    while (n > 0) {
        unsigned loc = l->stack[--n];
        for (unsigned i = l->in[proc].start[loc]; i < l->in[proc].start[loc + 1]; i++) {
            unsigned e = l->in[proc].edge[i];
            if (!kills(g, g->node_base[proc] + e, v))
                mark(l, &n, f->edges[e].from);
        }
    }
}

void cg_observation_dead_locals(const cg_observation *o, cg_live_locals *l, const cg_state *s,
                                bool *dead)
{
    const ordo_program *p = l->p;
    for (unsigned v = 0; v < p->n_vars; v++) {
        int proc = p->vars[v].proc;
        if (dead[v] || p->vars[v].is_global || proc < 0 || !o->tracked[v])
            continue;
        live_locations(l, o, (unsigned)proc, v);
        bool read = false;
        for (unsigned t = 0; t < s->n_threads && !read; t++)
            read = !s->threads[t].done && s->threads[t].proc == (unsigned)proc &&
                   l->live[s->threads[t].loc];
        dead[v] = !read;
    }
}
