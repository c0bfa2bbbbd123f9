/* The owners and locals of PRED's predicates, once each (pred_shape.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "pred_shape.h"

struct cg_pred_shapes {
    cg_pred_shape *v;
    unsigned n, cap;
};

cg_pred_shapes *cg_pred_shapes_new(void)
{
    return xcalloc(1, sizeof(cg_pred_shapes));
}

void cg_pred_shapes_free(cg_pred_shapes *x)
{
    if (!x)
        return;
    for (unsigned i = 0; i < x->n; i++)
        free(x->v[i].locals);
    free(x->v);
    free(x);
}

static void add_locals(const ordo_program *p, const ordo_expr *e, cg_pred_shape *s)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR && !p->vars[e->var].is_global) {
        unsigned i = 0;
        while (i < s->n_locals && s->locals[i] != e->var)
            i++;
        if (i == s->n_locals) {
            s->locals = xrealloc(s->locals, (s->n_locals + 1) * sizeof *s->locals);
            s->locals[s->n_locals++] = e->var;
        }
    }
    for (int k = 0; k < 3; k++)
        add_locals(p, e->kid[k], s);
}

const cg_pred_shape *cg_pred_shape_of(cg_pred_shapes *x, const ordo_program *p,
                                      const cg_prec *prec, unsigned i)
{
    while (x->n <= i) {
        XGROW(x->v, x->n, x->cap);
        x->v[x->n++] = (cg_pred_shape){ 0 };
    }
    cg_pred_shape *s = &x->v[i];
    if (s->pred != prec->preds[i]) {
        free(s->locals);
        *s = (cg_pred_shape){ .pred = prec->preds[i] };
        s->bindable = cg_bind(p, s->pred, 0, &s->owners);
        add_locals(p, s->pred, s);
    }
    return s;
}
