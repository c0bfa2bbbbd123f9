/* The path formula of an abstract counterexample (path.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/interp.h>
#include <ordo/xalloc.h>

#include "cell_values.h"
#include "mem_objects.h"
#include "mutex_cells.h"
#include "path.h"
#include "pool.h"

unsigned cg_var_owner(const ordo_program *p, unsigned var)
{
    return p->vars[var].is_thread_local ? p->n_procs : (unsigned)p->vars[var].proc;
}

bool cg_bind(const ordo_program *p, const ordo_expr *e, unsigned t, cg_binding *b)
{
    if (!e)
        return true;
    if (e->kind == ORDO_E_VAR && !p->vars[e->var].is_global) {
        unsigned o = cg_var_owner(p, e->var), i = 0;
        while (i < b->n && b->owner[i] != o)
            i++;
        if (i == b->n) {
            if (b->n == 2)
                return false;
            b->owner[b->n] = o;
            b->thread[b->n++] = t;
        }
    }
    return cg_bind(p, e->kid[0], t, b) && cg_bind(p, e->kid[1], t, b) && cg_bind(p, e->kid[2], t, b);
}

/* The thread whose copy of local var is read or written now. */
static unsigned thread_of(const cg_path *pf, unsigned var)
{
    const cg_binding *b = pf->binding;
    for (unsigned i = 0; b && i < b->n; i++)
        if (b->owner[i] == cg_var_owner(pf->m->p, var))
            return b->thread[i];
    return pf->cur;
}

static ordo_term *slot(cg_path *pf, unsigned var)
{
    return pf->m->p->vars[var].is_global ? &pf->globals[var]
                                         : &pf->locals[thread_of(pf, var)][var];
}

static bool starts_unknown(const cg_path *pf, unsigned var)
{
    const ordo_var *v = &pf->m->p->vars[var];
    return v->is_global ? pf->symbolic : thread_of(pf, var) < pf->n_symbolic;
}

/* The types of the memory array's addresses and values (ir_smt.h). */
static const ordo_type cell_index_type = { .kind = ORDO_TY_INT, .width = 64, .is_signed = false };
static const ordo_type cell_value_type = { .kind = ORDO_TY_INT, .width = 64, .is_signed = true };

/* The term of the constant v of type t. */
static ordo_term constant(const cg_path *pf, ordo_type t, int64_t v)
{
    return ordo_ir_term(&pf->arith, t, ordo_ir_const(&pf->arith, t, v));
}

/* A term of type `from` converted to type `to` (C's conversion). */
static ordo_term convert(const cg_path *pf, ordo_term v, ordo_type from, ordo_type to)
{
    return ordo_ir_term(&pf->arith, to, ordo_ir_cast(&pf->arith, to, ordo_ir_sym(v), from));
}

/* A term of type t as the Bool "t != 0". */
static ordo_term truth(const cg_path *pf, ordo_term v, ordo_type t)
{
    return ordo_ir_truth(&pf->arith, t, ordo_ir_sym(v));
}

/* Int arithmetic: "x lies in the range of type t" (NULL where every
 * value does: bit-vectors, _Bool). */
static ordo_term type_range(const cg_path *pf, ordo_term x, ordo_type t)
{
    if (pf->arith.bv || t.kind == ORDO_TY_BOOL)
        return NULL;
    return ordo_ir_in_range(&pf->arith, t, x);
}

/* An unknown starting value of type t: in Int arithmetic, its range is
 * conjoined to pf->ranges (cg_path_take_ranges). */
static ordo_term unknown_value(cg_path *pf, ordo_type t)
{
    ordo_term x = ordo_smt_var(pf->smt, NULL, ordo_ir_sort(&pf->arith, t));
    ordo_term range = type_range(pf, x, t);
    if (range)
        pf->ranges = pf->ranges ? ordo_smt_app2(pf->smt, ORDO_OP_AND, pf->ranges, range) : range;
    return x;
}

static ordo_term current(cg_path *pf, unsigned var)
{
    ordo_term *t = slot(pf, var);
    const ordo_var *v = &pf->m->p->vars[var];
    if (!*t)
        *t = starts_unknown(pf, var) ? unknown_value(pf, v->type) : constant(pf, v->type, v->init);
    return *t;
}

