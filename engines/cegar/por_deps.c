/* The dependency relations D_S and D_Π (por_deps.h, thesis Section 3.2.1). */
#include <stdlib.h>
#include <string.h>

#include <ordo/expr_eval.h>
#include <ordo/xalloc.h>

#include "cell_set.h"
#include "mem_objects.h"
#include "por_deps.h"
#include "pred.h"
#include "transfer.h"

#define BIT(set, i) ((set)[(i) / 64] >> ((i) % 64) & 1)
#define SET(set, i) ((set)[(i) / 64] |= UINT64_C(1) << ((i) % 64))

/* An object accessed at computed addresses gets a place per cell up to
 * this size; a larger one is memory any pointer may reach. */
enum { MAX_OBJECT_PLACES = 4096 };

/* ---- places ------------------------------------------------------------- */

static ordo_eval_status no_value(void *ctx, unsigned var, int64_t *value, const char **why)
{
    (void)ctx, (void)var, (void)value, (void)why;
    return ORDO_EVAL_UNKNOWN;
}

static ordo_eval_status no_cell(void *ctx, uint64_t addr, int64_t *value, const char **why)
{
    (void)ctx, (void)addr, (void)value, (void)why;
    return ORDO_EVAL_UNKNOWN;
}

/* The address, when it is a constant expression. */
static bool constant_address(const ordo_expr *addr, uint64_t *out)
{
    ordo_eval_reader r = { NULL, no_value, no_cell };
    int64_t v;
    if (ordo_expr_eval(ORDO_ARITH_BV, addr, &r, &v, NULL) != ORDO_EVAL_OK || v <= 0)
        return false;
    *out = (uint64_t)v;
    return true;
}


/* The place of the cell at addr, or -1 when it is no constant cell. */
static int cell_place(const por_tables *t, uint64_t addr)
{
    const uint64_t *hit = cg_cells_find(t->cells, t->n_cells, addr);
    return hit ? (int)(t->first_cell + (unsigned)(hit - t->cells)) : -1;
}

/* The one place where POR reads an action's accesses (the shared
 * accesses of core's walker, ordo_stmt_accesses). Under DCOI (thesis
 * Chapter 4) the statement is the one the abstractor evaluates in the
 * current state (por_join_action): a no-op accesses nothing and a havoc
 * only writes its place, so a simplified action depends on fewer others. */
static unsigned statement_accesses(const por_tables *t, const ordo_stmt *st, ordo_access **buf,
                                   unsigned *cap)
{
    unsigned n = ordo_stmt_accesses(t->p, st, *buf, *cap);
    if (n > *cap) {
        *cap = n;
        *buf = xrealloc(*buf, n * sizeof **buf);
        ordo_stmt_accesses(t->p, st, *buf, *cap);
    }
    return n;
}

/* The object of a computed address whose cells are places (t[i]: every
 * cell of t), else NULL. */
static const ordo_object *small_object(const por_tables *t, const ordo_expr *addr)
{
    const ordo_object *ob = cg_object_of(t->p, addr);
    return ob && ob->n_cells <= MAX_OBJECT_PLACES ? ob : NULL;
}

static void add_cell(por_tables *t, uint64_t addr, unsigned *cap_cells)
{
    XGROW(t->cells, t->n_cells, *cap_cells);
    t->cells[t->n_cells++] = addr;
}

/* Places for the cells accessed at constant addresses, and for every cell
 * of a small object accessed at a computed address into it. */
static void collect_cells(por_tables *t, const ordo_stmt *st, ordo_access **buf, unsigned *cap,
                          unsigned *cap_cells)
{
    unsigned n = statement_accesses(t, st, buf, cap);
    for (unsigned i = 0; i < n; i++) {
        uint64_t addr;
        const ordo_object *ob;
        if (!(*buf)[i].is_mem)
            continue;
        if (constant_address((*buf)[i].addr, &addr))
            add_cell(t, addr, cap_cells);
        else if ((ob = small_object(t, (*buf)[i].addr)))
            for (uint64_t k = 0; k < ob->n_cells; k++)
                add_cell(t, ob->base + k, cap_cells);
    }
}

/* What an access through an unknown pointer may touch: other memory and
 * the cells of every object a pointer value may reach (mem_objects.h). A
 * large object's cells are no places of their own: it counts as reached. */
