/* Loop unrolling for the bounded engines (passes.h: ordo_pass_unroll). */
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

#include "interp_internal.h"
#include "loop_spin.h"

enum { MAX_UNROLLED_EDGES = 4000000, MAX_INIT_CHAIN = 10000 };

/* Adjacency of one procedure's current edges. */
typedef struct {
    unsigned n_locs;
    ordo_edge_index out, in;    /* edges leaving / entering each location */
} graph;

static void graph_build(graph *g, const ordo_proc *f)
{
    g->n_locs = f->n_locs;
    g->out = ordo_edge_index_of(f, false);
    g->in = ordo_edge_index_of(f, true);
}

static void graph_free(graph *g)
{
    ordo_edge_index_free(&g->out);
    ordo_edge_index_free(&g->in);
}

/* Drops edges leaving unreachable locations. */
static void prune(ordo_proc *f)
{
    graph g;
    graph_build(&g, f);
    bool *live = ordo_reachable_locations(f, &g.out, &f->init_loc, 1);
    unsigned n = 0;
    for (unsigned e = 0; e < f->n_edges; e++)
        if (live[f->edges[e].from])
            f->edges[n++] = f->edges[e];
    f->n_edges = n;
    free(live);
    graph_free(&g);
}

/* An edge to a location on the depth-first search stack (its target is a
 * loop head), or -1 when the procedure has no cycle. */
static long find_back_edge(const ordo_proc *f, const graph *g)
{
    unsigned char *state = xcalloc(f->n_locs + 1, 1); /* 0 new, 1 on stack, 2 done */
    unsigned *loc = xcalloc(f->n_locs + 1, sizeof *loc), *next = xcalloc(f->n_locs + 1, sizeof *next);
    long found = -1;
    unsigned n = 0;
    loc[n] = f->init_loc;
    next[n++] = g->out.start[f->init_loc];
    state[f->init_loc] = 1;
    while (n && found < 0) {
        unsigned l = loc[n - 1];
        if (next[n - 1] == g->out.start[l + 1]) {
            state[l] = 2;
            n--;
            continue;
        }
        unsigned e = g->out.edge[next[n - 1]++];
        unsigned to = f->edges[e].to;
        if (state[to] == 1)
            found = e;
        else if (state[to] == 0) {
            state[to] = 1;
            loc[n] = to;
            next[n++] = g->out.start[to];
        }
    }
    free(state);
    free(loc);
    free(next);
    return found;
}

/* The natural loop of head h with latch x: locations that reach x without
 * passing through h, and h. */
static bool *natural_loop(const ordo_proc *f, const graph *g, unsigned h, unsigned x)
{
    bool *in = xcalloc(f->n_locs + 1, sizeof *in);
    unsigned *work = xcalloc(f->n_locs + 1, sizeof *work), n = 0;
    in[h] = true;
    if (!in[x]) {
        in[x] = true;
        work[n++] = x;
    }
    while (n) {
        unsigned l = work[--n];
        for (unsigned i = g->in.start[l]; i < g->in.start[l + 1]; i++) {
            unsigned from = f->edges[g->in.edge[i]].from;
            if (!in[from]) {
                in[from] = true;
                work[n++] = from;
            }
        }
    }
    free(work);
    return in;
}

/* ---- static trip counts ------------------------------------------------- */

static bool writes_var(const ordo_stmt *s, unsigned v)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (writes_var(s->stmts[i], v))
                return true;
        return false;
    }
    return s->has_lhs && !s->lhs.is_mem && s->lhs.var == v;
}

typedef struct {
    unsigned var;
    int op;            /* comparison, counter on the left */
    int64_t bound;
    int64_t step;
    int64_t init;
} counted_loop;

static int flipped(int op)
{
    switch (op) {
    case ORDO_B_LT: return ORDO_B_GT;
    case ORDO_B_LE: return ORDO_B_GE;
    case ORDO_B_GT: return ORDO_B_LT;
    case ORDO_B_GE: return ORDO_B_LE;
    default:        return op;
    }
}