/* The leaves of the translation: a variable's current term, a load's
 * select from the current memory. */
static ordo_ir_val var_leaf(void *ud, const ordo_expr *e)
{
    return ordo_ir_sym(current(ud, e->var));
}

/* Int: "lo <= x <= hi" conjoined to pf->ranges, when the bounds are
 * 64-bit numbers (else x is left free: the formula over-approximates). */
static void add_range(cg_path *pf, ordo_term x, __int128 lo, __int128 hi)
{
    if (lo < INT64_MIN || hi > INT64_MAX)
        return;
    ordo_smt *s = pf->smt;
    ordo_term r = ordo_smt_app2(s, ORDO_OP_AND,
                                ordo_smt_app2(s, ORDO_OP_LE, ordo_smt_int(s, (int64_t)lo), x),
                                ordo_smt_app2(s, ORDO_OP_LE, x, ordo_smt_int(s, (int64_t)hi)));
    pf->ranges = pf->ranges ? ordo_smt_app2(s, ORDO_OP_AND, pf->ranges, r) : r;
}

/* Int: a load e at an integer type narrower than 64 bits reads cell
 * knowing the values its cells may hold (cell_values.h): kept where they
 * all fit e's type, else converted as C does. Where memory starts
 * unknown, the cell holds one of those values. */
static ordo_ir_val int_load(cg_path *pf, const ordo_expr *e, ordo_term cell)
{
    __int128 lo, hi;
    cg_cell_values_at(pf->m->cell_values, e->kid[0], &lo, &hi);
    if (pf->symbolic)
        add_range(pf, cell, lo, hi);
    return ordo_ir_int_fit(&pf->arith, e->type, ordo_ir_sym(cell), lo, hi);
}

static ordo_ir_val load_leaf(void *ud, const ordo_expr *e, ordo_ir_val addr)
{
    cg_path *pf = ud;
    ordo_type at = e->kid[0]->type;
    ordo_term index = ordo_ir_cell_index(&pf->arith, at, ordo_ir_term(&pf->arith, at, addr));
    ordo_term cell = ordo_smt_app2(pf->smt, ORDO_OP_SELECT, pf->mem, index);
    if (!pf->arith.bv && pf->m->cell_values && e->type.kind == ORDO_TY_INT && e->type.width < 64)
        return int_load(pf, e, cell);
    return ordo_ir_sym(ordo_ir_from_cell(&pf->arith, e->type, cell));
}

/* The term of e; with defined, conjoins to it that e's operations are
 * defined (NULL stands for true). */
static ordo_term translate(cg_path *pf, const ordo_expr *e, ordo_term *defined)
{
    ordo_ir_smt a = pf->arith;
    a.defined = defined;
    ordo_ir_leaves leaves = { .var = var_leaf, .load = load_leaf, .ud = pf };
    return ordo_ir_term(&a, e->type, ordo_ir_expr(&a, e, &leaves));
}

static void new_thread(cg_path *pf)
{
    pf->locals = xrealloc(pf->locals, (pf->n_threads + 1) * sizeof *pf->locals);
    pf->locals[pf->n_threads++] = xcalloc(pf->m->p->n_vars + 1, sizeof(ordo_term));
}

static ordo_term initial_memory(cg_path *pf)
{
    const ordo_ir_smt *a = &pf->arith;
    ordo_type cell = cell_value_type;
    ordo_term mem = ordo_smt_const_array(pf->smt, ordo_ir_sort(a, cell_index_type),
                                         constant(pf, cell, 0));
    for (unsigned i = 0; i < pf->m->p->n_objects; i++) {
        const ordo_object *o = &pf->m->p->objects[i];
        for (unsigned k = 0; k < o->n_init; k++) {
            ordo_term args[3] = { mem, constant(pf, cell, (int64_t)(o->base + o->init_offsets[k])),
                                  ordo_ir_to_cell(a, o->init_types[k],
                                                  constant(pf, o->init_types[k], o->init_values[k])) };
            mem = ordo_smt_app(pf->smt, ORDO_OP_STORE, 3, args);
        }
    }
    return mem;
}

/* ---- places of a statement (what a refinement may track) ------------------ */