static void mark_pointer_targets(por_tables *t)
{
    bool *escapes = cg_escaping_objects(t->p);
    SET(t->pointer_targets, t->other_memory);
    for (unsigned i = 0; i < t->n_cells; i++) {
        const ordo_object *ob = cg_object_at(t->p, t->cells[i]);
        if (!ob || ob->n_cells > MAX_OBJECT_PLACES || escapes[ob - t->p->objects])
            SET(t->pointer_targets, t->first_cell + i);
    }
    free(escapes);
}

static void number_places(por_tables *t)
{
    const ordo_program *p = t->p;
    unsigned places = 0, cap_cells = 0, cap = 0;
    ordo_access *buf = NULL;
    t->var_place = xmalloc((p->n_vars + 1) * sizeof *t->var_place);
    for (unsigned v = 0; v < p->n_vars; v++)
        t->var_place[v] = p->vars[v].is_global ? (int)places++ : -1;
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            collect_cells(t, p->procs[f].edges[e].stmt, &buf, &cap, &cap_cells);
    free(buf);
    unsigned k = t->n_cells = cg_cells_sort_unique(t->cells, t->n_cells);
    t->first_cell = places;
    places += k;
    t->other_memory = places++;
    t->mutexes = places++;
    t->thread_ids = places++;
    t->allocator = places++;
    t->n_places = places;
    t->words = (places + 63) / 64;
}

/* ---- summaries ---------------------------------------------------------- */

/* Marks the cells of a small object; false when one of them is no place. */
static bool mark_object(const por_tables *t, uint64_t *set, const ordo_object *ob)
{
    for (uint64_t k = 0; k < ob->n_cells; k++)
        if (cell_place(t, ob->base + k) < 0)
            return false;
    for (uint64_t k = 0; k < ob->n_cells; k++)
        SET(set, (unsigned)cell_place(t, ob->base + k));
    return true;
}

/* The places an access at addr may touch: its cell, the cells of the
 * object it indexes, or whatever a pointer may reach. */
static void mark_memory(const por_tables *t, uint64_t *set, const ordo_expr *addr)
{
    uint64_t a;
    int cell = constant_address(addr, &a) ? cell_place(t, a) : -1;
    if (cell >= 0) {
        SET(set, (unsigned)cell);
        return;
    }
    const ordo_object *ob = cell < 0 && addr->kind != ORDO_E_CONST ? small_object(t, addr) : NULL;
    if (ob && mark_object(t, set, ob))
        return;
    for (unsigned i = 0; i < t->words; i++)
        set[i] |= t->pointer_targets[i];
}

static void mark_access(const por_tables *t, por_summary *s, const ordo_access *a)
{
    uint64_t *set = a->is_write ? s->writes : s->reads;
    if (a->is_mem)
        mark_memory(t, set, a->addr);
    else if (t->var_place[a->var] >= 0)
        SET(set, (unsigned)t->var_place[a->var]);
}

static void mark_pseudo(por_summary *s, unsigned place)
{
    SET(s->reads, place);
    SET(s->writes, place);
}

/* A lock or unlock at a constant address reads and writes the mutex's
 * cell (a place every precision tracks, mark_mutex_cells), so that locks
 * of different mutexes are independent; one at a computed address may be
 * any mutex: it writes the pseudo place of the mutexes, which every
 * constant one reads, and every mutex cell. */
static void mark_mutex(const por_tables *t, por_summary *s, const ordo_expr *addr)
{
    uint64_t a;
    int cell = constant_address(addr, &a) ? cell_place(t, a) : -1;
    if (cell >= 0) {
        mark_pseudo(s, (unsigned)cell);
        SET(s->reads, t->mutexes);
        return;
    }
    mark_pseudo(s, t->mutexes);
    for (unsigned i = 0; i < t->words; i++) {
        s->reads[i] |= t->mutex_cells[i];
        s->writes[i] |= t->mutex_cells[i];
    }
}

/* One statement's accesses and flags; a mutex's cell is marked by
 * mark_mutex. */
