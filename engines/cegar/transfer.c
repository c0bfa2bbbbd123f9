/* The transfer function (transfer.h) of the explicit-value domain. */
#include <stdlib.h>

#include <ordo/interp.h>
#include <ordo/xalloc.h>

#include "coi.h"
#include "learn.h"
#include "live.h"
#include "mem_objects.h"
#include "mutex_cells.h"
#include "pred.h"
#include "pool.h"
#include "pred_cache.h"
#include "pred_shape.h"
#include "transfer.h"

cg_model cg_model_new(const ordo_program *p, ordo_arith mode, unsigned maxenum)
{
    cg_model m = { .p = p, .mode = mode, .maxenum = maxenum };
    m.out = xcalloc(p->n_procs + 1, sizeof *m.out);
    for (unsigned i = 0; i < p->n_procs; i++)
        m.out[i] = ordo_edge_index_of(&p->procs[i], false);
    m.live = cg_live_new(p);
    m.escapes = cg_escaping_objects(p);
    m.pred_shapes = cg_pred_shapes_new();
    return m;
}

void cg_model_free(cg_model *m)
{
    for (unsigned i = 0; i < m->p->n_procs; i++)
        ordo_edge_index_free(&m->out[i]);
    free(m->out);
    free(m->escapes);
    cg_live_free(m->live);
    cg_pred_cache_free(m->pred_cache);
    cg_pred_shapes_free(m->pred_shapes);
}

static expl_view view(const cg_model *m, cg_state *s, unsigned thread)
{
    return (expl_view){ .p = m->p, .prec = m->prec, .mode = m->mode, .s = s, .thread = thread };
}

/* Thread t forgets the values of its locals in dead (live.h). */
static void forget_locals(const cg_model *m, cg_state *s, unsigned t, const unsigned *dead,
                          unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (m->prec->vars[dead[i]]) {
            expl_forget(s, cg_var_key(t, dead[i]));
            expl_copies_end(s, cg_var_key(t, dead[i]));
        }
}

/* The tracked locals of a thread starting proc get their initial values. */
static void init_locals(const cg_model *m, cg_state *s, unsigned t, unsigned proc)
{
    expl_view v = view(m, s, t);
    for (unsigned i = 0; i < m->p->n_vars; i++) {
        const ordo_var *var = &m->p->vars[i];
        if (var->is_thread_local || (!var->is_global && var->proc == (int)proc))
            expl_write_var(&v, i, true, var->init);
    }
    unsigned n;
    const unsigned *dead = cg_live_dead_at_start(m->live, proc, &n);
    forget_locals(m, s, t, dead, n);
}

static int64_t initial_cell(const cg_model *m, uint64_t addr)
{
    for (unsigned i = 0; i < m->p->n_objects; i++) {
        const ordo_object *o = &m->p->objects[i];
        if (addr < o->base || addr - o->base >= o->n_cells)
            continue;
        for (unsigned k = 0; k < o->n_init; k++)
            if (o->init_offsets[k] == addr - o->base)
                return ordo_value_convert(m->mode, o->init_types[k], o->init_values[k]);
    }
    return 0;
}

cg_state *cg_initial_state(cg_model *m)
{
    cg_state *s = xcalloc(1, sizeof *s);
    s->atomic_owner = -1;
    const ordo_proc *main = &m->p->procs[m->p->main_proc];
    cg_state_add_thread(s, m->p->main_proc, main->init_loc);
    expl_view v = view(m, s, 0);
    for (unsigned i = 0; i < m->p->n_vars; i++)
        if (m->p->vars[i].is_global)
            expl_write_var(&v, i, true, m->p->vars[i].init);
    init_locals(m, s, 0, m->p->main_proc);
    expl_set(s, CG_ALLOC_KEY, (int64_t)m->p->next_address);
    for (unsigned i = 0; i < m->prec->n_cells; i++)
        expl_write_cell(&v, m->prec->cells[i], true, initial_cell(m, m->prec->cells[i]));
    if (m->smt)
        cg_pred_initial(m, s);
    return s;
}

/* ---- statements ------------------------------------------------------------- */

typedef struct {
    cg_model *m;
    unsigned t;
    cg_action action;
    const ordo_stmt *stmt;   /* the edge's statement (DCOI: simplified) */
    const ordo_stmt **list;  /* its statements, SEQs flattened */
    unsigned n;
    cg_succs *out;
} step;

static void exec(step *c, cg_state *s, unsigned i);

static void unsupported(step *c, cg_state *s, const char *what)
{
    if (!c->m->unsupported)
        c->m->unsupported = what;
    cg_state_free(s);
}

/* The thread has taken the edge: its new location, and the end of the
 * thread at its procedure's final location. */