typedef struct {
    cg_path *pf;
    cg_label *l;
    expl_view v;   /* the abstract state before the statement: known addresses */
} places;

static void add_var(places *pl, unsigned var)
{
    cg_label *l = pl->l;
    l->vars = xrealloc(l->vars, (l->n_vars + 1) * sizeof *l->vars);
    l->vars[l->n_vars++] = var;
}

static void add_cell_at(places *pl, const ordo_expr *addr)
{
    int64_t a;
    if (expl_eval(&pl->v, addr, &a, NULL) != ORDO_EVAL_OK || a <= 0)
        return;
    cg_label *l = pl->l;
    l->cells = xrealloc(l->cells, (l->n_cells + 1) * sizeof *l->cells);
    l->cells[l->n_cells++] = (uint64_t)a;
}

static void expr_places(places *pl, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        add_var(pl, e->var);
    if (e->kind == ORDO_E_LOAD)
        add_cell_at(pl, e->kid[0]);
    for (int i = 0; i < 3; i++)
        expr_places(pl, e->kid[i]);
}

static void stmt_places(places *pl, const ordo_stmt *st)
{
    if (st->has_lhs) {
        if (st->lhs.is_mem) {
            add_cell_at(pl, st->lhs.addr);
            expr_places(pl, st->lhs.addr);
        } else {
            add_var(pl, st->lhs.var);
        }
    }
    expr_places(pl, st->rhs);
    expr_places(pl, st->cond);
    expr_places(pl, st->addr);
    expr_places(pl, st->size);
    if (st->kind == ORDO_S_THREAD_START && st->rhs) {
        const ordo_proc *f = &pl->pf->m->p->procs[st->proc];
        if (f->n_params > 0)
            add_var(pl, f->params[0]);
    }
}

/* ---- statements ------------------------------------------------------------ */

typedef struct {
    cg_path *pf;
    const cg_action *a;
    cg_state *before;   /* the abstract state before the statement (within_edge) */
    ordo_term f;        /* the statement's constraint (NULL: true) */
    int64_t joined;     /* THREAD_JOIN: the thread joined */
    uint64_t mutex;     /* a split LOCK or UNLOCK: the action's choice */
} stmt_ctx;

static void require(stmt_ctx *c, ordo_term t)
{
    if (!t)
        return;
    c->f = c->f ? ordo_smt_app2(c->pf->smt, ORDO_OP_AND, c->f, t) : t;
}

static ordo_term expr(stmt_ctx *c, const ordo_expr *e)
{
    ordo_term defined = NULL;
    ordo_term t = translate(c->pf, e, &defined);
    require(c, defined);
    return t;
}

static ordo_term fresh(cg_path *pf, ordo_sort sort)
{
    ordo_term x = ordo_smt_var(pf->smt, NULL, sort);
    if (pf->unasserted) {
        XGROW(pf->fresh, pf->n_fresh, pf->cap_fresh);
        pf->fresh[pf->n_fresh++] = x;
    }
    return x;
}

/* lv := v (v of type lv->type). */
static void assign(stmt_ctx *c, const ordo_lvalue *lv, ordo_term v)
{
    cg_path *pf = c->pf;
    const ordo_ir_smt *a = &pf->arith;
    if (!lv->is_mem) {
        ordo_term x = fresh(pf, ordo_ir_sort(a, lv->type));
        *slot(pf, lv->var) = x;
        require(c, ordo_smt_app2(pf->smt, ORDO_OP_EQ, x, v));
        return;
    }
    const ordo_object *ob = pf->unread ? cg_object_of(pf->m->p, lv->addr) : NULL;
    if (ob && pf->unread[ob - pf->m->p->objects])
        return;
    ordo_term addr = expr(c, lv->addr);
    ordo_term args[3] = { pf->mem, ordo_ir_cell_index(a, lv->addr->type, addr),
                          ordo_ir_to_cell(a, lv->type, v) };
    ordo_term mem = fresh(pf, ordo_ir_mem_sort(a));
    require(c, ordo_smt_app2(pf->smt, ORDO_OP_EQ, mem, ordo_smt_app(pf->smt, ORDO_OP_STORE, 3, args)));
    pf->mem = mem;
}