static void summarise_statement(const por_tables *t, por_summary *s, const ordo_stmt *st,
                                ordo_access **buf, unsigned *cap)
{
    bool mutex = st->kind == ORDO_S_LOCK || st->kind == ORDO_S_UNLOCK;
    unsigned n = statement_accesses(t, st, buf, cap);
    for (unsigned i = 0; i < n; i++)
        if (!(mutex && (*buf)[i].is_mem && (*buf)[i].addr == st->addr))
            mark_access(t, s, &(*buf)[i]);
    switch (st->kind) {
    case ORDO_S_LOCK:         s->flags |= POR_LOCK; mark_mutex(t, s, st->addr); break;
    case ORDO_S_UNLOCK:       s->flags |= POR_UNLOCK; mark_mutex(t, s, st->addr); break;
    case ORDO_S_THREAD_START: mark_pseudo(s, t->thread_ids); break;
    case ORDO_S_ALLOC:        mark_pseudo(s, t->allocator); break;
    case ORDO_S_THREAD_JOIN:  s->flags |= POR_JOIN; break;
    case ORDO_S_THREAD_EXIT:  s->flags |= POR_END; break;
    case ORDO_S_EXIT:
    case ORDO_S_ATOMIC_BEGIN: s->flags |= POR_HALTS_OTHERS; break;
    default:                  break;
    }
}

/* Edge e of f as the statement st (e's own, or its simplification). */
static void summarise_edge(const por_tables *t, const ordo_proc *f, const ordo_edge *e,
                           const ordo_stmt *st, por_summary *s, ordo_access **buf,
                           unsigned *cap)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap_list = 0;
    cg_flatten(st, &list, &n, &cap_list);
    for (unsigned i = 0; i < n; i++)
        summarise_statement(t, s, list[i], buf, cap);
    if (e->to == f->final_loc)
        s->flags |= POR_END;
    free(list);
}

/* ---- guards that may block (issue item 4, Property 1) -------------------- */

const ordo_stmt *por_first_statement(const ordo_stmt *st)
{
    while (st->kind == ORDO_S_SEQ && st->n_stmts > 0)
        st = st->stmts[0];
    return st;
}

static bool negates(const ordo_expr *a, const ordo_expr *b)
{
    return a->kind == ORDO_E_UNOP && a->op == ORDO_U_LNOT && expr_equal(a->kid[0], b);
}

bool por_assume_complemented(const ordo_proc *f, const ordo_edge_index *out,
                             const ordo_edge *e, const ordo_stmt *a)
{
    if (por_first_statement(e->stmt) != a)
        return false;
    for (unsigned i = out->start[e->from]; i < out->start[e->from + 1]; i++) {
        const ordo_stmt *b = por_first_statement(f->edges[out->edge[i]].stmt);
        if (b != a && b->kind == ORDO_S_ASSUME && (negates(a->cond, b->cond) ||
                                                   negates(b->cond, a->cond)))
            return true;
    }
    return false;
}

static void mark_guard(const por_tables *t, uint64_t *guard, const ordo_proc *f,
                       const ordo_edge_index *out, const ordo_edge *e, ordo_access **buf,
                       unsigned *cap)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap_list = 0;
    cg_flatten(e->stmt, &list, &n, &cap_list);
    for (unsigned i = 0; i < n; i++) {
        if (list[i]->kind != ORDO_S_ASSUME || por_assume_complemented(f, out, e, list[i]))
            continue;
        por_summary s = { .reads = guard, .writes = guard };
        unsigned k = statement_accesses(t, list[i], buf, cap);
        for (unsigned j = 0; j < k; j++)
            mark_access(t, &s, &(*buf)[j]);
    }
    free(list);
}

/* ---- tables ------------------------------------------------------------- */

static uint64_t *take(por_tables *t, size_t *used)
{
    uint64_t *w = t->pool + *used;
    *used += t->words;
    return w;
}

static por_summary summary(por_tables *t, size_t *used)
{
    por_summary s = { .reads = take(t, used) };
    s.writes = take(t, used);
    return s;
}

