/* Inlining of procedure calls (passes.h: ordo_pass_inline). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

#include "ir_copy.h"

/* Beyond this many edges in one procedure the program is unsupported. */
enum { MAX_INLINED_EDGES = 4000000 };

typedef struct {
    unsigned n_edges, n_locs;
    ordo_edge *edges;
} original_proc;

typedef struct {
    ordo_program *p;
    original_proc *orig;        /* every procedure before the pass */
    unsigned n_vars0;           /* variables before the pass */
    unsigned root;              /* the procedure being rebuilt */
    ordo_edge *out;             /* its new edges */
    unsigned n_out, cap_out;
    unsigned *stack;            /* procedures being inlined, outermost first */
    unsigned depth;
    unsigned max_recursion;
    unsigned instances;         /* for fresh names */
    char *err;
} inliner;

static void emit(inliner *in, unsigned from, unsigned to, const ordo_stmt *s)
{
    XGROW(in->out, in->n_out, in->cap_out);
    in->out[in->n_out++] = (ordo_edge){ .from = from, .to = to, .stmt = s };
}

static ordo_stmt *positioned(ordo_stmt *s, const ordo_stmt *at)
{
    s->file = at->file;
    s->line = at->line;
    return s;
}

static unsigned activations(const inliner *in, unsigned proc)
{
    unsigned n = 0;
    for (unsigned i = 0; i < in->depth; i++)
        n += in->stack[i] == proc;
    return n;
}

/* A call being inlined: the CALL and the renaming of its caller. */
typedef struct {
    const ordo_stmt *call;
    ordo_copy_ctx *caller;
} call_site;

static int expand(inliner *in, unsigned src, const unsigned *locs, ordo_copy_ctx *names,
                  const call_site *site);

/* Fresh copies of callee's local variables; returns the renaming. */
static unsigned *fresh_locals(inliner *in, unsigned callee)
{
    ordo_program *p = in->p;
    unsigned *map = xcalloc(in->n_vars0 + 1, sizeof *map);
    unsigned n = ++in->instances;
    for (unsigned v = 0; v < in->n_vars0; v++) {
        map[v] = v;
        if (!p->vars[v].is_global && p->vars[v].proc == (int)callee) {
            char *name = xasprintf("%s#%u", p->vars[v].name, n);
            ordo_var copy = p->vars[v];
            map[v] = ordo_add_var(p, name, copy.type, (int)in->root, copy.init);
            free(name);
        }
    }
    return map;
}

/* An argument as the parameter receives it: converted to the parameter's
 * type, as the interpreter passes it (a call through a pointer may pass
 * other types than its candidate declares). */
static const ordo_expr *converted(ordo_program *p, const ordo_expr *arg, ordo_type to)
{
    return ordo_type_equal(arg->type, to) ? arg : ordo_e_cast(p, to, arg);
}

/* The edge from -> to labelled `call` of procedure src (caller names). */
static int inline_call(inliner *in, unsigned from, unsigned to, const ordo_stmt *call,
                       ordo_copy_ctx *caller)
{
    ordo_program *p = in->p;
    unsigned callee = call->proc;
    if (activations(in, callee) > 0 && activations(in, callee) >= in->max_recursion) {
        if (in->max_recursion == 0) {
            in->err = xasprintf("unsupported: recursion (%s calls itself) (%s:%u)",
                                p->procs[callee].name, call->file ? call->file : "?", call->line);
            return ORDO_FRONTEND_UNSUPPORTED;
        }
        ordo_stmt *cut = positioned(ordo_s_assume(p, ordo_e_const(p, ordo_ty_bool(), 1)), call);
        cut->unwinding = true;
        emit(in, from, ordo_add_loc(p, in->root), cut);
        return 0;
    }
    const original_proc *f = &in->orig[callee];
    unsigned *map = fresh_locals(in, callee);
    ordo_copy_ctx names = { .map = map, .n_map = in->n_vars0 };
    unsigned *locs = xcalloc(f->n_locs + 1, sizeof *locs);
    for (unsigned l = 0; l < f->n_locs; l++)
        locs[l] = ordo_add_loc(p, in->root);
    bool final_is_exit = true;
    for (unsigned e = 0; e < f->n_edges; e++)
        final_is_exit &= f->edges[e].from != p->procs[callee].final_loc;
    if (final_is_exit)
        locs[p->procs[callee].final_loc] = to;
    else
        emit(in, locs[p->procs[callee].final_loc], to, positioned(ordo_s_new(p, ORDO_S_SKIP), call));
    /* parameters in order, then the body */
    unsigned at = from, n = call->n_args < p->procs[callee].n_params ? call->n_args
                                                                    : p->procs[callee].n_params;
    for (unsigned i = 0; i < n; i++) {
        unsigned next = i + 1 == n ? locs[p->procs[callee].init_loc] : ordo_add_loc(p, in->root);
        ordo_lvalue lv = ordo_lv_var(p, map[p->procs[callee].params[i]]);
        const ordo_expr *arg = ordo_copy_expr(p, call->args[i], caller);
        emit(in, at, next, positioned(ordo_s_assign(p, lv, converted(p, arg, lv.type)), call));
        at = next;
    }
    if (n == 0)
        emit(in, from, locs[p->procs[callee].init_loc], positioned(ordo_s_new(p, ORDO_S_SKIP), call));
    in->stack[in->depth++] = callee;
    call_site site = { call, caller };
    int r = expand(in, callee, locs, &names, &site);
    in->depth--;
    free(locs);
    free(map);
    return r;
}