static void arrive(step *c, cg_state *s, bool error)
{
    const ordo_edge *e = &c->m->p->procs[s->threads[c->t].proc].edges[c->action.edge];
    cg_thread *th = &s->threads[c->t];
    unsigned n;
    const unsigned *dead = cg_live_dead_after(c->m->live, th->proc, c->action.edge, &n);
    forget_locals(c->m, s, c->t, dead, n);
    th->loc = e->to;
    if (e->to == c->m->p->procs[th->proc].final_loc)
        th->done = true;
    if (th->done && s->atomic_owner == (int)c->t) {
        s->atomic_owner = -1;
        s->atomic_depth = 0;
    }
    XGROW(c->out->v, c->out->n, c->out->cap);
    c->out->v[c->out->n++] = (cg_succ){ .action = c->action, .state = s, .error = error,
                                        .stmt = c->stmt };
}

static void next(step *c, cg_state *s, unsigned i)
{
    exec(c, s, i + 1);
}

static void write(step *c, cg_state *s, const ordo_lvalue *lv, bool known, int64_t value)
{
    expl_view v = view(c->m, s, c->t);
    if (!lv->is_mem) {
        expl_write_var(&v, lv->var, known, value);
        return;
    }
    int64_t addr;
    if (expl_eval(&v, lv->addr, &addr, NULL) != ORDO_EVAL_OK) {
        expl_forget_store(s, c->m->p, c->m->escapes, lv->addr);
        return;
    }
    expl_write_cell(&v, (uint64_t)addr, known, ordo_value_convert(c->m->mode, lv->type, value));
}

static unsigned long type_values(ordo_type t)
{
    return t.width >= 8 * sizeof(unsigned long) ? 0 : 1ul << t.width;
}

/* Does the precision keep the value written to lv? */
static bool tracked(step *c, cg_state *s, const ordo_lvalue *lv)
{
    if (!lv->is_mem)
        return c->m->prec->vars[lv->var];
    expl_view v = view(c->m, s, c->t);
    int64_t addr;
    return expl_eval(&v, lv->addr, &addr, NULL) == ORDO_EVAL_OK &&
           cg_prec_has_cell(c->m->prec, (uint64_t)addr);
}

/* A havoc: unknown, or one successor per value when the type has at most
 * maxenum of them and the precision keeps the value. */
static void exec_havoc(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    unsigned long n = type_values(st->lhs.type);
    if (c->m->maxenum <= 1 || n == 0 || n > c->m->maxenum || !tracked(c, s, &st->lhs)) {
        write(c, s, &st->lhs, false, 0);
        next(c, s, i);
        return;
    }
    for (unsigned long k = 0; k < n; k++) {
        cg_state *b = k + 1 < n ? cg_state_copy(s) : s;
        write(c, b, &st->lhs, true, ordo_value_wrap(st->lhs.type, (int64_t)k));
        next(c, b, i);
    }
}

static void exec_assume(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t b;
    ordo_eval_status r = expl_eval(&v, st->cond, &b, NULL);
    if (r == ORDO_EVAL_UNDEFINED || (r == ORDO_EVAL_OK && !b)) {
        cg_state_free(s);
        return;
    }
    if (r == ORDO_EVAL_UNKNOWN && !cg_learn(&v, c->list, i, st->cond)) {
        cg_state_free(s);
        return;
    }
    next(c, s, i);
}

static void exec_start(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t arg = 0;
    ordo_eval_status r = st->rhs ? expl_eval(&v, st->rhs, &arg, NULL) : ORDO_EVAL_OK;
    if (r == ORDO_EVAL_UNDEFINED) {
        cg_state_free(s);
        return;
    }
    const ordo_proc *f = &c->m->p->procs[st->proc];
    bool anon = c->m->pools && cg_pool_anonymous(c->m->pools, s, s->threads[c->t].proc,
                                                 c->action.edge, st->proc);
    unsigned id = cg_state_add_thread(s, st->proc, f->init_loc);
    s->threads[id].anon = anon;
    init_locals(c->m, s, id, st->proc);
    if (st->rhs && f->n_params > 0) {
        expl_view nv = view(c->m, s, id);
        expl_write_var(&nv, f->params[0], r == ORDO_EVAL_OK, arg);
    }
    if (st->has_lhs)
        write(c, s, &st->lhs, !anon, id);
    next(c, s, i);
}

static bool joinable(const cg_state *s, unsigned t, int64_t id)
{
    return id >= 0 && (uint64_t)id < s->n_threads && (unsigned)id != t && s->threads[id].done;
}

/* A join of a known thread, or of each ended thread the id may name
 * (thread pools: a known id that may name an anonymous thread, pool.h). */