/* An unasserted encoding's fresh constant equal to the initial value v
 * (listed in inits): every place the path reads is then a constant of
 * its cut points, as the abstraction, which knows no initial values
 * beyond its precision, sees it. */
static ordo_term initial_fresh(cg_path *pf, ordo_sort sort, ordo_term v)
{
    ordo_term x = fresh(pf, sort);
    XGROW(pf->inits, pf->n_inits, pf->cap_inits);
    pf->inits[pf->n_inits++] = ordo_smt_app2(pf->smt, ORDO_OP_EQ, x, v);
    return x;
}

/* The locals of thread t running proc, and its thread-locals. */
static void initial_locals(cg_path *pf, unsigned t, unsigned proc)
{
    const ordo_program *p = pf->m->p;
    for (unsigned v = 0; v < p->n_vars; v++) {
        const ordo_var *var = &p->vars[v];
        if (!var->is_global && (var->is_thread_local || var->proc == (int)proc))
            pf->locals[t][v] = initial_fresh(pf, ordo_ir_sort(&pf->arith, var->type),
                                             constant(pf, var->type, var->init));
    }
}

static void add_havoc(cg_path *pf, ordo_term term, ordo_type type)
{
    XGROW(pf->havocs, pf->n_havocs, pf->cap_havocs);
    pf->havocs[pf->n_havocs++] = (cg_havoc){ pf->cur, term, type };
}

/* A havoc's value lies in its type's range (Int arithmetic only: a
 * bit-vector has no other values). */
static void havoc(stmt_ctx *c, const ordo_stmt *st)
{
    ordo_term x = fresh(c->pf, ordo_ir_sort(&c->pf->arith, st->lhs.type));
    add_havoc(c->pf, x, st->lhs.type);
    require(c, type_range(c->pf, x, st->lhs.type));
    assign(c, &st->lhs, x);
}

/* The value of an expression the abstract state before the statement knew
 * (a mutex address, a joined thread's id). */
static bool known(stmt_ctx *c, const ordo_expr *e, int64_t *v)
{
    expl_view view = { .p = c->pf->m->p, .prec = c->pf->m->prec, .mode = c->pf->m->mode,
                       .s = c->before, .thread = c->a->thread };
    return expl_eval(&view, e, v, NULL) == ORDO_EVAL_OK;
}

static void equals(stmt_ctx *c, const ordo_expr *e, int64_t v)
{
    require(c, ordo_smt_app2(c->pf->smt, ORDO_OP_EQ, expr(c, e), constant(c->pf, e->type, v)));
}

/* PRED's transfer (cg_path_begin_at) with thread pools: the id of an
 * anonymous thread is no value the state knows (pool.h). */
static bool anonymous_start(const stmt_ctx *c, const ordo_stmt *st)
{
    const cg_path *pf = c->pf;
    return pf->symbolic && pf->m->pools &&
           cg_pool_anonymous(pf->m->pools, c->before, c->before->threads[c->a->thread].proc,
                             c->a->edge, st->proc);
}

/* PRED's transfer with thread pools: a join of an anonymous entry says
 * nothing of the id, which is no entry index (pool.h). */
static bool anonymous_join(const stmt_ctx *c)
{
    return c->pf->symbolic && c->pf->m->pools && c->a->join >= 0 &&
           c->before->threads[c->a->join].anon;
}

static void start(stmt_ctx *c, const ordo_stmt *st)
{
    cg_path *pf = c->pf;
    ordo_term arg = st->rhs ? expr(c, st->rhs) : NULL;
    unsigned id = pf->n_threads, parent = pf->cur;
    new_thread(pf);
    if (pf->unasserted)
        initial_locals(pf, id, st->proc);
    const ordo_proc *f = &pf->m->p->procs[st->proc];
    if (arg && f->n_params > 0) {
        unsigned param = f->params[0];
        pf->cur = id;
        ordo_lvalue lv = { .var = param, .type = pf->m->p->vars[param].type };
        assign(c, &lv, convert(pf, arg, st->rhs->type, lv.type));
        pf->cur = parent;
    }
    if (st->has_lhs && anonymous_start(c, st))
        assign(c, &st->lhs, fresh(pf, ordo_ir_sort(&pf->arith, st->lhs.type)));
    else if (st->has_lhs)
        assign(c, &st->lhs, constant(pf, st->lhs.type, id));
}

