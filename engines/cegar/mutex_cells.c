/* The candidate cells of split mutex operations (mutex_cells.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "cell_set.h"
#include "mutex_cells.h"

typedef struct {
    unsigned proc, edge;
    uint64_t *cells;   /* ascending */
    unsigned n, cap;
} split_edge;

struct cg_mutex_cells {
    split_edge *v;
    unsigned n, cap;
};

cg_mutex_cells *cg_mutex_cells_new(void)
{
    return xcalloc(1, sizeof(cg_mutex_cells));
}

void cg_mutex_cells_free(cg_mutex_cells *mc)
{
    if (!mc)
        return;
    for (unsigned i = 0; i < mc->n; i++)
        free(mc->v[i].cells);
    free(mc->v);
    free(mc);
}

/* Few statements are split: a linear search. */
static split_edge *find(const cg_mutex_cells *mc, unsigned proc, unsigned edge)
{
    for (unsigned i = 0; mc && i < mc->n; i++)
        if (mc->v[i].proc == proc && mc->v[i].edge == edge)
            return &mc->v[i];
    return NULL;
}

void cg_mutex_cells_split(cg_mutex_cells *mc, unsigned proc, unsigned edge)
{
    if (find(mc, proc, edge))
        return;
    XGROW(mc->v, mc->n, mc->cap);
    mc->v[mc->n++] = (split_edge){ .proc = proc, .edge = edge };
}

bool cg_mutex_cells_of(const cg_mutex_cells *mc, unsigned proc, unsigned edge,
                       const uint64_t **cells, unsigned *n)
{
    const split_edge *e = find(mc, proc, edge);
    if (!e)
        return false;
    *cells = e->cells;
    *n = e->n;
    return true;
}

bool cg_mutex_cells_add(cg_mutex_cells *mc, unsigned proc, unsigned edge, uint64_t cell)
{
    split_edge *e = find(mc, proc, edge);
    if (!e || cell == CG_MUTEX_UNSPLIT || cell == CG_MUTEX_OUTSIDE)
        return false;
    if (cg_cells_find(e->cells, e->n, cell))
        return true;
    if (e->n >= CG_MUTEX_CELLS_MAX)
        return false;
    XGROW(e->cells, e->n, e->cap);
    e->cells[e->n++] = cell;
    e->n = cg_cells_sort_unique(e->cells, e->n);
    return true;
}
