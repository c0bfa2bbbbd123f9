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

bool cg_address_never_valid(const ordo_program *p, uint64_t addr)
{
    return addr == 0 || (addr < p->next_address && !cg_object_at(p, addr));
}

const ordo_object *cg_object_of(const ordo_program *p, const ordo_expr *addr)
{
    const ordo_expr *base = base_of(addr);
    int o = base->kind == ORDO_E_CONST ? object_index(p, base->value) : -1;
    return o >= 0 ? &p->objects[o] : NULL;
}

/* typed: only a constant of a pointer type may be an address
 * (cg_pointed_objects); else every number may (cg_escaping_objects). */
typedef struct {
    const ordo_program *p;
    bool *escapes;
    bool typed;
} escape_ctx;

static void escape_value(const escape_ctx *x, const ordo_expr *e);

/* An access at addr: its constant base names the object without a
 * pointer; the rest of the address is a value. */
static void escape_address(const escape_ctx *x, const ordo_expr *addr)
{
    const ordo_expr *base = base_of(addr);
    if (base->kind != ORDO_E_CONST) {
        escape_value(x, addr);
        return;
    }
    /* typed: a constant offset from a constant base is an index */
    if (base != addr && !(x->typed && addr->kid[1]->kind == ORDO_E_CONST))
        escape_value(x, addr->kid[1]);
}

/* A number that may be the address of an object makes it escape. */
static void escape_number(const escape_ctx *x, int64_t value)
{
    int o = object_index(x->p, value);
    if (o >= 0)
        x->escapes[o] = true;
}

static void escape_value(const escape_ctx *x, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_CONST) {
        if (!x->typed || e->type.kind == ORDO_TY_PTR)
            escape_number(x, e->value);
        return;
    }
    if (e->kind == ORDO_E_LOAD) {
        escape_address(x, e->kid[0]);
        return;
    }
    for (int i = 0; i < 3; i++)
        escape_value(x, e->kid[i]);
}

static void escape_stmt(const escape_ctx *x, const ordo_stmt *s)
{
    for (unsigned i = 0; s->kind == ORDO_S_SEQ && i < s->n_stmts; i++)
        escape_stmt(x, s->stmts[i]);
    if (s->lhs.is_mem && s->lhs.addr)
        escape_address(x, s->lhs.addr);
    if (s->addr && (s->kind == ORDO_S_LOCK || s->kind == ORDO_S_UNLOCK))
        escape_address(x, s->addr);
    else
        escape_value(x, s->addr);
    escape_value(x, s->rhs);
    escape_value(x, s->cond);
    escape_value(x, s->size);
    for (unsigned i = 0; i < s->n_args; i++)
        escape_value(x, s->args[i]);
}

/* Initial values that equal an address: a global (typed: of a pointer
 * type) or a cell may start as a pointer to the object. */
static void escape_initial_values(const escape_ctx *x)
{
    const ordo_program *p = x->p;
    for (unsigned v = 0; v < p->n_vars; v++)
        if (!x->typed || p->vars[v].type.kind == ORDO_TY_PTR)
            escape_number(x, p->vars[v].init);
    for (unsigned k = 0; k < p->n_objects; k++)
        for (unsigned i = 0; i < p->objects[k].n_init; i++)
            escape_number(x, p->objects[k].init_values[i]);
}

static bool *escaping(const ordo_program *p, bool typed)
{
    escape_ctx x = { p, xcalloc(p->n_objects + 1, sizeof *x.escapes), typed };
    escape_initial_values(&x);
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            escape_stmt(&x, p->procs[f].edges[e].stmt);
    return x.escapes;
}

bool *cg_escaping_objects(const ordo_program *p)
{
    return escaping(p, false);
}

bool *cg_pointed_objects(const ordo_program *p)
{
    return escaping(p, true);
}

/* The objects a load within e may read. */
static void loaded_by(const ordo_program *p, const ordo_expr *e, const bool *escapes,
                      bool *loaded)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_LOAD) {
        const ordo_object *ob = cg_object_of(p, e->kid[0]);
        for (unsigned o = 0; o < p->n_objects; o++)
            loaded[o] |= ob ? ob == &p->objects[o] : escapes[o];
    }
    for (int i = 0; i < 3; i++)
        loaded_by(p, e->kid[i], escapes, loaded);
}

void cg_objects_loaded(const ordo_program *p, const ordo_stmt *s, const bool *escapes,
                       bool *loaded)
{
    for (unsigned i = 0; s->kind == ORDO_S_SEQ && i < s->n_stmts; i++)
        cg_objects_loaded(p, s->stmts[i], escapes, loaded);
    if (s->lhs.is_mem)
        loaded_by(p, s->lhs.addr, escapes, loaded);
    loaded_by(p, s->addr, escapes, loaded);
    loaded_by(p, s->rhs, escapes, loaded);
    loaded_by(p, s->cond, escapes, loaded);
    loaded_by(p, s->size, escapes, loaded);
    for (unsigned i = 0; i < s->n_args; i++)
        loaded_by(p, s->args[i], escapes, loaded);
}
