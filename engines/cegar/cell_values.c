/* The values memory cells may hold, for Int reads (cell_values.h). */
#include <stdlib.h>

#include <ordo/ir_smt.h>
#include <ordo/xalloc.h>

#include "cell_values.h"
#include "mem_objects.h"

typedef struct {
    __int128 lo, hi;
} span;

struct cg_cell_values {
    const ordo_program *p;
    span *objects;   /* per static object */
    span pointed;    /* what a load through a pointer may read */
};

static void widen(span *s, __int128 lo, __int128 hi)
{
    if (lo < s->lo)
        s->lo = lo;
    if (hi > s->hi)
        s->hi = hi;
}

/* The values a store of type t leaves in a cell (ordo_ir_to_cell): an
 * unsigned 64-bit value as a signed one, a pointer as its address. */
static span stored(ordo_type t)
{
    span s;
    if (t.kind == ORDO_TY_PTR) {
        s.lo = 0;
        s.hi = ((__int128)1 << 64) - 1;
    } else if (t.kind == ORDO_TY_INT && t.width >= 64) {
        ordo_type_range((ordo_type){ ORDO_TY_INT, 64, true }, &s.lo, &s.hi);
    } else {
        ordo_type_range(t, &s.lo, &s.hi);
    }
    return s;
}

/* A store of type t at addr (NULL: through a pointer, into `through`). */
static void store(cg_cell_values *v, const ordo_expr *addr, ordo_type t, span *through)
{
    const ordo_object *o = cg_object_of(v->p, addr);
    span s = stored(t);
    widen(o ? &v->objects[o - v->p->objects] : through, s.lo, s.hi);
}

static void stmt_stores(cg_cell_values *v, const ordo_stmt *st, span *through)
{
    for (unsigned i = 0; st->kind == ORDO_S_SEQ && i < st->n_stmts; i++)
        stmt_stores(v, st->stmts[i], through);
    if (st->has_lhs && st->lhs.is_mem)
        store(v, st->lhs.addr, st->lhs.type, through);
    if (st->kind == ORDO_S_LOCK || st->kind == ORDO_S_UNLOCK) /* an int cell: 0 or 1 */
        store(v, st->addr, (ordo_type){ ORDO_TY_BOOL, 1, false }, through);
}

cg_cell_values *cg_cell_values_new(const ordo_program *p)
{
    cg_cell_values *v = xcalloc(1, sizeof *v);
    v->p = p;
    v->objects = xcalloc(p->n_objects + 1, sizeof *v->objects);
    for (unsigned o = 0; o < p->n_objects; o++) /* cells start at 0 or their initial value */
        for (unsigned k = 0; k < p->objects[o].n_init; k++)
            widen(&v->objects[o], p->objects[o].init_values[k], p->objects[o].init_values[k]);
    span through = { 0, 0 }; /* stores through pointers; allocated cells start at 0 */
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            stmt_stores(v, p->procs[f].edges[e].stmt, &through);
    bool *escapes = cg_escaping_objects(p);
    v->pointed = through;
    for (unsigned o = 0; o < p->n_objects; o++)
        if (escapes[o]) {
            widen(&v->objects[o], through.lo, through.hi);
            widen(&v->pointed, v->objects[o].lo, v->objects[o].hi);
        }
    free(escapes);
    return v;
}

void cg_cell_values_free(cg_cell_values *v)
{
    if (!v)
        return;
    free(v->objects);
    free(v);
}

void cg_cell_values_at(const cg_cell_values *v, const ordo_expr *addr, __int128 *lo,
                       __int128 *hi)
{
    const ordo_object *o = cg_object_of(v->p, addr);
    const span *s = o ? &v->objects[o - v->p->objects] : &v->pointed;
    *lo = s->lo;
    *hi = s->hi;
}