/* cond is `i OP c` or `c OP i` for a local integer variable i. */
static bool counter_condition(const ordo_program *p, const ordo_expr *c, counted_loop *out)
{
    if (c->kind != ORDO_E_BINOP || c->op < ORDO_B_NE || c->op > ORDO_B_GE)
        return false;
    const ordo_expr *a = c->kid[0], *b = c->kid[1];
    int op = c->op;
    if (a->kind == ORDO_E_CONST && b->kind == ORDO_E_VAR) {
        const ordo_expr *t = a;
        a = b;
        b = t;
        op = flipped(op);
    }
    if (a->kind != ORDO_E_VAR || b->kind != ORDO_E_CONST || p->vars[a->var].proc < 0 ||
        p->vars[a->var].type.kind != ORDO_TY_INT) /* a procedure's local (calls cannot change it) */
        return false;
    out->var = a->var;
    out->op = op;
    out->bound = interp_wrap(p->vars[a->var].type, b->value);
    return b->value == out->bound;
}

/* The variable read by edge `e`'s source through a copy `t := i` on the
 * only edge entering it (the front end lowers i++ as t := i; i := t + 1). */
static bool copy_of(const ordo_proc *f, const graph *g, unsigned e, unsigned t, unsigned i)
{
    unsigned at = f->edges[e].from;
    if (g->in.start[at + 1] - g->in.start[at] != 1)
        return false;
    const ordo_stmt *c = f->edges[g->in.edge[g->in.start[at]]].stmt;
    return c->kind == ORDO_S_ASSIGN && !c->lhs.is_mem && c->lhs.var == t &&
           c->rhs->kind == ORDO_E_VAR && c->rhs->var == i;
}

/* Edge w is `i := i + c`, `i := c + i` or `i := i - c` (c != 0), where
 * the i on the right may be a copy made just before. */
static bool counter_step(const ordo_proc *f, const graph *g, unsigned w, unsigned v, int64_t *step)
{
    const ordo_stmt *s = f->edges[w].stmt;
    if (s->kind != ORDO_S_ASSIGN || s->lhs.is_mem || s->lhs.var != v)
        return false;
    const ordo_expr *e = s->rhs;
    if (e->kind != ORDO_E_BINOP || (e->op != ORDO_B_ADD && e->op != ORDO_B_SUB))
        return false;
    const ordo_expr *a = e->kid[0], *b = e->kid[1];
    if (e->op == ORDO_B_ADD && a->kind == ORDO_E_CONST) {
        const ordo_expr *t = a;
        a = b;
        b = t;
    }
    if (a->kind != ORDO_E_VAR || (a->var != v && !copy_of(f, g, w, a->var, v)) ||
        b->kind != ORDO_E_CONST || b->value == 0 || b->value < -(INT64_C(1) << 40) ||
        b->value > (INT64_C(1) << 40))
        return false;
    *step = e->op == ORDO_B_ADD ? b->value : -b->value;
    return true;
}

/* Every path from h back to h inside the loop passes through edge w. */
static bool on_every_iteration(const ordo_proc *f, const graph *g, const bool *loop, unsigned h,
                               unsigned w)
{
    bool *seen = xcalloc(f->n_locs + 1, sizeof *seen);
    unsigned *work = xcalloc(f->n_locs + 1, sizeof *work), n = 0;
    bool ok = true;
    seen[h] = true;
    work[n++] = h;
    while (n && ok) {
        unsigned l = work[--n];
        for (unsigned i = g->out.start[l]; i < g->out.start[l + 1] && ok; i++) {
            unsigned e = g->out.edge[i], to = f->edges[e].to;
            if (e == w || !loop[to])
                continue;
            if (to == h)
                ok = false;
            else if (!seen[to]) {
                seen[to] = true;
                work[n++] = to;
            }
        }
    }
    free(seen);
    free(work);
    return ok;
}

/* Can edge w run twice in one iteration (a cycle through it avoiding h)? */
static bool in_inner_cycle(const ordo_proc *f, const graph *g, const bool *loop, unsigned h,
                           unsigned w)
{
    unsigned start = f->edges[w].to, goal = f->edges[w].from;
    if (start == h)
        return false;
    bool *seen = xcalloc(f->n_locs + 1, sizeof *seen);
    unsigned *work = xcalloc(f->n_locs + 1, sizeof *work), n = 0;
    bool found = start == goal;
    seen[start] = true;
    work[n++] = start;
    while (n && !found) {
        unsigned l = work[--n];
        for (unsigned i = g->out.start[l]; i < g->out.start[l + 1]; i++) {
            unsigned to = f->edges[g->out.edge[i]].to;
            if (to == h || !loop[to] || seen[to])
                continue;
            found |= to == goal;
            seen[to] = true;
            work[n++] = to;
        }
    }
    free(seen);
    free(work);
    return found;
}

