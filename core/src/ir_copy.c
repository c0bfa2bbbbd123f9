/* Copies of IR parts (ir_copy.h) and whole programs (passes.h). */
#include <string.h>

#include <ordo/arena.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

#include "ir_copy.h"

static unsigned renamed(const ordo_copy_ctx *c, unsigned v)
{
    return c->map && v < c->n_map ? c->map[v] : v;
}

const ordo_expr *ordo_copy_expr(ordo_program *dst, const ordo_expr *e, ordo_copy_ctx *c)
{
    if (!e)
        return NULL;
    ordo_expr *x = ordo_arena_alloc(dst->arena, sizeof *x);
    *x = *e;
    if (e->kind == ORDO_E_VAR)
        x->var = renamed(c, e->var);
    for (int i = 0; i < 3; i++)
        x->kid[i] = ordo_copy_expr(dst, e->kid[i], c);
    return x;
}

ordo_lvalue ordo_copy_lvalue(ordo_program *dst, const ordo_lvalue *lv, ordo_copy_ctx *c)
{
    ordo_lvalue x = *lv;
    if (lv->is_mem)
        x.addr = ordo_copy_expr(dst, lv->addr, c);
    else
        x.var = renamed(c, lv->var);
    return x;
}

static const char *copy_file(ordo_program *dst, const char *file, ordo_copy_ctx *c)
{
    if (!c->dup_strings || !file)
        return file;
    if (file != c->last_src) {
        c->last_src = file;
        c->last_dst = ordo_arena_strdup(dst->arena, file);
    }
    return c->last_dst;
}

ordo_stmt *ordo_copy_stmt(ordo_program *dst, const ordo_stmt *s, ordo_copy_ctx *c)
{
    ordo_stmt *x = ordo_arena_alloc(dst->arena, sizeof *x);
    *x = *s;
    x->file = copy_file(dst, s->file, c);
    if (s->has_lhs)
        x->lhs = ordo_copy_lvalue(dst, &s->lhs, c);
    x->rhs = ordo_copy_expr(dst, s->rhs, c);
    x->cond = ordo_copy_expr(dst, s->cond, c);
    x->addr = ordo_copy_expr(dst, s->addr, c);
    x->size = ordo_copy_expr(dst, s->size, c);
    if (s->args) {
        const ordo_expr **args = ordo_arena_alloc(dst->arena, (s->n_args + 1) * sizeof *args);
        for (unsigned i = 0; i < s->n_args; i++)
            args[i] = ordo_copy_expr(dst, s->args[i], c);
        x->args = args;
    }
    if (s->stmts) {
        const ordo_stmt **stmts = ordo_arena_alloc(dst->arena, (s->n_stmts + 1) * sizeof *stmts);
        for (unsigned i = 0; i < s->n_stmts; i++)
            stmts[i] = ordo_copy_stmt(dst, s->stmts[i], c);
        x->stmts = stmts;
    }
    return x;
}

static void *arena_copy(ordo_program *dst, const void *src, size_t n)
{
    if (!src)
        return NULL;
    void *x = ordo_arena_alloc(dst->arena, n ? n : 1);
    memcpy(x, src, n);
    return x;
}

static void clone_objects(ordo_program *q, const ordo_program *p)
{
    q->objects = xcalloc(p->n_objects + 1, sizeof *q->objects);
    q->n_objects = q->cap_objects = p->n_objects;
    for (unsigned i = 0; i < p->n_objects; i++) {
        const ordo_object *o = &p->objects[i];
        ordo_object *x = &q->objects[i];
        *x = *o;
        x->name = ordo_arena_strdup(q->arena, o->name);
        x->init_offsets = arena_copy(q, o->init_offsets, o->n_init * sizeof *o->init_offsets);
        x->init_values = arena_copy(q, o->init_values, o->n_init * sizeof *o->init_values);
        x->init_types = arena_copy(q, o->init_types, o->n_init * sizeof *o->init_types);
    }
}

ordo_program *ordo_program_clone(const ordo_program *p)
{
    ordo_program *q = xcalloc(1, sizeof *q);
    q->arena = ordo_arena_new();
    q->source = p->source ? ordo_arena_strdup(q->arena, p->source) : NULL;
    q->data_model = p->data_model;
    q->main_proc = p->main_proc;
    q->next_address = p->next_address;
    q->vars = xcalloc(p->n_vars + 1, sizeof *q->vars);
    q->n_vars = q->cap_vars = p->n_vars;
    for (unsigned i = 0; i < p->n_vars; i++) {
        q->vars[i] = p->vars[i];
        q->vars[i].name = ordo_arena_strdup(q->arena, p->vars[i].name);
    }
    clone_objects(q, p);
    ordo_copy_ctx c = { .dup_strings = true };
    q->procs = xcalloc(p->n_procs + 1, sizeof *q->procs);
    q->n_procs = q->cap_procs = p->n_procs;
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *f = &p->procs[i];
        ordo_proc *g = &q->procs[i];
        *g = *f;
        g->name = ordo_arena_strdup(q->arena, f->name);
        g->params = arena_copy(q, f->params, f->n_params * sizeof *f->params);
        g->edges = xcalloc(f->n_edges + 1, sizeof *g->edges);
        g->cap_edges = f->n_edges + 1;
        for (unsigned e = 0; e < f->n_edges; e++) {
            g->edges[e] = f->edges[e];
            g->edges[e].stmt = ordo_copy_stmt(q, f->edges[e].stmt, &c);
        }
    }
    return q;
}
