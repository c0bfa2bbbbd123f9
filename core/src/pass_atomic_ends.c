/* One end per atomic section (passes.h: ordo_pass_merge_atomic_ends).
 *
 * A section closed by the ends e_1..e_n (e_i: l_i -END-> m_i) becomes
 *
 *     l_i -[x := i]-> J -END-> J' -[assume x == i]-> m_i     (i = 1..n)
 *
 * with x a fresh local variable of the procedure. Why this is exact: x is
 * written only on the edges l_i -> J and read only on the edges J' -> m_k,
 * with nothing but the END in between, so an execution reaching J from l_i
 * can leave J' only towards m_i (the assume holds for k = i alone): the
 * executions of the old and the new program correspond one to one, with
 * the same END statement at the same point and only local statements
 * added. Locals are never part of a trace (trace.h), so the visible steps,
 * their order and the values consumed are the same, and a counterexample
 * found on the result replays on the original program. The rewrite is
 * only done when it keeps the procedure loop-free (no m_i reaches an l_j).
 */
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_build.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

/* Nesting depth at a location: not reached from the initial location, or
 * reached with different depths along different paths. */
enum { DEPTH_UNKNOWN = -1, DEPTH_CONFLICT = -2 };

static const char VAR_PREFIX[] = "atomic_end#";

/* An outermost atomic section: its ATOMIC_BEGIN edge and the ATOMIC_END
 * edges that close it (edge indices, in edge order). */
typedef struct {
    unsigned begin;
    unsigned n_ends, cap_ends;
    unsigned *ends;
    bool skip; /* left as it is */
} section;

static bool is_atomic(const ordo_stmt *s)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (is_atomic(s->stmts[i]))
                return true;
        return false;
    }
    return s->kind == ORDO_S_ATOMIC_BEGIN || s->kind == ORDO_S_ATOMIC_END;
}

/* The nesting depth after s (an END outside every section does nothing,
 * as in the interpreter). */
static int depth_after(int d, const ordo_stmt *s)
{
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            d = depth_after(d, s->stmts[i]);
        return d;
    }
    if (s->kind == ORDO_S_ATOMIC_BEGIN)
        return d + 1;
    if (s->kind == ORDO_S_ATOMIC_END)
        return d > 0 ? d - 1 : 0;
    return d;
}

static void join_depth(int *at, int d)
{
    if (*at == DEPTH_UNKNOWN)
        *at = d;
    else if (*at != d)
        *at = DEPTH_CONFLICT;
}

/* The nesting depth at each location, or NULL for a procedure with a
 * cycle. A conflict spreads to everything reached from it. */
static int *nesting_depths(const ordo_proc *f, const ordo_edge_index *out)
{
    unsigned *order = xcalloc(f->n_locs + 1, sizeof *order);
    if (!ordo_topological_locations(f, out, order)) {
        free(order);
        return NULL;
    }
    int *depth = xcalloc(f->n_locs + 1, sizeof *depth);
    for (unsigned l = 0; l < f->n_locs; l++)
        depth[l] = DEPTH_UNKNOWN;
    depth[f->init_loc] = 0;
    for (unsigned k = 0; k < f->n_locs; k++) {
        unsigned l = order[k];
        if (depth[l] == DEPTH_UNKNOWN)
            continue;
        for (unsigned i = out->start[l]; i < out->start[l + 1]; i++) {
            const ordo_edge *e = &f->edges[out->edge[i]];
            join_depth(&depth[e->to],
                       depth[l] == DEPTH_CONFLICT ? DEPTH_CONFLICT : depth_after(depth[l], e->stmt));
        }
    }
    free(order);
    return depth;
}

/* Records end edge e as closing section s; an end closing two sections
 * leaves both alone. */
static void claim_end(section *secs, unsigned s, int *owner, unsigned e)
{
    section *sec = &secs[s];
    if (owner[e] >= 0) {
        secs[owner[e]].skip = true;
        sec->skip = true;
    }
    owner[e] = (int)s;
    XGROW(sec->ends, sec->n_ends, sec->cap_ends);
    sec->ends[sec->n_ends++] = e;
}

