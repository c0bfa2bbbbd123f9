/* Constructing IR programs (ir_build.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

/* Objects are spaced so that an address says which object it belongs to
 * when read by a person (base of the k-th object >= k * OBJECT_ALIGN),
 * and so that the cell one past an object's end belongs to no object: a
 * one-past-the-end pointer (C11 6.5.6p8) is then an address of its own
 * object only, which engines that track what a pointer points into rely on. */
enum { OBJECT_ALIGN = 16 };

ordo_program *ordo_program_new(const char *source, ordo_data_model dm)
{
    ordo_program *p = xcalloc(1, sizeof *p);
    p->arena = ordo_arena_new();
    p->source = ordo_arena_strdup(p->arena, source);
    p->data_model = dm;
    p->next_address = OBJECT_ALIGN;
    return p;
}

void ordo_program_free(ordo_program *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < p->n_procs; i++)
        free(p->procs[i].edges);
    free(p->procs);
    free(p->vars);
    free(p->objects);
    ordo_arena_free(p->arena);
    free(p);
}

bool ordo_type_equal(ordo_type a, ordo_type b)
{
    return a.kind == b.kind && a.width == b.width &&
           (a.kind != ORDO_TY_INT || a.is_signed == b.is_signed);
}

ordo_type ordo_ty_bool(void)
{
    return (ordo_type){ .kind = ORDO_TY_BOOL, .width = 1 };
}

ordo_type ordo_ty_int(unsigned width, bool is_signed)
{
    return (ordo_type){ .kind = ORDO_TY_INT, .width = (unsigned char)width, .is_signed = is_signed };
}

ordo_type ordo_ty_ptr(ordo_data_model dm)
{
    return (ordo_type){ .kind = ORDO_TY_PTR, .width = dm == ORDO_DM_ILP32 ? 32 : 64 };
}

unsigned ordo_add_var(ordo_program *p, const char *name, ordo_type t, int proc, int64_t init)
{
    XGROW(p->vars, p->n_vars, p->cap_vars);
    p->vars[p->n_vars] = (ordo_var){
        .name = ordo_arena_strdup(p->arena, name),
        .type = t,
        .is_global = proc < 0,
        .proc = proc,
        .init = init,
    };
    return p->n_vars++;
}

unsigned ordo_add_thread_local(ordo_program *p, const char *name, ordo_type t, int64_t init)
{
    unsigned v = ordo_add_var(p, name, t, -1, init);
    p->vars[v].is_global = false;
    p->vars[v].is_thread_local = true;
    return v;
}

unsigned ordo_add_object(ordo_program *p, const char *name, uint64_t n_cells, int proc)
{
    XGROW(p->objects, p->n_objects, p->cap_objects);
    p->objects[p->n_objects] = (ordo_object){
        .name = ordo_arena_strdup(p->arena, name),
        .base = p->next_address,
        .n_cells = n_cells,
        .proc = proc,
    };
    p->next_address += (n_cells + 1 + OBJECT_ALIGN - 1) / OBJECT_ALIGN * OBJECT_ALIGN;
    return p->n_objects++;
}

void ordo_object_init_cell(ordo_program *p, unsigned object, uint64_t offset, ordo_type t,
                           int64_t value)
{
    ordo_object *o = &p->objects[object];
    unsigned n = o->n_init + 1;
    uint64_t *offsets = ordo_arena_alloc(p->arena, n * sizeof *offsets);
    int64_t *values = ordo_arena_alloc(p->arena, n * sizeof *values);
    ordo_type *types = ordo_arena_alloc(p->arena, n * sizeof *types);
    if (o->n_init) {
        memcpy(offsets, o->init_offsets, o->n_init * sizeof *offsets);
        memcpy(values, o->init_values, o->n_init * sizeof *values);
        memcpy(types, o->init_types, o->n_init * sizeof *types);
    }
    offsets[o->n_init] = offset;
    values[o->n_init] = value;
    types[o->n_init] = t;
    o->init_offsets = offsets;
    o->init_values = values;
    o->init_types = types;
    o->n_init = n;
}

unsigned ordo_add_proc(ordo_program *p, const char *name)
{
    XGROW(p->procs, p->n_procs, p->cap_procs);
    p->procs[p->n_procs] = (ordo_proc){
        .name = ordo_arena_strdup(p->arena, name),
        .n_locs = 2,
        .init_loc = 0,
        .final_loc = 1,
    };
    return p->n_procs++;
}

unsigned ordo_add_loc(ordo_program *p, unsigned proc)
{
    return p->procs[proc].n_locs++;
}

void ordo_add_edge(ordo_program *p, unsigned proc, unsigned from, unsigned to,
                   const ordo_stmt *s)
{
    ordo_proc *f = &p->procs[proc];
    XGROW(f->edges, f->n_edges, f->cap_edges);
    f->edges[f->n_edges++] = (ordo_edge){ .from = from, .to = to, .stmt = s };
}

static ordo_expr *new_expr(ordo_program *p, ordo_expr_kind kind, ordo_type t)
{
    ordo_expr *e = ordo_arena_alloc(p->arena, sizeof *e);
    e->kind = kind;
    e->type = t;
    return e;
}

const ordo_expr *ordo_e_const(ordo_program *p, ordo_type t, int64_t value)
{
    ordo_expr *e = new_expr(p, ORDO_E_CONST, t);
    e->value = value;
    return e;
}

const ordo_expr *ordo_e_var(ordo_program *p, unsigned var)
{
    ordo_expr *e = new_expr(p, ORDO_E_VAR, p->vars[var].type);
    e->var = var;
    return e;
}

