/* Sets of loop guards (guard_set.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "guard_set.h"

static int by_address(const void *a, const void *b)
{
    const ordo_stmt *x = *(const ordo_stmt *const *)a, *y = *(const ordo_stmt *const *)b;
    return (x > y) - (x < y);
}

/* The assumptions of an edge's statement (a large block: of its parts). */
static void add_assumptions(cg_guard_set *s, const ordo_stmt *st, const ordo_stmt ***list,
                            unsigned *cap)
{
    unsigned n = 0;
    cg_flatten(st, list, &n, cap);
    for (unsigned i = 0; i < n; i++)
        if ((*list)[i]->kind == ORDO_S_ASSUME) {
            XGROW(s->v, s->n, s->cap);
            s->v[s->n++] = (*list)[i];
        }
}

void cg_guard_set_build(cg_guard_set *s, const ordo_program *p, const cg_loops *l,
                        cg_guard_pick *pick)
{
    *s = (cg_guard_set){ 0 };
    const ordo_stmt **list = NULL;
    unsigned cap = 0;
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            if (pick(l, f, e))
                add_assumptions(s, p->procs[f].edges[e].stmt, &list, &cap);
    free(list);
    if (s->n) /* a NULL array, even empty, is undefined for qsort */
        qsort(s->v, s->n, sizeof *s->v, by_address);
}

void cg_guard_set_free(cg_guard_set *s)
{
    free(s->v);
    *s = (cg_guard_set){ 0 };
}

bool cg_guard_set_has(const cg_guard_set *s, const ordo_stmt *st)
{
    return s->n && bsearch(&st, s->v, s->n, sizeof *s->v, by_address) != NULL;
}

bool cg_guard_set_on_path(const cg_guard_set *s, const cg_path *pf)
{
    for (unsigned i = 0; i < pf->n_labels; i++)
        if (cg_guard_set_has(s, pf->labels[i].stmt))
            return true;
    return false;
}

ordo_smt_result cg_guard_set_check_without(const cg_guard_set *s, cg_path *pf)
{
    bool *without = NULL;
    if (s) {
        without = xcalloc(pf->n_labels + 1, sizeof *without);
        for (unsigned i = 0; i < pf->n_labels; i++)
            without[i] = cg_guard_set_has(s, pf->labels[i].stmt);
    }
    ordo_smt_result r = cg_path_check_without(pf, NULL, pf->n_labels, without);
    free(without);
    return r;
}