static void exec_join(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t id;
    ordo_eval_status r = expl_eval(&v, st->cond, &id, NULL);
    if (r == ORDO_EVAL_OK && c->m->pools && cg_pool_may_be_anonymous(s, id))
        r = ORDO_EVAL_UNKNOWN;
    if (r == ORDO_EVAL_OK && joinable(s, c->t, id)) {
        next(c, s, i);
        return;
    }
    if (r == ORDO_EVAL_UNKNOWN) {
        for (unsigned k = 0; k < s->n_threads; k++)
            if (joinable(s, c->t, k)) {
                step b = *c;
                b.action.join = (int)k;
                next(&b, cg_state_copy(s), i);
            }
    }
    cg_state_free(s);
}

/* A lock or unlock of the cell at addr (not 0): a lock of a held mutex
 * blocks. */
static void mutex_at(step *c, cg_state *s, const ordo_stmt *st, unsigned i, uint64_t addr)
{
    if (st->kind == ORDO_S_LOCK && cg_state_mutex_owner(s, addr) >= 0) {
        cg_state_free(s);
        return;
    }
    if (st->kind == ORDO_S_LOCK)
        cg_state_take_mutex(s, addr, c->t);
    else
        cg_state_release_mutex(s, addr);
    expl_view v = view(c->m, s, c->t);
    expl_write_cell(&v, addr, true, st->kind == ORDO_S_LOCK);
    next(c, s, i);
}

/* How many locks and unlocks the edge's statements hold. */
static unsigned mutex_statements(const step *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->n; i++)
        n += c->list[i]->kind == ORDO_S_LOCK || c->list[i]->kind == ORDO_S_UNLOCK;
    return n;
}

/* The case split of a lock or unlock the refiner split (mutex_cells.h):
 * one successor per candidate cell (none for a candidate that is no
 * cell, where the interpreter's step is undefined), and the outside case,
 * a target the refiner checks (reached as an error is: nothing of the
 * edge follows). The choice is the action's: an edge of one mutex
 * operation only. */
static void exec_mutex_split(step *c, cg_state *s, const ordo_stmt *st, unsigned i,
                             const uint64_t *cells, unsigned n)
{
    if (mutex_statements(c) != 1) {
        unsupported(c, s, "an edge of two mutex operations, one of them at an address no "
                          "precision holds");
        return;
    }
    c->m->mutex_splits++;
    for (unsigned k = 0; k < n; k++) {
        if (cg_address_never_valid(c->m->p, cells[k]))
            continue; /* undefined: the interpreter blocks (DESIGN.md) */
        step b = *c;
        b.action.mutex = cells[k];
        mutex_at(&b, cg_state_copy(s), st, i, cells[k]);
    }
    step b = *c;
    b.action.mutex = CG_MUTEX_OUTSIDE;
    arrive(&b, s, true);
}

/* A lock or unlock: of the address the state knows, or split over its
 * candidates (mutex_cells.h), or, neither, the search stops there
 * (unknown_mutex). */
static void exec_mutex(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t addr;
    ordo_eval_status r = expl_eval(&v, st->addr, &addr, NULL);
    const uint64_t *cells;
    unsigned n;
    if (r == ORDO_EVAL_UNKNOWN &&
        cg_mutex_cells_of(c->m->mutex_cells, s->threads[c->t].proc, c->action.edge, &cells, &n)) {
        exec_mutex_split(c, s, st, i, cells, n);
        return;
    }
    if (r == ORDO_EVAL_UNKNOWN) {
        if (!c->m->unknown_mutex) {
            c->m->unknown_mutex = st;
            c->m->unknown_mutex_action = c->action;
        }
        cg_state_free(s);
        return;
    }
    if (r == ORDO_EVAL_UNDEFINED || addr == 0) {
        cg_state_free(s);
        return;
    }
    mutex_at(c, s, st, i, (uint64_t)addr);
}

static void exec_assign(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t value;
    ordo_eval_status r = expl_eval(&v, st->rhs, &value, NULL);
    if (r == ORDO_EVAL_UNDEFINED) {
        cg_state_free(s);
        return;
    }
    write(c, s, &st->lhs, r == ORDO_EVAL_OK, value);
    if (r == ORDO_EVAL_UNKNOWN)
        cg_learn_copy(&v, st);
    next(c, s, i);
}

/* malloc: the interpreter's next base (interp.h: ordo_alloc_base), known
 * while every size so far was known. */
static void exec_alloc(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t n, fresh;
    ordo_eval_status r = expl_eval(&v, st->size, &n, NULL);
    if (r == ORDO_EVAL_UNDEFINED || (r == ORDO_EVAL_OK && (uint64_t)n > ORDO_MAX_ALLOC_CELLS)) {
        cg_state_free(s);
        return;
    }
    bool known = expl_get(s, CG_ALLOC_KEY, &fresh);
    uint64_t base = (uint64_t)fresh, after = base;
    if (known && r == ORDO_EVAL_OK) {
        ordo_alloc_base(&after, (uint64_t)n);
        expl_set(s, CG_ALLOC_KEY, (int64_t)after);
    } else {
        expl_forget(s, CG_ALLOC_KEY);
    }
    write(c, s, &st->lhs, known, (int64_t)base);
    next(c, s, i);
}

