/*
 * What PRED's transfer asks of every predicate at every successor (pred.c):
 * the owners of the locals it reads (cg_bind: procedures or thread-locals,
 * at most two) and which locals those are. The precision only grows, and
 * its predicates keep their indices: each is looked at once per model, not
 * at every successor (cg_bind was a tenth of the transfer's CPU time on
 * pthread-wmm tasks).
 */
#ifndef CEGAR_PRED_SHAPE_H
#define CEGAR_PRED_SHAPE_H

#include "expl.h"
#include "path.h"

typedef struct {
    const ordo_expr *pred;  /* what it is the shape of */
    bool bindable;        /* at most two owners: else the predicate has no instance */
    cg_binding owners;    /* threads 0: instances choose them */
    unsigned n_locals;
    unsigned *locals;     /* the distinct non-global variables it reads */
} cg_pred_shape;

typedef struct cg_pred_shapes cg_pred_shapes;

cg_pred_shapes *cg_pred_shapes_new(void);
void cg_pred_shapes_free(cg_pred_shapes *x);
/* The shape of predicate i of prec (a predicate of p), computed the first
 * time it is asked for (again if another predicate took index i). */
const cg_pred_shape *cg_pred_shape_of(cg_pred_shapes *x, const ordo_program *p,
                                      const cg_prec *prec, unsigned i);

#endif