static int by_index(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

/* The ends closing section s: ATOMIC_END edges at depth 1 reached forward
 * from its begin without passing through one of them. `seen` holds
 * section numbers + 1 (a fresh mark per section); work: n_locs entries. */
static void collect_ends(const ordo_proc *f, const ordo_edge_index *out, const int *depth,
                         section *secs, unsigned s, int *owner, unsigned *seen, unsigned *work)
{
    unsigned n = 0, start = f->edges[secs[s].begin].to;
    seen[start] = s + 1;
    work[n++] = start;
    while (n) {
        unsigned l = work[--n];
        if (depth[l] < 1) { /* depths disagree here */
            secs[s].skip = true;
            continue;
        }
        for (unsigned i = out->start[l]; i < out->start[l + 1]; i++) {
            unsigned e = out->edge[i], to = f->edges[e].to;
            const ordo_stmt *st = f->edges[e].stmt;
            if (st->kind == ORDO_S_ATOMIC_END && depth[l] == 1)
                claim_end(secs, s, owner, e);
            else if (st->kind == ORDO_S_SEQ && is_atomic(st))
                secs[s].skip = true; /* an end inside a block: not an edge of its own */
            else if (seen[to] != s + 1) {
                seen[to] = s + 1;
                work[n++] = to;
            }
        }
    }
    qsort(secs[s].ends, secs[s].n_ends, sizeof *secs[s].ends, by_index);
}

/* The outermost sections of a procedure (begins at depth 0). */
static section *find_sections(const ordo_proc *f, const ordo_edge_index *out, const int *depth,
                              unsigned *n_secs)
{
    section *secs = NULL;
    unsigned n = 0, cap = 0;
    int *owner = xcalloc(f->n_edges + 1, sizeof *owner);
    for (unsigned e = 0; e < f->n_edges; e++)
        owner[e] = -1;
    unsigned *seen = xcalloc(f->n_locs + 1, sizeof *seen), *work = xcalloc(f->n_locs + 1, sizeof *work);
    for (unsigned e = 0; e < f->n_edges; e++) {
        if (f->edges[e].stmt->kind != ORDO_S_ATOMIC_BEGIN || depth[f->edges[e].from] != 0)
            continue;
        XGROW(secs, n, cap);
        secs[n] = (section){ .begin = e };
        collect_ends(f, out, depth, secs, n, owner, seen, work);
        n++;
    }
    free(owner);
    free(seen);
    free(work);
    *n_secs = n;
    return secs;
}

/* Does some m_i reach some l_j (the rewrite would close a cycle)? */
static bool closes_cycle(const ordo_proc *f, const ordo_edge_index *out, const section *sec)
{
    unsigned *targets = xcalloc(sec->n_ends, sizeof *targets);
    for (unsigned i = 0; i < sec->n_ends; i++)
        targets[i] = f->edges[sec->ends[i]].to;
    bool *reached = ordo_reachable_locations(f, out, targets, sec->n_ends);
    bool found = false;
    for (unsigned i = 0; i < sec->n_ends && !found; i++)
        found = reached[f->edges[sec->ends[i]].from];
    free(targets);
    free(reached);
    return found;
}

static bool worth_merging(const ordo_proc *f, const section *sec)
{
    if (sec->skip || sec->n_ends < 2)
        return false;
    for (unsigned i = 0; i < sec->n_ends; i++)
        if (f->edges[sec->ends[i]].stmt->unwinding) /* must stay an edge into a dead end */
            return false;
    return true;
}

/* s with the source position of `at`. */
static const ordo_stmt *positioned(ordo_stmt *s, const ordo_stmt *at)
{
    s->file = at->file;
    s->line = at->line;
    return s;
}

/* The rewrite of the file comment, with x named atomic_end#number. */
static void merge_section(ordo_program *p, unsigned proc, const section *sec, unsigned number)
{
    char *name = xasprintf("%s%u", VAR_PREFIX, number);
    unsigned x = ordo_add_var(p, name, ordo_ty_int(32, true), (int)proc, 0);
    free(name);
    unsigned j = ordo_add_loc(p, proc), j2 = ordo_add_loc(p, proc);
    ordo_edge *edges = p->procs[proc].edges;
    const ordo_stmt *end = edges[sec->ends[0]].stmt;
    const ordo_stmt **old = xcalloc(sec->n_ends, sizeof *old);
    unsigned *target = xcalloc(sec->n_ends, sizeof *target);
    for (unsigned i = 0; i < sec->n_ends; i++) {
        ordo_edge *e = &edges[sec->ends[i]];
        old[i] = e->stmt;
        target[i] = e->to;
        const ordo_expr *k = ordo_e_const(p, ordo_ty_int(32, true), (int64_t)i + 1);
        e->stmt = positioned(ordo_s_assign(p, ordo_lv_var(p, x), k), old[i]);
        e->to = j;
    }
    ordo_add_edge(p, proc, j, j2, end); /* `edges` may move from here on */
    for (unsigned i = 0; i < sec->n_ends; i++) {
        const ordo_expr *k = ordo_e_const(p, ordo_ty_int(32, true), (int64_t)i + 1);
        const ordo_expr *is_i = ordo_e_binop(p, ORDO_B_EQ, ordo_ty_bool(), ordo_e_var(p, x), k);
        ordo_add_edge(p, proc, j2, target[i], positioned(ordo_s_assume(p, is_i), old[i]));
    }
    free(old);
    free(target);
}

static bool has_begin(const ordo_proc *f)
{
    for (unsigned e = 0; e < f->n_edges; e++)
        if (f->edges[e].stmt->kind == ORDO_S_ATOMIC_BEGIN)
            return true;
    return false;
}

static unsigned merge_proc(ordo_program *p, unsigned proc, unsigned *number)
{
    if (!has_begin(&p->procs[proc]))
        return 0;
    ordo_edge_index out = ordo_edge_index_of(&p->procs[proc], false);
    int *depth = nesting_depths(&p->procs[proc], &out);
    if (!depth) { /* not loop-free: left alone */
        ordo_edge_index_free(&out);
        return 0;
    }
    unsigned n_secs, merged = 0;
    section *secs = find_sections(&p->procs[proc], &out, depth, &n_secs);
    free(depth);
    /* The sections' ends are distinct edges, so each rewrite leaves the
     * other sections' ends as they are; the cycle check looks at the
     * current edges (the index is rebuilt after each rewrite). */
    for (unsigned s = 0; s < n_secs; s++) {
        if (worth_merging(&p->procs[proc], &secs[s]) &&
            !closes_cycle(&p->procs[proc], &out, &secs[s])) {
            merge_section(p, proc, &secs[s], (*number)++);
            merged++;
            ordo_edge_index_free(&out);
            out = ordo_edge_index_of(&p->procs[proc], false);
        }
        free(secs[s].ends);
    }
    free(secs);
    ordo_edge_index_free(&out);
    return merged;
}

/* The first N not yet used in a variable named atomic_end#N (the pass may
 * run more than once). */
static unsigned first_free_number(const ordo_program *p)
{
    unsigned next = 1;
    size_t len = strlen(VAR_PREFIX);
    for (unsigned v = 0; v < p->n_vars; v++)
        if (!strncmp(p->vars[v].name, VAR_PREFIX, len)) {
            unsigned n = (unsigned)strtoul(p->vars[v].name + len, NULL, 10);
            next = n >= next ? n + 1 : next;
        }
    return next;
}

unsigned ordo_pass_merge_atomic_ends(ordo_program *p)
{
    unsigned merged = 0, number = first_free_number(p);
    for (unsigned f = 0; f < p->n_procs; f++)
        merged += merge_proc(p, f, &number);
    return merged;
}