/* "x != v", x a term of type t. */
static ordo_term differs(const cg_path *pf, ordo_term x, ordo_type t, uint64_t v)
{
    return ordo_smt_app1(pf->smt, ORDO_OP_NOT,
                         ordo_smt_app2(pf->smt, ORDO_OP_EQ, x, constant(pf, t, (int64_t)v)));
}

/* The outside case of a split lock or unlock (mutex_cells.h): the
 * address is neither 0 nor a candidate (pf keeps a copy of them). */
static void mutex_outside(stmt_ctx *c, const ordo_stmt *st)
{
    cg_path *pf = c->pf;
    const cg_state *s = c->before;
    const uint64_t *cells;
    unsigned n;
    if (!cg_mutex_cells_of(pf->m->mutex_cells, s->threads[c->a->thread].proc, c->a->edge,
                           &cells, &n)) {
        pf->error = "a mutex case split the model does not know";
        return;
    }
    pf->outside_cells = xmalloc((n + 1) * sizeof *pf->outside_cells);
    for (unsigned k = 0; k < n; k++)
        pf->outside_cells[k] = cells[k];
    pf->n_outside_cells = n;
    pf->outside_addr = expr(c, st->addr);
    pf->outside_type = st->addr->type;
    require(c, differs(pf, pf->outside_addr, pf->outside_type, 0));
    for (unsigned k = 0; k < n; k++)
        require(c, differs(pf, pf->outside_addr, pf->outside_type, cells[k]));
}

/* A lock or unlock of the address the state knew, or of the cell a split
 * chose (mutex_cells.h): the address equals it, and the cell holds
 * whether the mutex is taken. */
static void mutex(stmt_ctx *c, const ordo_stmt *st)
{
    c->mutex = c->a->mutex;
    if (c->mutex == CG_MUTEX_OUTSIDE) {
        mutex_outside(c, st);
        return;
    }
    int64_t addr = (int64_t)c->mutex;
    if (c->mutex == CG_MUTEX_UNSPLIT && !known(c, st->addr, &addr)) {
        c->pf->error = "a mutex address the abstract state did not know";
        c->pf->unknown_mutex = true;
        c->f = ordo_smt_bool(c->pf->smt, true); /* labelled for its places */
        return;
    }
    equals(c, st->addr, addr);
    ordo_lvalue cell = { .is_mem = true, .addr = st->addr,
                         .type = { .kind = ORDO_TY_INT, .width = 32, .is_signed = true } };
    assign(c, &cell, constant(c->pf, cell.type, st->kind == ORDO_S_LOCK));
}


/* n cells from the next fresh address on, as the interpreter allocates
 * them (ordo_alloc_base: at least one cell, 16-cell aligned). */
static void alloc(stmt_ctx *c, const ordo_stmt *st)
{
    cg_path *pf = c->pf;
    ordo_smt *s = pf->smt;
    bool bv = pf->arith.bv;
    ordo_type u64 = cell_index_type;
    ordo_term n = convert(pf, expr(c, st->size), st->size->type, u64);
    require(c, ordo_smt_app2(s, bv ? ORDO_OP_BVULE : ORDO_OP_LE, n,
                             constant(pf, u64, (int64_t)ORDO_MAX_ALLOC_CELLS)));
    ordo_term zero = constant(pf, u64, 0), one = constant(pf, u64, 1);
    ordo_term span = ordo_smt_ite(s, ordo_smt_app2(s, ORDO_OP_EQ, n, zero), one, n);
    ordo_term up = ordo_smt_app2(s, bv ? ORDO_OP_BVADD : ORDO_OP_ADD, span, constant(pf, u64, 15));
    ordo_term rounded = bv ? ordo_smt_app2(s, ORDO_OP_BVAND, up, constant(pf, u64, ~INT64_C(15)))
                           : ordo_smt_app2(s, ORDO_OP_SUB, up,
                                           ordo_smt_app2(s, ORDO_OP_IMOD, up, constant(pf, u64, 16)));
    ordo_term base = pf->next_alloc;
    pf->next_alloc = fresh(pf, ordo_ir_sort(&pf->arith, u64));
    require(c, ordo_smt_app2(s, ORDO_OP_EQ, pf->next_alloc,
                             ordo_smt_app2(s, bv ? ORDO_OP_BVADD : ORDO_OP_ADD, base, rounded)));
    assign(c, &st->lhs, convert(pf, base, u64, st->lhs.type));
}