static void allocate(por_tables *t)
{
    const ordo_program *p = t->p;
    size_t n = 3;
    for (unsigned f = 0; f < p->n_procs; f++)
        n += 2 * (size_t)p->procs[f].n_edges + 5 * (size_t)p->procs[f].n_locs;
    t->pool = xcalloc(n * t->words, sizeof *t->pool);
    size_t used = 0;
    t->sync_places = take(t, &used);
    t->pointer_targets = take(t, &used);
    t->mutex_cells = take(t, &used);
    t->edge = xcalloc(p->n_procs + 1, sizeof *t->edge);
    t->here = xcalloc(p->n_procs + 1, sizeof *t->here);
    t->future = xcalloc(p->n_procs + 1, sizeof *t->future);
    t->guard = xcalloc(p->n_procs + 1, sizeof *t->guard);
    for (unsigned f = 0; f < p->n_procs; f++) {
        const ordo_proc *pf = &p->procs[f];
        t->edge[f] = xmalloc((pf->n_edges + 1) * sizeof **t->edge);
        for (unsigned e = 0; e < pf->n_edges; e++)
            t->edge[f][e] = summary(t, &used);
        t->here[f] = xmalloc((pf->n_locs + 1) * sizeof **t->here);
        t->future[f] = xmalloc((pf->n_locs + 1) * sizeof **t->future);
        t->guard[f] = xmalloc((pf->n_locs + 1) * sizeof **t->guard);
        for (unsigned l = 0; l < pf->n_locs; l++) {
            t->here[f][l] = summary(t, &used);
            t->future[f][l] = summary(t, &used);
            t->guard[f][l] = take(t, &used);
        }
    }
}

static bool join_changed(const por_tables *t, por_summary *a, const por_summary *b)
{
    bool changed = (a->flags | (b->flags & ~POR_HALTS_OTHERS)) != a->flags;
    for (unsigned i = 0; i < t->words && !changed; i++)
        changed = (b->reads[i] & ~a->reads[i]) || (b->writes[i] & ~a->writes[i]);
    if (changed)
        por_summary_join(t, a, b);
    return changed;
}

/* Future actions (Definition 10, over-approximated statically as Section
 * 3.3 says): what is reachable in the CFA, and every thread a reachable
 * start may create; a fixpoint over all procedures. */
static void close_futures(por_tables *t)
{
    const ordo_program *p = t->p;
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned f = 0; f < p->n_procs; f++) {
            const ordo_proc *pf = &p->procs[f];
            for (unsigned e = pf->n_edges; e-- > 0;) {
                const ordo_edge *ed = &pf->edges[e];
                por_summary *from = &t->future[f][ed->from];
                changed |= join_changed(t, from, &t->future[f][ed->to]);
                const ordo_stmt *st = por_first_statement(ed->stmt);
                if (st->kind == ORDO_S_THREAD_START)
                    changed |= join_changed(t, from,
                                            &t->future[st->proc][p->procs[st->proc].init_loc]);
            }
        }
    }
}

/* The cells locked or unlocked at a constant address: places of their
 * own, tracked at every precision (the synchronisation state is exact). */
static void mark_mutex_cells(por_tables *t)
{
    const ordo_program *p = t->p;
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++) {
            const ordo_stmt **list = NULL;
            unsigned n = 0, cap = 0;
            cg_flatten(p->procs[f].edges[e].stmt, &list, &n, &cap);
            for (unsigned i = 0; i < n; i++) {
                uint64_t a;
                int cell = (list[i]->kind == ORDO_S_LOCK || list[i]->kind == ORDO_S_UNLOCK) &&
                                   constant_address(list[i]->addr, &a)
                               ? cell_place(t, a)
                               : -1;
                if (cell >= 0) {
                    SET(t->mutex_cells, (unsigned)cell);
                    SET(t->sync_places, (unsigned)cell);
                }
            }
            free(list);
        }
}