/* The constant the counter holds on entry: the straight-line code before
 * the loop's single entry edge sets it. */
static bool counter_init(const ordo_proc *f, const graph *g, const bool *loop, unsigned h,
                         counted_loop *c)
{
    long entry = -1;
    for (unsigned i = g->in.start[h]; i < g->in.start[h + 1]; i++)
        if (!loop[f->edges[g->in.edge[i]].from]) {
            if (entry >= 0)
                return false;
            entry = g->in.edge[i];
        }
    for (unsigned n = 0; entry >= 0 && n < MAX_INIT_CHAIN; n++) {
        const ordo_edge *e = &f->edges[entry];
        if (writes_var(e->stmt, c->var)) {
            const ordo_stmt *s = e->stmt;
            if (s->kind != ORDO_S_ASSIGN || s->rhs->kind != ORDO_E_CONST)
                return false;
            c->init = s->rhs->value;
            return true;
        }
        unsigned l = e->from;
        if (loop[l] || g->in.start[l + 1] - g->in.start[l] != 1)
            return false;
        entry = g->in.edge[g->in.start[l]];
    }
    return false;
}

static bool holds(int op, int64_t a, int64_t b)
{
    switch (op) {
    case ORDO_B_NE: return a != b;
    case ORDO_B_LT: return a < b;
    case ORDO_B_LE: return a <= b;
    case ORDO_B_GT: return a > b;
    default:        return a >= b;
    }
}

/* Iterations of a counted loop (exact, the counter never leaving its
 * type's range), or -1. */
static long trip_count(const ordo_program *p, const counted_loop *c, unsigned max)
{
    ordo_type t = p->vars[c->var].type;
    int64_t v = c->init;
    if (interp_wrap(t, v) != v)
        return -1;
    for (long n = 0; n <= (long)max; n++) {
        if (!holds(c->op, v, c->bound))
            return n;
        v += c->step; /* |v|, |step| < 2^63 / 2: cannot overflow */
        if (interp_wrap(t, v) != v)
            return -1;
    }
    return -1;
}

/* The static trip count of the loop (h, loop), or -1 if not counted. */
static long static_trip_count(const ordo_program *p, const ordo_proc *f, const graph *g,
                              const bool *loop, unsigned h, unsigned max)
{
    counted_loop c = { 0 };
    const ordo_expr *cond = NULL;
    for (unsigned i = g->out.start[h]; i < g->out.start[h + 1]; i++) {
        const ordo_edge *e = &f->edges[g->out.edge[i]];
        if (!loop[e->to])
            continue;
        if (cond || e->stmt->kind != ORDO_S_ASSUME)
            return -1;
        cond = e->stmt->cond;
    }
    if (!cond || !counter_condition(p, cond, &c))
        return -1;
    long writer = -1;
    for (unsigned e = 0; e < f->n_edges; e++)
        if (loop[f->edges[e].from] && loop[f->edges[e].to] && writes_var(f->edges[e].stmt, c.var)) {
            if (writer >= 0)
                return -1;
            writer = e;
        }
    if (writer < 0 || !counter_step(f, g, (unsigned)writer, c.var, &c.step) ||
        !on_every_iteration(f, g, loop, h, (unsigned)writer) ||
        in_inner_cycle(f, g, loop, h, (unsigned)writer) || !counter_init(f, g, loop, h, &c))
        return -1;
    return trip_count(p, &c, max);
}

/* ---- lazy thread creation ------------------------------------------------- */

/* A statement of a lazily created iteration: a thread start or a local
 * assignment, reading no shared state; a start's left-hand side may be a
 * cell at an address that reads none (its write is the start's). */
static bool lazy_allowed(const ordo_program *p, const ordo_stmt *s, unsigned *starts)
{
    switch (s->kind) {
    case ORDO_S_SKIP:
        return true;
    case ORDO_S_ASSIGN:
        return !ordo_lvalue_is_shared(p, &s->lhs) && !ordo_expr_is_shared(p, s->rhs);
    case ORDO_S_THREAD_START:
        ++*starts;
        return !ordo_expr_is_shared(p, s->rhs) &&
               (!s->has_lhs || (s->lhs.is_mem ? !ordo_expr_is_shared(p, s->lhs.addr)
                                              : !ordo_lvalue_is_shared(p, &s->lhs)));
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (!lazy_allowed(p, s->stmts[i], starts))
                return false;
        return true;
    default:
        return false;
    }
}