const ordo_expr *ordo_e_load(ordo_program *p, ordo_type t, const ordo_expr *addr)
{
    ordo_expr *e = new_expr(p, ORDO_E_LOAD, t);
    e->kid[0] = addr;
    return e;
}

const ordo_expr *ordo_e_unop(ordo_program *p, ordo_unop op, ordo_type t, const ordo_expr *a)
{
    ordo_expr *e = new_expr(p, ORDO_E_UNOP, t);
    e->op = op;
    e->kid[0] = a;
    return e;
}

const ordo_expr *ordo_e_binop(ordo_program *p, ordo_binop op, ordo_type t, const ordo_expr *a,
                              const ordo_expr *b)
{
    ordo_expr *e = new_expr(p, ORDO_E_BINOP, t);
    e->op = op;
    e->kid[0] = a;
    e->kid[1] = b;
    return e;
}

const ordo_expr *ordo_e_ite(ordo_program *p, const ordo_expr *c, const ordo_expr *a,
                            const ordo_expr *b)
{
    ordo_expr *e = new_expr(p, ORDO_E_ITE, a->type);
    e->kid[0] = c;
    e->kid[1] = a;
    e->kid[2] = b;
    return e;
}

const ordo_expr *ordo_e_cast(ordo_program *p, ordo_type t, const ordo_expr *a)
{
    ordo_expr *e = new_expr(p, ORDO_E_CAST, t);
    e->kid[0] = a;
    return e;
}

ordo_lvalue ordo_lv_var(const ordo_program *p, unsigned var)
{
    return (ordo_lvalue){ .is_mem = false, .var = var, .type = p->vars[var].type };
}

ordo_lvalue ordo_lv_mem(ordo_type t, const ordo_expr *addr)
{
    return (ordo_lvalue){ .is_mem = true, .addr = addr, .type = t };
}

ordo_stmt *ordo_s_new(ordo_program *p, ordo_stmt_kind kind)
{
    ordo_stmt *s = ordo_arena_alloc(p->arena, sizeof *s);
    s->kind = kind;
    return s;
}

static ordo_stmt *with_lhs(ordo_program *p, ordo_stmt_kind kind, const ordo_lvalue *lhs)
{
    ordo_stmt *s = ordo_s_new(p, kind);
    if (lhs) {
        s->has_lhs = true;
        s->lhs = *lhs;
    }
    return s;
}

ordo_stmt *ordo_s_assign(ordo_program *p, ordo_lvalue lhs, const ordo_expr *rhs)
{
    ordo_stmt *s = with_lhs(p, ORDO_S_ASSIGN, &lhs);
    s->rhs = rhs;
    return s;
}

ordo_stmt *ordo_s_havoc(ordo_program *p, ordo_lvalue lhs)
{
    return with_lhs(p, ORDO_S_HAVOC, &lhs);
}

ordo_stmt *ordo_s_assume(ordo_program *p, const ordo_expr *cond)
{
    ordo_stmt *s = ordo_s_new(p, ORDO_S_ASSUME);
    s->cond = cond;
    return s;
}

ordo_stmt *ordo_s_alloc(ordo_program *p, ordo_lvalue lhs, const ordo_expr *n_cells)
{
    ordo_stmt *s = with_lhs(p, ORDO_S_ALLOC, &lhs);
    s->size = n_cells;
    return s;
}

ordo_stmt *ordo_s_addr(ordo_program *p, ordo_stmt_kind kind, const ordo_expr *addr)
{
    ordo_stmt *s = ordo_s_new(p, kind);
    s->addr = addr;
    return s;
}

ordo_stmt *ordo_s_thread_start(ordo_program *p, const ordo_lvalue *lhs, unsigned proc,
                               const ordo_expr *arg)
{
    ordo_stmt *s = with_lhs(p, ORDO_S_THREAD_START, lhs);
    s->proc = proc;
    s->rhs = arg;
    return s;
}

ordo_stmt *ordo_s_thread_join(ordo_program *p, const ordo_expr *thread_id)
{
    ordo_stmt *s = ordo_s_new(p, ORDO_S_THREAD_JOIN);
    s->cond = thread_id;
    return s;
}

ordo_stmt *ordo_s_call(ordo_program *p, const ordo_lvalue *lhs, unsigned proc, unsigned n_args,
                       const ordo_expr *const *args)
{
    ordo_stmt *s = with_lhs(p, ORDO_S_CALL, lhs);
    s->proc = proc;
    s->n_args = n_args;
    const ordo_expr **copy = ordo_arena_alloc(p->arena, (n_args + 1) * sizeof *copy);
    for (unsigned i = 0; i < n_args; i++)
        copy[i] = args[i];
    s->args = copy;
    return s;
}

ordo_stmt *ordo_s_return(ordo_program *p, const ordo_expr *value)
{
    ordo_stmt *s = ordo_s_new(p, ORDO_S_RETURN);
    s->rhs = value;
    return s;
}

ordo_stmt *ordo_s_seq(ordo_program *p, unsigned n, const ordo_stmt *const *stmts)
{
    ordo_stmt *s = ordo_s_new(p, ORDO_S_SEQ);
    const ordo_stmt **copy = ordo_arena_alloc(p->arena, (n + 1) * sizeof *copy);
    for (unsigned i = 0; i < n; i++)
        copy[i] = stmts[i];
    s->n_stmts = n;
    s->stmts = copy;
    return s;
}
