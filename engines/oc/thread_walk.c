/* The walk of a thread instance's CFA (walk.h): locations in topological
 * order, the paths merged at each location (guard, SSA values), and the
 * entry point oc_build_events. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "walk.h"

typedef struct {
    size_t n, cap;
    oc_path_state *in;
} incoming;

/* The condition that decides whether an edge is enabled: its ASSUME (the
 * first statement of a SEQ), else none. */
static const ordo_expr *edge_condition(const ordo_stmt *st)
{
    if (st->kind == ORDO_S_SEQ && st->n_stmts > 0)
        st = st->stmts[0];
    return st->kind == ORDO_S_ASSUME ? st->cond : NULL;
}

/* The statements after the deciding condition. */
static void exec_edge_rest(oc_walker *w, const ordo_stmt *st)
{
    if (st->kind == ORDO_S_ASSUME)
        return;
    if (st->lazy_repeat) {
        oc_exec_lazy_creations(w, st);
        return;
    }
    if (st->kind == ORDO_S_SEQ) {
        unsigned first = edge_condition(st) ? 1 : 0;
        for (unsigned i = first; i < st->n_stmts; i++)
            oc_exec_step(w, st->stmts[i]);
        return;
    }
    oc_exec_step(w, st);
}

/* Whether every path reaching location l ends there at once: a dead end
 * (not the final location), or a location whose every edge ends the
 * program (exit, abort(), main's return, or an error), which a path takes
 * without any event but the liveness location's. */
static bool ends_at_once(const ordo_proc *pr, const ordo_edge_index *out, unsigned l)
{
    if (l == pr->final_loc)
        return false;
    for (unsigned j = out->start[l]; j < out->start[l + 1]; j++) {
        ordo_stmt_kind k = pr->edges[out->edge[j]].stmt->kind;
        if (k != ORDO_S_EXIT && k != ORDO_S_ERROR)
            return false;
    }
    return true;
}

static unsigned count_reads(const ordo_program *p, const ordo_expr *e)
{
    if (!e)
        return 0;
    unsigned n = e->kind == ORDO_E_LOAD || (e->kind == ORDO_E_VAR && p->vars[e->var].is_global);
    for (int i = 0; i < 3; i++)
        n += count_reads(p, e->kid[i]);
    return n;
}

static oc_path_state copy_state(const oc_path_state *s, size_t n_vars)
{
    oc_path_state c = *s;
    c.locals = xmalloc((n_vars + 1) * sizeof *c.locals);
    memcpy(c.locals, s->locals, n_vars * sizeof *c.locals);
    return c;
}

/* Merges paths reaching a location (in one atomic section): guard =
 * their disjunction, each differing local an ite over the (exclusive)
 * path guards. */
static void merge(oc_encoding *enc, const ordo_program *p, incoming *in, oc_path_state *out)
{
    ordo_smt *s = enc->ar.s;
    if (in->n == 1) {
        *out = in->in[0];
        return;
    }
    *out = in->in[0];
    bool any_true = false;
    ordo_term disj = ordo_smt_bool(s, false);
    for (size_t i = 0; i < in->n; i++) {
        any_true |= in->in[i].g.kind == OC_G_TRUE;
        disj = ordo_smt_app2(s, ORDO_OP_OR, disj, oc_guard_term(enc, in->in[i].g));
    }
    out->g = any_true ? OC_TRUE_GUARD : oc_guard_var(enc, disj);
    for (unsigned v = 0; v < p->n_vars; v++) {
        if (p->vars[v].is_global)
            continue;
        ordo_ir_val val = in->in[in->n - 1].locals[v];
        for (size_t i = in->n - 1; i-- > 0;)
            val = ordo_ir_ite(&enc->ar, p->vars[v].type, oc_guard_term(enc, in->in[i].g),
                         in->in[i].locals[v], val);
        out->locals[v] = val;
    }
    for (size_t i = 1; i < in->n; i++)
        free(in->in[i].locals);
}

/* Frees the states of the paths from the first-th on (merge consumed
 * the others). */
static void free_paths(incoming *in, size_t first)
{
    for (size_t i = first; i < in->n; i++)
        free(in->in[i].locals);
}

/* Orders paths by their atomic section. */
static int by_section(const void *a, const void *b)
{
    const oc_path_state *x = a, *y = b;
    if (x->block != y->block)
        return x->block < y->block ? -1 : 1;
    return (x->depth > y->depth) - (x->depth < y->depth);
}

/* The out-edges of one location under first-enabled-edge semantics
 * (interp.h): edge i is taken when its condition holds and no earlier
 * one's does. Conditions reading shared state more than once are read in
 * one atomic step, as the interpreter decides a branch at once. */