/* The lazy creation of the iterations after the k-th of the counted loop
 * (h, loop) that runs `trips` times (ir.h: lazy_repeat), or NULL when an
 * iteration is not one straight line from h back to h (h's edge into the
 * loop, then each location's only edge) of thread starts and local
 * assignments. The last iterations of a thread-creation loop need no
 * events: threads that never run before the error (issue 32). */
static const ordo_stmt *lazy_creation(ordo_program *p, const ordo_proc *f, const graph *g,
                                      const bool *loop, unsigned h, unsigned k, long trips)
{
    const ordo_stmt **path = xcalloc(f->n_locs + 1, sizeof *path);
    const ordo_stmt *start = NULL;
    unsigned n = 0, starts = 0, l = h;
    bool ok = true;
    do {
        long next = -1;
        for (unsigned i = g->out.start[l]; i < g->out.start[l + 1]; i++) {
            const ordo_edge *e = &f->edges[g->out.edge[i]];
            if (loop[e->to])
                next = g->out.edge[i];
            else
                ok &= l == h; /* only the head leaves the loop */
        }
        ok &= next >= 0 && n < f->n_locs && (l == h || g->out.start[l + 1] - g->out.start[l] == 1);
        if (!ok)
            break;
        const ordo_stmt *st = f->edges[next].stmt;
        unsigned before = starts;
        ok = (l == h && st->kind == ORDO_S_ASSUME) || (l != h && lazy_allowed(p, st, &starts));
        start = starts > before && !start ? st : start;
        path[n++] = st;
        l = f->edges[next].to;
    } while (ok && l != h);
    ordo_stmt *lazy = NULL;
    if (ok && starts > 0) {
        lazy = ordo_s_seq(p, n, path);
        lazy->lazy_repeat = (unsigned)(trips - k);
        lazy->file = start->file;
        lazy->line = start->line;
    }
    free(path);
    return lazy;
}

/* ---- unrolling ------------------------------------------------------------ */

typedef struct {
    ordo_program *p;
    unsigned proc;
    unsigned k, max_static;
    char *err;
} unroller;

static ordo_stmt *unwinding_copy(ordo_program *p, const ordo_stmt *s)
{
    ordo_stmt *x = ordo_arena_alloc(p->arena, sizeof *x);
    *x = *s;
    x->unwinding = true;
    return x;
}

/* An edge showing that h does not dominate the loop (a second entry, or
 * a loop location h cannot reach: goto into the body), or -1. */
static long foreign_entry(const ordo_proc *f, const graph *g, const bool *loop, unsigned h)
{
    bool *from_h = ordo_reachable_locations(f, &g->out, &h, 1);
    long bad = -1;
    for (unsigned e = 0; e < f->n_edges && bad < 0; e++) {
        unsigned to = f->edges[e].to;
        if (loop[to] && ((to != h && !loop[f->edges[e].from]) || !from_h[to]))
            bad = e;
    }
    free(from_h);
    return bad;
}

/* Replaces the loop (h, loop) by m copies of its body; the (m+1)-th entry
 * is dropped (complete: the condition is false there), becomes an
 * unwinding edge to a dead end, or the lazy creation of the remaining
 * iterations, after which the loop's exits follow. */
