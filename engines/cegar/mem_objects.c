/* Static objects behind addresses (mem_objects.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "mem_objects.h"

static int object_index(const ordo_program *p, int64_t value)
{
    for (unsigned o = 0; value > 0 && o < p->n_objects; o++)
        if ((uint64_t)value >= p->objects[o].base &&
            (uint64_t)value < p->objects[o].base + p->objects[o].n_cells)
            return (int)o;
    return -1;
}

/* The base of an address: the pointer operand of base + offset (the
 * front end puts it first), else the address itself. */
static const ordo_expr *base_of(const ordo_expr *addr)
{
    return addr->kind == ORDO_E_BINOP && addr->op == ORDO_B_ADD ? addr->kid[0] : addr;
}

const ordo_object *cg_object_at(const ordo_program *p, uint64_t addr)
{
    int o = object_index(p, (int64_t)addr);
    return o >= 0 ? &p->objects[o] : NULL;
}

const ordo_object *cg_object_of(const ordo_program *p, const ordo_expr *addr)
{
    const ordo_expr *base = base_of(addr);
    int o = base->kind == ORDO_E_CONST ? object_index(p, base->value) : -1;
    return o >= 0 ? &p->objects[o] : NULL;
}

static void escape_value(const ordo_program *p, const ordo_expr *e, bool *escapes);

/* An access at addr: its constant base names the object without a
 * pointer; the rest of the address is a value. */
static void escape_address(const ordo_program *p, const ordo_expr *addr, bool *escapes)
{
    const ordo_expr *base = base_of(addr);
    if (base->kind != ORDO_E_CONST) {
        escape_value(p, addr, escapes);
        return;
    }
    if (base != addr)
        escape_value(p, addr->kid[1], escapes);
}

static void escape_value(const ordo_program *p, const ordo_expr *e, bool *escapes)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_CONST) {
        int o = object_index(p, e->value);
        if (o >= 0)
            escapes[o] = true;
        return;
    }
    if (e->kind == ORDO_E_LOAD) {
        escape_address(p, e->kid[0], escapes);
        return;
    }
    for (int i = 0; i < 3; i++)
        escape_value(p, e->kid[i], escapes);
}

static void escape_stmt(const ordo_program *p, const ordo_stmt *s, bool *escapes)
{
    for (unsigned i = 0; s->kind == ORDO_S_SEQ && i < s->n_stmts; i++)
        escape_stmt(p, s->stmts[i], escapes);
    if (s->lhs.is_mem && s->lhs.addr)
        escape_address(p, s->lhs.addr, escapes);
    if (s->addr && (s->kind == ORDO_S_LOCK || s->kind == ORDO_S_UNLOCK))
        escape_address(p, s->addr, escapes);
    else
        escape_value(p, s->addr, escapes);
    escape_value(p, s->rhs, escapes);
    escape_value(p, s->cond, escapes);
    escape_value(p, s->size, escapes);
    for (unsigned i = 0; i < s->n_args; i++)
        escape_value(p, s->args[i], escapes);
}

/* Initial values that equal an address: a global or a cell may start as
 * a pointer to the object. */
static void escape_initial_values(const ordo_program *p, bool *escapes)
{
    for (unsigned v = 0; v < p->n_vars; v++) {
        int o = object_index(p, p->vars[v].init);
        if (o >= 0)
            escapes[o] = true;
    }
    for (unsigned k = 0; k < p->n_objects; k++)
        for (unsigned i = 0; i < p->objects[k].n_init; i++) {
            int o = object_index(p, p->objects[k].init_values[i]);
            if (o >= 0)
                escapes[o] = true;
        }
}

bool *cg_escaping_objects(const ordo_program *p)
{
    bool *escapes = xcalloc(p->n_objects + 1, sizeof *escapes);
    escape_initial_values(p, escapes);
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            escape_stmt(p, p->procs[f].edges[e].stmt, escapes);
    return escapes;
}