static void exec_free(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    expl_view v = view(c->m, s, c->t);
    int64_t addr;
    if (expl_eval(&v, st->addr, &addr, NULL) == ORDO_EVAL_UNDEFINED) {
        cg_state_free(s);
        return;
    }
    next(c, s, i);
}

static void exec_atomic(step *c, cg_state *s, const ordo_stmt *st, unsigned i)
{
    if (st->kind == ORDO_S_ATOMIC_BEGIN) {
        s->atomic_owner = (int)c->t;
        s->atomic_depth++;
    } else if (s->atomic_depth > 0 && --s->atomic_depth == 0) {
        s->atomic_owner = -1;
    }
    next(c, s, i);
}

static void exec(step *c, cg_state *s, unsigned i)
{
    if (i == c->n) {
        arrive(c, s, false);
        return;
    }
    const ordo_stmt *st = c->list[i];
    switch (st->kind) {
    case ORDO_S_SKIP:
    case ORDO_S_RETURN: /* after inlining: the end of a thread (arrive) */
        next(c, s, i);
        return;
    case ORDO_S_ASSIGN:       exec_assign(c, s, st, i); return;
    case ORDO_S_HAVOC:        exec_havoc(c, s, st, i); return;
    case ORDO_S_ASSUME:       exec_assume(c, s, st, i); return;
    case ORDO_S_THREAD_START: exec_start(c, s, st, i); return;
    case ORDO_S_THREAD_JOIN:  exec_join(c, s, st, i); return;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:       exec_mutex(c, s, st, i); return;
    case ORDO_S_ATOMIC_BEGIN:
    case ORDO_S_ATOMIC_END:   exec_atomic(c, s, st, i); return;
    case ORDO_S_ERROR:
        arrive(c, s, true);
        return;
    case ORDO_S_EXIT: /* the program ends: nothing follows */
        cg_state_free(s);
        return;
    case ORDO_S_THREAD_EXIT:
        s->threads[c->t].done = true;
        next(c, s, i);
        return;
    case ORDO_S_ALLOC:        exec_alloc(c, s, st, i); return;
    case ORDO_S_FREE:         exec_free(c, s, st, i); return;
    default:
        unsupported(c, s, "a call that was not inlined");
        return;
    }
}

void cg_flatten(const ordo_stmt *st, const ordo_stmt ***list, unsigned *n, unsigned *cap)
{
    if (st->kind != ORDO_S_SEQ) {
        XGROW(*list, *n, *cap);
        (*list)[(*n)++] = st;
        return;
    }
    for (unsigned i = 0; i < st->n_stmts; i++)
        cg_flatten(st->stmts[i], list, n, cap);
}

static void take_edge(cg_model *m, const cg_state *s, unsigned t, unsigned edge, cg_succs *out)
{
    const ordo_stmt *st = m->p->procs[s->threads[t].proc].edges[edge].stmt;
    if (m->coi)
        st = cg_coi_stmt(m->coi, s, t, edge);
    step c = { .m = m, .t = t, .action = { t, edge, -1 }, .stmt = st, .out = out };
    unsigned cap = 0;
    cg_flatten(st, &c.list, &c.n, &cap);
    exec(&c, cg_state_copy(s), 0);
    free(c.list);
}

static void take_edges(cg_model *m, const cg_state *s, unsigned t, cg_succs *out)
{
    const cg_thread *th = &s->threads[t];
    if (th->done || (s->atomic_owner >= 0 && s->atomic_owner != (int)t))
        return;
    const ordo_edge_index *x = &m->out[th->proc];
    for (unsigned i = x->start[th->loc]; i < x->start[th->loc + 1]; i++)
        take_edge(m, s, t, x->edge[i], out);
}

void cg_successors(cg_model *m, const cg_state *s, cg_succs *out)
{
    if (m->pools) {
        cg_pool_successors(m, s, out);
        return;
    }
    unsigned from = out->n;
    for (unsigned t = 0; t < s->n_threads; t++)
        take_edges(m, s, t, out);
    if (m->smt)
        cg_pred_post(m, s, out, from);
}

void cg_thread_successors(cg_model *m, const cg_state *s, unsigned t, cg_succs *out)
{
    unsigned from = out->n;
    take_edges(m, s, t, out);
    if (m->smt)
        cg_pred_post(m, s, out, from);
}

void cg_succs_clear(cg_succs *out)
{
    for (unsigned i = 0; i < out->n; i++)
        cg_state_free(out->v[i].state);
    out->n = 0;
}
