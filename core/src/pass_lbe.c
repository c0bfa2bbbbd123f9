/* Thread-safe large-block encoding (passes.h: ordo_pass_lbe). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

static bool mergeable_kind(const ordo_stmt *s)
{
    return !s->unwinding && s->kind != ORDO_S_CALL && s->kind != ORDO_S_RETURN &&
           s->kind != ORDO_S_THREAD_EXIT &&
           !ordo_stmt_kind_is_sync(s->kind);
}

/* May s start a block: thread-local throughout? */
static bool local_block(const ordo_program *p, const ordo_stmt *s)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (!local_block(p, s->stmts[i]))
                return false;
        return true;
    }
    return mergeable_kind(s) && !ordo_stmt_is_visible(p, s);
}

/* May s end a block: local, except maybe a last assignment or havoc with
 * a single shared access (a block is still one visible step). */
static bool tail_block(const ordo_program *p, const ordo_stmt *s)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i + 1 < s->n_stmts; i++)
            if (!local_block(p, s->stmts[i]))
                return false;
        return s->n_stmts == 0 || tail_block(p, s->stmts[s->n_stmts - 1]);
    }
    if (local_block(p, s))
        return true;
    return mergeable_kind(s) && (s->kind == ORDO_S_ASSIGN || s->kind == ORDO_S_HAVOC) &&
           ordo_stmt_accesses(p, s, NULL, 0) == 1;
}

static unsigned flat_size(const ordo_stmt *s)
{
    return s->kind == ORDO_S_SEQ ? s->n_stmts : 1;
}

static void flatten(const ordo_stmt *s, const ordo_stmt **out, unsigned *n)
{
    if (s->kind != ORDO_S_SEQ) {
        out[(*n)++] = s;
        return;
    }
    for (unsigned i = 0; i < s->n_stmts; i++)
        out[(*n)++] = s->stmts[i];
}

/* SEQ(a; b), positioned at a. */
static const ordo_stmt *merge(ordo_program *p, const ordo_stmt *a, const ordo_stmt *b)
{
    unsigned n = 0;
    const ordo_stmt **parts = xcalloc(flat_size(a) + flat_size(b), sizeof *parts);
    flatten(a, parts, &n);
    flatten(b, parts, &n);
    ordo_stmt *s = ordo_s_seq(p, n, parts);
    free(parts);
    s->file = a->file;
    s->line = a->line;
    return s;
}

static unsigned lbe_proc(ordo_program *p, unsigned proc)
{
    ordo_proc *f = &p->procs[proc];
    unsigned *n_in = xcalloc(f->n_locs + 1, sizeof *n_in), *n_out = xcalloc(f->n_locs + 1, sizeof *n_out);
    unsigned *in = xcalloc(f->n_locs + 1, sizeof *in), *out = xcalloc(f->n_locs + 1, sizeof *out);
    bool *dead = xcalloc(f->n_edges + 1, sizeof *dead);
    for (unsigned e = 0; e < f->n_edges; e++) {
        n_out[f->edges[e].from]++;
        out[f->edges[e].from] = e;
        n_in[f->edges[e].to]++;
        in[f->edges[e].to] = e;
    }
    unsigned removed = 0;
    for (unsigned x = 0; x < f->n_locs; x++) {
        if (x == f->init_loc || x == f->final_loc || n_in[x] != 1 || n_out[x] != 1)
            continue;
        unsigned e1 = in[x], e2 = out[x];
        ordo_edge *a = &f->edges[e1], *b = &f->edges[e2];
        if (e1 == e2 || !local_block(p, a->stmt) || !tail_block(p, b->stmt))
            continue;
        a->stmt = merge(p, a->stmt, b->stmt);
        a->to = b->to;
        in[b->to] = n_in[b->to] == 1 ? e1 : in[b->to];
        dead[e2] = true;
        removed++;
    }
    unsigned n = 0;
    for (unsigned e = 0; e < f->n_edges; e++)
        if (!dead[e])
            f->edges[n++] = f->edges[e];
    f->n_edges = n;
    free(n_in);
    free(n_out);
    free(in);
    free(out);
    free(dead);
    return removed;
}

unsigned ordo_pass_lbe(ordo_program *p)
{
    unsigned removed = 0;
    for (unsigned f = 0; f < p->n_procs; f++)
        removed += lbe_proc(p, f);
    return removed;
}