static void join(stmt_ctx *c, const ordo_stmt *st)
{
    int64_t id = c->a->join;
    if (id < 0 && !known(c, st->cond, &id)) {
        c->pf->error = "a join whose thread the abstract path does not name";
        return;
    }
    c->joined = id;
    if (!anonymous_join(c))
        equals(c, st->cond, id);
}

static void encode_stmt(stmt_ctx *c, const ordo_stmt *st)
{
    switch (st->kind) {
    case ORDO_S_ASSIGN:
        if (st->rhs)
            assign(c, &st->lhs, convert(c->pf, expr(c, st->rhs), st->rhs->type, st->lhs.type));
        return;
    case ORDO_S_HAVOC:        havoc(c, st); return;
    case ORDO_S_ASSUME:       require(c, truth(c->pf, expr(c, st->cond), st->cond->type)); return;
    case ORDO_S_THREAD_START: start(c, st); return;
    case ORDO_S_THREAD_JOIN:  join(c, st); return;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:       mutex(c, st); return;
    case ORDO_S_ALLOC:        alloc(c, st); return;
    default:                  return; /* control and synchronisation only */
    }
}

static void label(cg_path *pf, stmt_ctx *c, const ordo_stmt *st)
{
    if (!c->f)
        return;
    XGROW(pf->labels, pf->n_labels, pf->cap_labels);
    cg_label *l = &pf->labels[pf->n_labels++];
    *l = (cg_label){ .label = ordo_smt_var(pf->smt, NULL, ordo_smt_bool_sort(pf->smt)),
                     .constraint = c->f, .stmt = st, .thread = c->a->thread, .join = c->joined,
                     .mutex = c->mutex };
    places pl = { .pf = pf, .l = l,
                  .v = { .p = pf->m->p, .prec = pf->m->prec, .mode = pf->m->mode,
                         .s = c->before, .thread = c->a->thread } };
    stmt_places(&pl, st);
    if (pf->keep_states)
        l->state = cg_state_copy(c->before);
    if (!pf->unasserted)
        ordo_smt_assert(pf->smt, ordo_smt_app2(pf->smt, ORDO_OP_IMPLIES, l->label, c->f));
}

/* A havoc SCOI made SKIP still takes a value in the program as written. */
static bool dropped_havoc(const ordo_stmt *analysed, const ordo_stmt *shown)
{
    return shown && shown->kind == ORDO_S_HAVOC && analysed->kind != ORDO_S_HAVOC;
}

/* The abstract state within an edge, after its statement st, as the
 * transfer evaluated the places it keeps (transfer.c; a value it learnt
 * from an assumption is left unknown): a cell at an address an earlier
 * statement of the edge computed is named in it. */
static void within_edge(const cg_path *pf, cg_state *s, unsigned thread, const ordo_stmt *st)
{
    if (!st->has_lhs)
        return;
    expl_view v = { .p = pf->m->p, .prec = pf->m->prec, .mode = pf->m->mode, .s = s,
                    .thread = thread };
    int64_t value = 0, addr;
    bool known = st->kind == ORDO_S_ASSIGN && st->rhs &&
                 expl_eval(&v, st->rhs, &value, NULL) == ORDO_EVAL_OK;
    if (!st->lhs.is_mem)
        expl_write_var(&v, st->lhs.var, known, value);
    else if (expl_eval(&v, st->lhs.addr, &addr, NULL) == ORDO_EVAL_OK)
        expl_write_cell(&v, (uint64_t)addr, known,
                        ordo_value_convert(v.mode, st->lhs.type, value));
    else
        expl_forget_store(s, pf->m->p, pf->m->escapes, st->lhs.addr);
}

void cg_path_edge(cg_path *pf, const cg_action *a, const cg_state *before)
{
    unsigned proc = before->threads[a->thread].proc;
    cg_path_stmt(pf, a, before, pf->m->p->procs[proc].edges[a->edge].stmt);
}