static void unroll_loop(unroller *u, const bool *loop, unsigned h, unsigned m, bool complete,
                        const ordo_stmt *lazy)
{
    ordo_program *p = u->p;
    ordo_proc *f = &p->procs[u->proc];
    unsigned n_locs = f->n_locs, n_edges = f->n_edges;
    ordo_edge *old = f->edges;
    /* copy[i * n_locs + l]: location l in iteration i (0-based); i = m is
     * the head after the last iteration */
    unsigned *copy = xcalloc((size_t)(m + 1) * n_locs + 1, sizeof *copy);
    for (unsigned l = 0; l < n_locs; l++)
        copy[l] = l;
    for (unsigned i = 1; i <= m; i++)
        for (unsigned l = 0; l < n_locs; l++)
            if (loop[l] && (i < m || l == h))
                copy[(size_t)i * n_locs + l] = ordo_add_loc(p, u->proc);
    /* the unwinding edge's dead end, or where the lazy creations lead */
    unsigned beyond = complete ? 0 : ordo_add_loc(p, u->proc);
    f->edges = NULL;
    f->n_edges = f->cap_edges = 0;
    for (unsigned e = 0; e < n_edges; e++) {
        const ordo_edge *x = &old[e];
        if (!loop[x->from]) {
            ordo_add_edge(p, u->proc, x->from, x->to, x->stmt);
            continue;
        }
        for (unsigned i = 0; i < m; i++) {
            size_t base = (size_t)i * n_locs;
            unsigned to = x->to == h ? copy[base + n_locs + h] : loop[x->to] ? copy[base + x->to] : x->to;
            ordo_add_edge(p, u->proc, copy[base + x->from], to, x->stmt);
        }
        if (x->from != h)
            continue;
        unsigned last = copy[(size_t)m * n_locs + h];
        if (!loop[x->to]) {
            ordo_add_edge(p, u->proc, last, x->to, x->stmt);
            if (lazy)
                ordo_add_edge(p, u->proc, beyond, x->to, x->stmt);
        } else if (lazy) {
            ordo_add_edge(p, u->proc, last, beyond, lazy);
        } else if (!complete) {
            ordo_add_edge(p, u->proc, last, beyond, unwinding_copy(p, x->stmt));
        }
    }
    free(old);
    free(copy);
}

static int unroll_proc(unroller *u)
{
    ordo_proc *f = &u->p->procs[u->proc];
    for (;;) {
        prune(f);
        graph g;
        graph_build(&g, f);
        long back = find_back_edge(f, &g);
        if (back < 0) {
            graph_free(&g);
            return 0;
        }
        unsigned h = f->edges[back].to;
        bool *loop = natural_loop(f, &g, h, f->edges[back].from);
        long bad = foreign_entry(f, &g, loop, h);
        bool spins = bad < 0 && loop_spins(u->p, f, &g.out, loop, h);
        unsigned max_trips = u->max_static > ORDO_LAZY_TRIP_LIMIT ? u->max_static : ORDO_LAZY_TRIP_LIMIT;
        long trips = !spins && bad < 0 && u->max_static ? static_trip_count(u->p, f, &g, loop, h, max_trips) : -1;
        const ordo_stmt *lazy = NULL;
        if (trips > (long)u->max_static) { /* a thread-creation loop, or cut at k */
            if (trips > (long)u->k)
                lazy = lazy_creation(u->p, f, &g, loop, h, u->k, trips);
            if (!lazy)
                trips = -1;
        }
        graph_free(&g);
        if (bad >= 0 || f->n_edges > MAX_UNROLLED_EDGES) {
            const ordo_stmt *s = f->edges[bad >= 0 ? bad : back].stmt;
            u->err = xasprintf("unsupported: %s (%s:%u)",
                               bad >= 0 ? "irreducible loop (goto into a loop)" : "unrolling makes the program too large",
                               s->file ? s->file : "?", s->line);
            free(loop);
            return ORDO_FRONTEND_UNSUPPORTED;
        }
        if (spins) /* one iteration, complete (loop_spin.h) */
            unroll_loop(u, loop, h, 1, true, NULL);
        else if (lazy)
            unroll_loop(u, loop, h, u->k, false, lazy);
        else
            unroll_loop(u, loop, h, trips >= 0 ? (unsigned)trips : u->k, trips >= 0, NULL);
        free(loop);
    }
}

int ordo_pass_unroll(ordo_program *p, unsigned k, unsigned max_static, char **err)
{
    unroller u = { .p = p, .k = k, .max_static = max_static };
    for (unsigned f = 0; f < p->n_procs; f++) {
        u.proc = f;
        int r = unroll_proc(&u);
        if (r) {
            *err = u.err;
            return r;
        }
    }
    return 0;
}

bool ordo_program_has_unwinding(const ordo_program *p)
{
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            if (p->procs[f].edges[e].stmt->unwinding || p->procs[f].edges[e].stmt->lazy_repeat)
                return true;
    return false;
}

ordo_program *ordo_prepare_bounded(const ordo_program *p, unsigned k, unsigned max_static,
                                   bool *complete, char **err)
{
    ordo_program *q = ordo_program_clone(p);
    if (ordo_pass_inline(q, k, err) || ordo_pass_unroll(q, k, max_static, err)) {
        ordo_program_free(q);
        return NULL;
    }
    ordo_pass_merge_atomic_ends(q); /* oc: one end event per atomic section */
    *complete = !ordo_program_has_unwinding(q);
    return q;
}
