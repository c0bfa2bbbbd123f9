/* vars(Π) of a precision (dfg.h): the places the abstraction keeps. */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "cell_set.h"
#include "dfg.h"

static void add_cell(cg_tracked *t, unsigned *cap, uint64_t addr)
{
    XGROW(t->cells, t->n_cells, *cap);
    t->cells[t->n_cells++] = addr;
}

/* The places a predicate reads. */
static void pred_places(cg_tracked *t, unsigned *cap, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        t->vars[e->var] = true;
    if (e->kind == ORDO_E_LOAD) {
        if (e->kid[0]->kind == ORDO_E_CONST)
            add_cell(t, cap, (uint64_t)e->kid[0]->value);
        else
            t->any_cell = true;
    }
    for (int i = 0; i < 3; i++)
        pred_places(t, cap, e->kid[i]);
}


void cg_tracked_of(cg_tracked *t, const cg_prec *prec)
{
    *t = (cg_tracked){ .n_vars = prec->n_vars };
    t->vars = xcalloc(prec->n_vars + 1, sizeof *t->vars);
    memcpy(t->vars, prec->vars, prec->n_vars * sizeof *t->vars);
    unsigned cap = 0;
    for (unsigned i = 0; i < prec->n_cells; i++)
        add_cell(t, &cap, prec->cells[i]);
    for (unsigned i = 0; i < prec->n_preds; i++)
        pred_places(t, &cap, prec->preds[i]);
    t->n_cells = cg_cells_sort_unique(t->cells, t->n_cells);
}

void cg_tracked_free(cg_tracked *t)
{
    free(t->vars);
    free(t->cells);
    *t = (cg_tracked){ 0 };
}

bool cg_tracked_has(const cg_tracked *t, cg_place place)
{
    switch (place.kind) {
    case CG_PLACE_VAR:
        return place.id < t->n_vars && t->vars[place.id];
    case CG_PLACE_CELL:
        return t->any_cell || cg_cells_find(t->cells, t->n_cells, place.id);
    default:
        return t->any_cell || t->n_cells > 0;
    }
}