void por_tables_init(por_tables *t, const ordo_program *p)
{
    *t = (por_tables){ .p = p };
    number_places(t);
    allocate(t);
    SET(t->sync_places, t->mutexes);
    SET(t->sync_places, t->thread_ids);
    SET(t->sync_places, t->allocator);
    mark_pointer_targets(t);
    mark_mutex_cells(t);
    ordo_access *buf = NULL;
    unsigned cap = 0;
    for (unsigned f = 0; f < p->n_procs; f++) {
        const ordo_proc *pf = &p->procs[f];
        ordo_edge_index out = ordo_edge_index_of(pf, false);
        for (unsigned e = 0; e < pf->n_edges; e++)
            summarise_edge(t, pf, &pf->edges[e], pf->edges[e].stmt, &t->edge[f][e], &buf, &cap);
        por_summarise_sections(t, f, &out);
        for (unsigned e = 0; e < pf->n_edges; e++) {
            const ordo_edge *ed = &pf->edges[e];
            por_summary_join(t, &t->here[f][ed->from], &t->edge[f][e]);
            t->here[f][ed->from].flags |= t->edge[f][e].flags;
            por_summary_join(t, &t->future[f][ed->from], &t->edge[f][e]);
            mark_guard(t, t->guard[f][ed->from], pf, &out, ed, &buf, &cap);
        }
        ordo_edge_index_free(&out);
    }
    free(buf);
    close_futures(t);
}

void por_tables_free(por_tables *t)
{
    for (unsigned f = 0; f < t->p->n_procs; f++) {
        free(t->edge[f]);
        free(t->here[f]);
        free(t->future[f]);
        free(t->guard[f]);
    }
    free(t->edge);
    free(t->here);
    free(t->future);
    free(t->guard);
    free(t->pool);
    free(t->cells);
    free(t->var_place);
    *t = (por_tables){ 0 };
}

void por_join_action(const por_tables *t, por_summary *into, unsigned proc, unsigned edge,
                     const ordo_stmt *evaluated)
{
    const ordo_proc *f = &t->p->procs[proc];
    const ordo_edge *e = &f->edges[edge];
    if (evaluated == e->stmt) {
        por_summary_join(t, into, &t->edge[proc][edge]);
        into->flags |= t->edge[proc][edge].flags;
        return;
    }
    ordo_access *buf = NULL;
    unsigned cap = 0;
    summarise_edge(t, f, e, evaluated, into, &buf, &cap);
    free(buf);
}

/* ---- vars(Π) ------------------------------------------------------------ */

static void mark_reads(const por_tables *t, uint64_t *mask, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR && t->var_place[e->var] >= 0)
        SET(mask, (unsigned)t->var_place[e->var]);
    if (e->kind == ORDO_E_LOAD)
        mark_memory(t, mask, e->kid[0]);
    for (int i = 0; i < 3; i++)
        mark_reads(t, mask, e->kid[i]);
}

void por_tracked_places(const por_tables *t, const cg_prec *prec, uint64_t *mask)
{
    memcpy(mask, t->sync_places, t->words * sizeof *mask);
    for (unsigned v = 0; v < t->p->n_vars && v < prec->n_vars; v++)
        if (prec->vars[v] && t->var_place[v] >= 0)
            SET(mask, (unsigned)t->var_place[v]);
    unsigned constant_cells = 0;
    for (unsigned i = 0; i < t->n_cells; i++)
        if (cg_prec_has_cell(prec, t->cells[i])) {
            SET(mask, t->first_cell + i);
            constant_cells++;
        }
    /* a tracked cell no constant address names (the heap's): memory
     * reached only through computed addresses is tracked */
    if (prec->n_cells > constant_cells)
        SET(mask, t->other_memory);
    for (unsigned i = 0; i < prec->n_preds; i++)
        mark_reads(t, mask, prec->preds[i]);
}

/* ---- the relations ------------------------------------------------------ */

bool por_dependent(const por_tables *t, const por_summary *f, const por_summary *here,
                   const uint64_t *tracked)
{
    if (here->flags & POR_HALTS_OTHERS)
        return true;
    for (unsigned i = 0; i < t->words; i++) {
        uint64_t shared = (f->writes[i] & (here->reads[i] | here->writes[i])) |
                          (here->writes[i] & f->reads[i]);
        if (tracked)
            shared &= tracked[i];
        if (shared)
            return true;
    }
    return false;
}

bool por_writes_any(const por_tables *t, const por_summary *f, const uint64_t *mask)
{
    for (unsigned i = 0; i < t->words; i++)
        if (f->writes[i] & mask[i])
            return true;
    return false;
}

void por_summary_join(const por_tables *t, por_summary *a, const por_summary *b)
{
    a->flags |= b->flags & ~POR_HALTS_OTHERS;
    for (unsigned i = 0; i < t->words; i++) {
        a->reads[i] |= b->reads[i];
        a->writes[i] |= b->writes[i];
    }
}