void cg_path_stmt(cg_path *pf, const cg_action *a, const cg_state *before, const ordo_stmt *st)
{
    unsigned proc = before->threads[a->thread].proc;
    const ordo_stmt *sh = pf->shown->procs[proc].edges[a->edge].stmt;
    const ordo_stmt **list = NULL, **shown = NULL;
    unsigned n = 0, cap = 0, n_shown = 0, cap_shown = 0;
    cg_flatten(st, &list, &n, &cap);
    cg_flatten(sh, &shown, &n_shown, &cap_shown);
    pf->cur = a->thread;
    cg_state *now = cg_state_copy(before);
    /* the outside case of a split mutex ends the edge (transfer.c) */
    for (unsigned i = 0; i < n && !pf->error && !pf->outside_addr; i++) {
        stmt_ctx c = { .pf = pf, .a = a, .before = now };
        if (n == n_shown && dropped_havoc(list[i], shown[i]))
            add_havoc(pf, NULL, shown[i]->lhs.type);
        encode_stmt(&c, list[i]);
        label(pf, &c, list[i]);
        within_edge(pf, now, a->thread, list[i]);
    }
    cg_state_free(now);
    free(list);
    free(shown);
}

static void begin(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown)
{
    *pf = (cg_path){ .smt = smt, .m = m, .shown = shown };
    pf->arith = (ordo_ir_smt){ .s = smt, .bv = !m->smt_int };
    pf->globals = xcalloc(m->p->n_vars + 1, sizeof *pf->globals);
}

void cg_path_begin_at(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown,
                      const cg_state *s)
{
    begin(pf, smt, m, shown);
    pf->symbolic = true;
    pf->n_symbolic = s->n_threads;
    for (unsigned t = 0; t < s->n_threads; t++)
        new_thread(pf);
    pf->mem = fresh(pf, ordo_ir_mem_sort(&pf->arith));
    pf->next_alloc = fresh(pf, ordo_ir_sort(&pf->arith, cell_index_type));
}

ordo_term cg_path_take_ranges(cg_path *pf)
{
    ordo_term r = pf->ranges;
    pf->ranges = NULL;
    return r;
}

ordo_term cg_path_truth(cg_path *pf, const cg_binding *b, const ordo_expr *e)
{
    pf->binding = b;
    ordo_term v = translate(pf, e, NULL);
    pf->binding = NULL;
    return truth(pf, v, e->type);
}

ordo_term cg_path_place(cg_path *pf, uint64_t key, int64_t value)
{
    ordo_type u64 = cell_index_type;
    if (key == CG_ALLOC_KEY)
        return ordo_smt_app2(pf->smt, ORDO_OP_EQ, pf->next_alloc, constant(pf, u64, value));
    if (key < CG_CELL_LIMIT) { /* a cell holds its value as a signed 64-bit number */
        ordo_term cell = ordo_smt_app2(pf->smt, ORDO_OP_SELECT, pf->mem, constant(pf, u64, (int64_t)key));
        return ordo_smt_app2(pf->smt, ORDO_OP_EQ, cell, constant(pf, cell_value_type, value));
    }
    if ((key & CG_COPY_BIT) && key != CG_ALLOC_KEY)
        return NULL; /* a copy fact (learn.h): not a place */
    unsigned var = (unsigned)(key & 0xffffffffu), cur = pf->cur;
    pf->cur = (unsigned)(key >> 32 & 0x7fffffffu);
    ordo_term x = current(pf, var);
    pf->cur = cur;
    return ordo_smt_app2(pf->smt, ORDO_OP_EQ, x, constant(pf, pf->m->p->vars[var].type, value));
}

static void begin_initial(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown)
{
    begin(pf, smt, m, shown);
    new_thread(pf);
    pf->mem = initial_memory(pf);
    pf->next_alloc = constant(pf, cell_index_type, (int64_t)m->p->next_address);
}

void cg_path_begin_unasserted(cg_path *pf, ordo_smt *smt, const cg_model *m,
                              const ordo_program *shown)
{
    begin_initial(pf, smt, m, shown);
    pf->unasserted = true;
    const ordo_program *p = m->p;
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global)
            pf->globals[v] = initial_fresh(pf, ordo_ir_sort(&pf->arith, p->vars[v].type),
                                           constant(pf, p->vars[v].type, p->vars[v].init));
    initial_locals(pf, 0, p->main_proc);
    pf->mem = initial_fresh(pf, ordo_ir_mem_sort(&pf->arith), pf->mem);
    pf->next_alloc = initial_fresh(pf, ordo_ir_sort(&pf->arith, cell_index_type), pf->next_alloc);
}