static void leave_location(oc_walker *w, const ordo_proc *pr, const ordo_edge_index *out,
                           unsigned loc, incoming *ins)
{
    oc_encoding *enc = w->enc;
    size_t n_vars = w->p->n_vars;
    const unsigned *edge = out->edge + out->start[loc];
    unsigned n_out = out->start[loc + 1] - out->start[loc], reads = 0;
    for (unsigned j = 0; j < n_out; j++)
        reads += count_reads(w->p, edge_condition(pr->edges[edge[j]].stmt));
    if (!n_out)
        return;
    bool block = reads > 0 && w->st.depth == 0;
    const ordo_stmt *first_stmt = NULL;
    ordo_ir_val *conds = xmalloc((n_out + 1) * sizeof *conds);
    unsigned k = 0;
    oc_start_step(w);
    for (unsigned j = 0; j < n_out; j++) {
        const ordo_stmt *st = pr->edges[edge[j]].stmt;
        const ordo_expr *c = edge_condition(st);
        if (block && !first_stmt)
            oc_atomic_begin(w, st);
        first_stmt = first_stmt ? first_stmt : st;
        conds[k++] = c ? oc_eval(w, c, st) : ordo_ir_const(&enc->ar, ordo_ty_bool(), 1);
        if (c && !conds[k - 1].is_const)
            conds[k - 1] = ordo_ir_sym(ordo_ir_truth(&enc->ar, c->type, conds[k - 1]));
    }
    if (block) { /* the step happens when some edge is enabled */
        oc_path_state before = w->st;
        ordo_term any = ordo_smt_bool(enc->ar.s, false);
        for (unsigned i = 0; i < k; i++)
            any = ordo_smt_app2(enc->ar.s, ORDO_OP_OR, any,
                                ordo_ir_term(&enc->ar, ordo_ty_bool(), conds[i]));
        w->st.g = oc_guard_and(enc, w->st.g, ordo_ir_sym(any));
        oc_atomic_end(w, first_stmt);
        before.block = w->st.block;
        before.depth = w->st.depth;
        w->st = before;
    }
    w->need_anchor = false;
    oc_path_state at = w->st;
    if (n_out > 1) /* each edge's statements run on a path of their own */
        enc->main_one_path = false;
    ordo_term none_before = NULL; /* ¬c_0 ∧ ... ∧ ¬c_{i-1} */
    bool earlier_true = false;
    k = 0;
    for (unsigned j = 0; j < n_out && !enc->unsupported; j++) {
        unsigned i = edge[j];
        ordo_ir_val c = conds[k++];
        if (earlier_true)
            break;
        oc_path_state ps = copy_state(&at, n_vars);
        ps.g = oc_guard_and(enc, at.g, c);
        if (none_before)
            ps.g = oc_guard_and(enc, ps.g, ordo_ir_sym(none_before));
        if (c.is_const && c.c)
            earlier_true = true;
        else if (!c.is_const) {
            ordo_term not_c = ordo_smt_app1(enc->ar.s, ORDO_OP_NOT, c.t);
            none_before = none_before ? ordo_smt_app2(enc->ar.s, ORDO_OP_AND, none_before, not_c)
                                      : not_c;
        }
        if (ps.g.kind == OC_G_FALSE) {
            free(ps.locals);
            continue;
        }
        w->st = ps;
        oc_guard reaching = ps.g;
        exec_edge_rest(w, pr->edges[i].stmt);
        if (pr->edges[i].stmt->unwinding && w->st.g.kind != OC_G_FALSE) {
            /* Reaching the edge needs one more iteration than the bound:
             * the guard before its statement (which the real loop would
             * execute), not after the dead end it leads to. */
            enc->unwinding = true;
            enc->cut = oc_guard_or(enc, enc->cut, reaching);
        }
        incoming *to = &ins[pr->edges[i].to];
        if (w->st.g.kind == OC_G_FALSE) {
            free(w->st.locals);
            continue;
        }
        XGROW(to->in, to->n, to->cap);
        to->in[to->n++] = w->st;
        if (!ends_at_once(pr, out, pr->edges[i].to))
            w->pending++;
    }
    free(conds);
    w->st = at;
}

/* Walks one thread instance of procedure `proc` (thesis: threads created
 * in loops get one instance per unrolled creation). */