/* RETURN e of an inlined activation: the caller's lhs := e. */
static const ordo_stmt *inlined_return(inliner *in, const ordo_stmt *ret, ordo_copy_ctx *names,
                                       const call_site *site)
{
    ordo_program *p = in->p;
    if (!site->call->has_lhs || !ret->rhs)
        return positioned(ordo_s_new(p, ORDO_S_SKIP), ret);
    ordo_lvalue lv = ordo_copy_lvalue(p, &site->call->lhs, site->caller);
    return positioned(ordo_s_assign(p, lv, ordo_copy_expr(p, ret->rhs, names)), ret);
}

/* Copies the edges of src (locations renamed by locs, variables by names;
 * both NULL for the root itself) into the root's new edge table. */
static int expand(inliner *in, unsigned src, const unsigned *locs, ordo_copy_ctx *names,
                  const call_site *site)
{
    const original_proc *f = &in->orig[src];
    for (unsigned e = 0; e < f->n_edges; e++) {
        if (in->n_out > MAX_INLINED_EDGES) {
            in->err = xasprintf("unsupported: inlining makes %s too large (%s:0)",
                                in->p->procs[in->root].name, in->p->source);
            return ORDO_FRONTEND_UNSUPPORTED;
        }
        const ordo_edge *edge = &f->edges[e];
        const ordo_stmt *s = edge->stmt;
        unsigned from = locs ? locs[edge->from] : edge->from;
        unsigned to = locs ? locs[edge->to] : edge->to;
        if (s->kind == ORDO_S_CALL) {
            int r = inline_call(in, from, to, s, names);
            if (r)
                return r;
            continue;
        }
        if (site && s->kind == ORDO_S_RETURN)
            s = inlined_return(in, s, names, site);
        else if (names->map)
            s = ordo_copy_stmt(in->p, s, names);
        emit(in, from, to, s);
    }
    return 0;
}

/* Marks procedure f and what it starts as roots, what it calls as used. */
static void find_roots(const ordo_program *p, unsigned f, bool *root, bool *seen)
{
    if (seen[f])
        return;
    seen[f] = true;
    for (unsigned e = 0; e < p->procs[f].n_edges; e++) {
        const ordo_stmt *s = p->procs[f].edges[e].stmt;
        if (s->kind == ORDO_S_THREAD_START)
            root[s->proc] = true;
        if (s->kind == ORDO_S_THREAD_START || s->kind == ORDO_S_CALL)
            find_roots(p, s->proc, root, seen);
    }
}

static int inline_root(inliner *in, unsigned root, ordo_edge **new_edges, unsigned *n_new)
{
    ordo_copy_ctx identity = { 0 };
    in->root = root;
    in->out = NULL;
    in->n_out = in->cap_out = 0;
    in->stack[0] = root;
    in->depth = 1;
    int r = expand(in, root, NULL, &identity, NULL);
    *new_edges = in->out;
    *n_new = in->n_out;
    return r;
}

int ordo_pass_inline(ordo_program *p, unsigned max_recursion, char **err)
{
    unsigned n = p->n_procs;
    if (p->main_proc >= n)
        return 0;
    bool *root = xcalloc(n, sizeof *root), *seen = xcalloc(n, sizeof *seen);
    root[p->main_proc] = true;
    find_roots(p, p->main_proc, root, seen);
    inliner in = { .p = p, .n_vars0 = p->n_vars, .max_recursion = max_recursion };
    in.orig = xcalloc(n, sizeof *in.orig);
    in.stack = xcalloc((size_t)n * (max_recursion + 1) + 2, sizeof *in.stack);
    for (unsigned f = 0; f < n; f++)
        in.orig[f] = (original_proc){ p->procs[f].n_edges, p->procs[f].n_locs, p->procs[f].edges };
    ordo_edge **edges = xcalloc(n, sizeof *edges);
    unsigned *n_edges = xcalloc(n, sizeof *n_edges);
    int r = 0;
    for (unsigned f = 0; f < n && !r; f++)
        if (root[f])
            r = inline_root(&in, f, &edges[f], &n_edges[f]);
    for (unsigned f = 0; f < n; f++) { /* install: roots inlined, others emptied */
        if (r) {
            free(edges[f]);
            continue;
        }
        free(p->procs[f].edges);
        p->procs[f].edges = edges[f];
        p->procs[f].n_edges = p->procs[f].cap_edges = n_edges[f];
    }
    if (r)
        *err = in.err;
    free(edges);
    free(n_edges);
    free(in.orig);
    free(in.stack);
    free(root);
    free(seen);
    return r;
}