/* The objects the path never reads, which no pointer reaches (cg_path:
 * unread): a pthread_t t[10000] that a thread-creation loop's path never
 * joins, havocked cell by cell at its declaration, made a chain of 10000
 * stores that the solver walked for every load at a computed address. */
static void find_unread(cg_path *pf, const cg_action *actions, const cg_state *const *before,
                        unsigned n)
{
    const ordo_program *p = pf->m->p;
    bool *pointed = cg_pointed_objects(p);
    bool *loaded = xcalloc(p->n_objects + 1, sizeof *loaded);
    for (unsigned i = 0; i < n; i++) {
        unsigned proc = before[i]->threads[actions[i].thread].proc;
        cg_objects_loaded(p, p->procs[proc].edges[actions[i].edge].stmt, pointed, loaded);
    }
    pf->unread = xcalloc(p->n_objects + 1, sizeof *pf->unread);
    for (unsigned o = 0; o < p->n_objects; o++)
        pf->unread[o] = !loaded[o] && !pointed[o];
    free(loaded);
    free(pointed);
}

void cg_path_clone(cg_path *pf, unsigned from)
{
    new_thread(pf);
    unsigned t = pf->n_threads - 1;
    memcpy(pf->locals[t], pf->locals[from], pf->m->p->n_vars * sizeof *pf->locals[t]);
}

void cg_path_encode(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown,
                    const cg_action *actions, const cg_state *const *before, unsigned n)
{
    cg_path_encode_cloned(pf, smt, m, shown, actions, before, n, NULL);
}

void cg_path_encode_cloned(cg_path *pf, ordo_smt *smt, const cg_model *m,
                           const ordo_program *shown, const cg_action *actions,
                           const cg_state *const *before, unsigned n, const int *clone_of)
{
    begin_initial(pf, smt, m, shown);
    pf->keep_states = true;
    find_unread(pf, actions, before, n);
    for (unsigned i = 0; i < n && !pf->error; i++) {
        if (clone_of && clone_of[i] >= 0)
            cg_path_clone(pf, (unsigned)clone_of[i]);
        cg_path_edge(pf, &actions[i], before[i]);
    }
}

ordo_smt_result cg_path_check(cg_path *pf)
{
    return cg_path_check_without(pf, NULL, pf->n_labels, NULL);
}

ordo_smt_result cg_path_check_without(cg_path *pf, const unsigned *of, unsigned n,
                                      const bool *without)
{
    ordo_term *kept = xmalloc((n + 1) * sizeof *kept);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (!without || !without[i])
            kept[k++] = pf->labels[of ? of[i] : i].label;
    ordo_smt_result r = ordo_smt_check_assuming(pf->smt, k, kept);
    free(kept);
    return r;
}

unsigned cg_path_core(cg_path *pf, unsigned **out)
{
    ordo_term *core = xmalloc((pf->n_labels + 1) * sizeof *core);
    unsigned n = ordo_smt_unsat_core(pf->smt, core, pf->n_labels);
    *out = xmalloc((n + 1) * sizeof **out);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < pf->n_labels; j++)
            if (pf->labels[j].label == core[i]) {
                (*out)[k++] = j;
                break;
            }
    free(core);
    return k;
}

void cg_path_free(cg_path *pf)
{
    for (unsigned i = 0; i < pf->n_threads; i++)
        free(pf->locals[i]);
    free(pf->locals);
    free(pf->globals);
    for (unsigned i = 0; i < pf->n_labels; i++) {
        free(pf->labels[i].vars);
        free(pf->labels[i].cells);
        if (pf->labels[i].state)
            cg_state_free(pf->labels[i].state);
    }
    free(pf->labels);
    free(pf->unread);
    free(pf->outside_cells);
    free(pf->havocs);
    free(pf->fresh);
    free(pf->inits);
    *pf = (cg_path){ 0 };
}