bool oc_walk_thread(oc_encoding *enc, unsigned proc, ordo_ir_val arg, unsigned create_event,
                    oc_guard g)
{
    const ordo_program *p = enc->p;
    const ordo_proc *pr = &p->procs[proc];
    unsigned instance = (unsigned)enc->n_threads;
    if (instance == 1)
        oc_freeze_main_values(enc);
    XGROW(enc->threads, enc->n_threads, enc->cap_threads);
    enc->threads[enc->n_threads++] = (oc_thread){ proc, create_event, 0,
                                                  { OC_G_FALSE, NULL, 0 }, false };
    unsigned *order = xmalloc((pr->n_locs + 1) * sizeof *order);
    ordo_edge_index out = ordo_edge_index_of(pr, false);
    if (!ordo_topological_locations(pr, &out, order)) {
        free(order);
        ordo_edge_index_free(&out);
        oc_unsupported(enc, NULL, "loop left in %s after unrolling", pr->name);
        return false;
    }
    oc_walker w = {.enc = enc,
                .p = p,
                .step_event = UINT_MAX,
                .last_step = UINT_MAX,
                .instance = instance,
                .ethread = ++enc->n_walked, /* lazy threads have no events */
                .last = create_event,
                .pending = 1, /* the path at the initial location */
                .exited = {OC_G_FALSE, NULL, 0}};
    incoming *ins = xcalloc(pr->n_locs + 1, sizeof *ins);
    oc_path_state start = { g, xcalloc(p->n_vars + 1, sizeof *start.locals), -1, 0 };
    for (unsigned v = 0; v < p->n_vars; v++) /* thread-locals: the thread's own copy */
        start.locals[v] = ordo_ir_const(&enc->ar, p->vars[v].type,
                                   p->vars[v].is_thread_local ? p->vars[v].init : 0);
    if (pr->n_params > 0)
        start.locals[pr->params[0]] = arg;
    ins[pr->init_loc].in = xmalloc(sizeof *ins[pr->init_loc].in);
    ins[pr->init_loc].in[0] = start;
    ins[pr->init_loc].n = ins[pr->init_loc].cap = 1;
    oc_guard terminated = { OC_G_FALSE, NULL, 0 };
    for (unsigned k = 0; k < pr->n_locs; k++) {
        unsigned l = order[k];
        if (!ins[l].n)
            continue;
        bool dead_end = l != pr->final_loc && out.start[l] == out.start[l + 1];
        bool ends = ends_at_once(pr, &out, l);
        if (dead_end || enc->unsupported) { /* the thread stops, or the walk */
            free_paths(&ins[l], 0);
            continue;
        }
        /* Paths inside different atomic sections are not merged: each
         * group of paths in the same section goes on separately. */
        qsort(ins[l].in, ins[l].n, sizeof *ins[l].in, by_section);
        size_t start = 0;
        for (size_t end; start < ins[l].n && !enc->unsupported; start = end) {
            for (end = start + 1; end < ins[l].n && !by_section(&ins[l].in[start], &ins[l].in[end]);
                 end++)
                ;
            incoming group = { end - start, end - start, ins[l].in + start };
            if (!ends)
                w.pending -= group.n;
            /* Main is on one path when no other path of it is waiting:
             * every execution that goes on past here is at this location
             * (paths that end the program at once do not count: they
             * have no event but the liveness location's, and no
             * execution goes on from them). */
            if (instance == 0)
                enc->main_one_path = !ends && w.pending == 0;
            merge(enc, p, &group, &w.st);
            if (l == pr->final_loc)
                terminated = oc_guard_or(enc, terminated, w.st.g);
            else
                leave_location(&w, pr, &out, l, ins);
            free(w.st.locals);
        }
        free_paths(&ins[l], start); /* the groups a stopped walk left */
    }
    for (unsigned l = 0; l < pr->n_locs; l++)
        free(ins[l].in);
    free(ins);
    ordo_edge_index_free(&out);
    free(order);
    w.st.g = terminated = oc_guard_or(enc, terminated, w.exited);
    w.st.block = -1;
    w.st.depth = 0;
    enc->threads[instance].terminated = terminated;
    enc->threads[instance].end_event = oc_sync_event(&w, NULL);
    return !enc->unsupported;
}

bool oc_build_events(oc_encoding *enc, const ordo_program *p, ordo_smt *s, const oc_walk_plan *plan)
{
    const oc_memory_summary *prior = plan->prior;
    memset(enc, 0, sizeof *enc);
    enc->p = p;
    enc->max_events = plan->max_events;
    enc->cpu_stop_s = plan->cpu_stop_s;
    enc->ar = (ordo_ir_smt){ .s = s, .bv = plan->bv, .sets = ordo_ir_val_sets_new() };
    enc->wide = plan->wide;
    enc->freeze = plan->freeze;
    enc->thawed = plan->thawed;
    oc_events_init(&enc->es);
    enc->next_alloc = p->next_address + 1;
    enc->init_done = oc_add_event(enc, OC_SYNC, 0, 0, OC_TRUE_GUARD, UINT_MAX, NULL);
    enc->live_loc = 0;
    enc->false_lit = oc_enc_lit(enc, ordo_smt_bool(s, false));
    enc->cut = (oc_guard){ OC_G_FALSE, NULL, 0 };
    for (unsigned o = 0; o < p->n_objects; o++)
        oc_add_region(enc, p->objects[o].base, p->objects[o].n_cells, false, false);
    oc_mark_escaping_regions(enc, p);
    enc->prior = prior;
    for (size_t r = p->n_objects; prior && r < prior->n_regions; r++) {
        XGROW(enc->regions, enc->n_regions, enc->cap_regions);
        enc->regions[enc->n_regions++] = prior->regions[r];
    }
    oc_location_of(enc, false, LIVE_KEY, ordo_ty_bool()); /* location 0: live */
    if (p->main_proc >= p->n_procs) {
        oc_unsupported(enc, NULL, "no main procedure");
        return false;
    }
    bool ok = oc_walk_thread(enc, p->main_proc, ordo_ir_const(&enc->ar, ordo_ty_int(32, true), 0),
                             enc->init_done, OC_TRUE_GUARD);
    enc->prior = NULL; /* read during the walk only: the caller frees them */
    enc->wide = NULL;
    return ok;
}
