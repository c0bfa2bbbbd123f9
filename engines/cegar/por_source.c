/* Source sets by Algorithm 1 (por_source.h, thesis Section 3.3). */
#include <stdlib.h>
#include <string.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "coi.h"
#include "por_source.h"

void cg_por_init(cg_por *por, const ordo_program *p, bool aware)
{
    *por = (cg_por){ .aware = aware };
    por_tables_init(&por->tables, p);
    por->tracked = xcalloc(por->tables.words, sizeof *por->tracked);
}

void cg_por_free(cg_por *por)
{
    por_tables_free(&por->tables);
    free(por->tracked);
    free(por->runnable);
    free(por->reached);
    free(por->future);
    free(por->words);
    free(por->join);
    free(por->join_id);
    free(por->members);
    *por = (cg_por){ 0 };
}

void cg_por_set_precision(cg_por *por, const cg_prec *prec)
{
    por_tracked_places(&por->tables, prec, por->tracked);
}

/* Scratch for n threads: per thread runnable, taken, in-set flags, the
 * reached rows, the future summaries, the join and its target; the
 * set's members, the threads that may become enabled; one summary for
 * the set. */
static void reserve(cg_por *por, unsigned n)
{
    if (n <= por->cap)
        return;
    unsigned w = por->tables.words;
    por->cap = n;
    por->runnable = xrealloc(por->runnable, 3 * n * sizeof *por->runnable);
    por->taken = por->runnable + n;
    por->reached = xrealloc(por->reached, (size_t)n * n * sizeof *por->reached);
    por->future = xrealloc(por->future, n * sizeof *por->future);
    por->join = xrealloc(por->join, n * sizeof *por->join);
    por->join_id = xrealloc(por->join_id, n * sizeof *por->join_id);
    por->members = xrealloc(por->members, 2 * n * sizeof *por->members);
    por->enablable = por->members + n;
    por->words = xrealloc(por->words, (2 * (size_t)n + 2) * w * sizeof *por->words);
    for (unsigned t = 0; t < n; t++)
        por->future[t] = (por_summary){ .reads = por->words + 2 * t * w,
                                        .writes = por->words + (2 * t + 1) * w };
    por->here_of_set = (por_summary){ .reads = por->words + 2 * (size_t)n * w,
                                      .writes = por->words + (2 * (size_t)n + 1) * w };
}

static bool *in_set_of(cg_por *por)
{
    return por->runnable + 2 * por->cap;
}

static void copy_summary(const por_tables *t, por_summary *to, const por_summary *from)
{
    memcpy(to->reads, from->reads, t->words * sizeof *to->reads);
    memcpy(to->writes, from->writes, t->words * sizeof *to->writes);
    to->flags = from->flags;
}

static const por_summary *here_of(const cg_por *por, const cg_state *s, unsigned t)
{
    return &por->tables.here[s->threads[t].proc][s->threads[t].loc];
}

static unsigned edges_of(const cg_model *m, const cg_state *s, unsigned t)
{
    const ordo_edge_index *x = &m->out[s->threads[t].proc];
    return x->start[s->threads[t].loc + 1] - x->start[s->threads[t].loc];
}

/* ---- enabledness -------------------------------------------------------- */

static ordo_eval_status eval_in(const cg_model *m, const cg_state *s, unsigned t,
                                const ordo_expr *e, int64_t *v)
{
    expl_view view = { .p = m->p, .prec = m->prec, .mode = m->mode, .s = (cg_state *)s,
                       .thread = t };
    return expl_eval(&view, e, v, NULL);
}

static bool has_ended(const cg_state *s, unsigned t, int64_t id)
{
    return id >= 0 && (uint64_t)id < s->n_threads && (unsigned)id != t && s->threads[id].done;
}

/* The thread a join at t's location waits for: its id, -1 when the state
 * does not know it. */
static int64_t join_target(const cg_model *m, const cg_state *s, unsigned t,
                           const ordo_stmt *join)
{
    int64_t id;
    return eval_in(m, s, t, join->cond, &id) == ORDO_EVAL_OK ? id : -1;
}

/* A held lock or a join no ended thread satisfies: the state knows it
 * blocks (the synchronisation state is exact, state.h). */
static bool blocked(const cg_model *m, const cg_state *s, unsigned t, const ordo_stmt *st)
{
    if (st->kind == ORDO_S_LOCK) {
        int64_t addr;
        return eval_in(m, s, t, st->addr, &addr) == ORDO_EVAL_OK &&
               cg_state_mutex_owner(s, (uint64_t)addr) >= 0;
    }
    if (st->kind != ORDO_S_THREAD_JOIN)
        return false;
    int64_t id = join_target(m, s, t, st);
    if (id >= 0)
        return !has_ended(s, t, id);
    for (unsigned k = 0; k < s->n_threads; k++)
        if (has_ended(s, t, k))
            return false;
    return true;
}

static const ordo_stmt *statement_at(const cg_model *m, const cg_state *s, unsigned t,
                                     unsigned i)
{
    const ordo_proc *f = &m->p->procs[s->threads[t].proc];
    return por_first_statement(f->edges[m->out[s->threads[t].proc].edge[i]].stmt);
}

static bool may_run(const cg_model *m, const cg_state *s, unsigned t)
{
    const cg_thread *th = &s->threads[t];
    if (th->done || (s->atomic_owner >= 0 && s->atomic_owner != (int)t))
        return false;
    const ordo_edge_index *x = &m->out[th->proc];
    for (unsigned i = x->start[th->loc]; i < x->start[th->loc + 1]; i++)
        if (!blocked(m, s, t, statement_at(m, s, t, i)))
            return true;
    return false;
}


/* ---- future actions (Definitions 9 and 10) ------------------------------ */

/* The join at v's location, if any. */
static const ordo_stmt *join_at(const cg_model *m, const cg_state *s, unsigned v)
{
    const ordo_edge_index *x = &m->out[s->threads[v].proc];
    for (unsigned i = x->start[s->threads[v].loc]; i < x->start[s->threads[v].loc + 1]; i++) {
        const ordo_stmt *st = statement_at(m, s, v, i);
        if (st->kind == ORDO_S_THREAD_JOIN)
            return st;
    }
    return NULL;
}

/* May the future f (of the threads `reached`) enable an action of v that
 * is not enabled now (Definition 9; footnote 3's joins and releases)? */
static bool may_enable(const cg_por *por, const cg_state *s,
                       const por_summary *f, const bool *reached, unsigned v)
{
    const cg_thread *th = &s->threads[v];
    const por_summary *here = &por->tables.here[th->proc][th->loc];
    if (!por->runnable[v] && (here->flags & POR_LOCK) && (f->flags & POR_UNLOCK))
        return true;
    if (!por->runnable[v] && por->join[v]) {
        int64_t k = por->join_id[v];
        if (k >= 0 ? (uint64_t)k < s->n_threads && reached[k] : (f->flags & POR_END) != 0)
            return true;
    }
    return por_writes_any(&por->tables, f, por->tables.guard[th->proc][th->loc]);
}

/* Can some future enable an action of v that is not enabled now? Only
 * a lock or join v waits at, or an assume at v's location that may block
 * (may_enable's three cases); the others are left out of the fixpoint. */
static bool enablable(const cg_por *por, const cg_state *s, unsigned v)
{
    const cg_thread *th = &s->threads[v];
    if (th->done)
        return false;
    if (!por->runnable[v] && ((here_of(por, s, v)->flags & POR_LOCK) || por->join[v]))
        return true;
    const uint64_t *guard = por->tables.guard[th->proc][th->loc];
    for (unsigned i = 0; i < por->tables.words; i++)
        if (guard[i])
            return true;
    return false;
}

/* future(s, u) of the static approximation of Section 3.3: u's CFA from
 * its location, and recursively the threads that may become enabled. The
 * fixpoint is monotone, so visiting only the enablable threads (in any
 * order) gives the same future. */
static void future_of(cg_por *por, const cg_state *s, unsigned u)
{
    unsigned n = s->n_threads;
    bool *reached = por->reached + (size_t)u * n;
    por_summary *f = &por->future[u];
    memset(reached, 0, n * sizeof *reached);
    reached[u] = true;
    copy_summary(&por->tables, f, &por->tables.future[s->threads[u].proc][s->threads[u].loc]);
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned i = 0; i < por->n_enablable; i++) {
            unsigned v = por->enablable[i];
            if (!reached[v] && may_enable(por, s, f, reached, v)) {
                reached[v] = true;
                por_summary_join(&por->tables, f,
                                 &por->tables.future[s->threads[v].proc][s->threads[v].loc]);
                changed = true;
            }
        }
    }
}

static void prepare(cg_por *por, const cg_model *m, const cg_state *s)
{
    reserve(por, s->n_threads);
    por->n_enablable = 0;
    for (unsigned t = 0; t < s->n_threads; t++) {
        por->runnable[t] = may_run(m, s, t);
        por->join[t] = s->threads[t].done ? NULL : join_at(m, s, t);
        por->join_id[t] = por->join[t] ? join_target(m, s, t, por->join[t]) : -1;
    }
    for (unsigned t = 0; t < s->n_threads; t++)
        if (enablable(por, s, t))
            por->enablable[por->n_enablable++] = t;
    for (unsigned u = 0; u < s->n_threads; u++)
        if (por->runnable[u])
            future_of(por, s, u);
}

/* ---- Algorithm 1 -------------------------------------------------------- */

/* Does u's future (or a join/end pair) depend on the set's actions? */
static bool depends_on_set(const cg_por *por, const cg_state *s, unsigned u)
{
    const bool *reached = por->reached + (size_t)u * s->n_threads;
    const por_summary *f = &por->future[u];
    for (unsigned i = 0; i < por->n_members; i++) {
        unsigned v = por->members[i];
        if (reached[v])
            return true; /* an action of v's thread in u's future */
        if (por->join[v]) {
            int64_t k = por->join_id[v];
            if (k >= 0 ? (uint64_t)k == u : (f->flags & POR_END) != 0)
                return true;
        }
    }
    if ((por->here_of_set.flags & POR_END) && (f->flags & POR_JOIN))
        return true;
    return por_dependent(&por->tables, f, &por->here_of_set, por->aware ? por->tracked : NULL);
}

/* Thread t's actions join the set: as the abstractor evaluates them in s,
 * so under DCOI their simplifications (por_join_action). */
static void add_to_set(cg_por *por, const cg_model *m, const cg_state *s, unsigned t,
                       bool *in_set)
{
    in_set[t] = true;
    por->members[por->n_members++] = t;
    if (!m->coi) {
        const por_summary *here = here_of(por, s, t);
        por_summary_join(&por->tables, &por->here_of_set, here);
        por->here_of_set.flags |= here->flags;
        return;
    }
    const cg_thread *th = &s->threads[t];
    const ordo_edge_index *x = &m->out[th->proc];
    for (unsigned i = x->start[th->loc]; i < x->start[th->loc + 1]; i++)
        por_join_action(&por->tables, &por->here_of_set, th->proc, x->edge[i],
                        cg_coi_peek(m->coi, s, t, x->edge[i]));
}

static void closure(cg_por *por, const cg_model *m, const cg_state *s, unsigned seed,
                    bool *in_set)
{
    memset(in_set, 0, s->n_threads * sizeof *in_set);
    memset(por->here_of_set.reads, 0, por->tables.words * sizeof(uint64_t));
    memset(por->here_of_set.writes, 0, por->tables.words * sizeof(uint64_t));
    por->here_of_set.flags = 0;
    por->n_members = 0;
    add_to_set(por, m, s, seed, in_set);
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned u = 0; u < s->n_threads; u++)
            if (por->runnable[u] && !in_set[u] && depends_on_set(por, s, u)) {
                add_to_set(por, m, s, u, in_set);
                changed = true;
            }
    }
}

void cg_por_source_set(cg_por *por, const cg_model *m, const cg_state *s, unsigned seed,
                       bool *in_set)
{
    prepare(por, m, s);
    closure(por, m, s, seed, in_set);
}

static void take(cg_por *por, cg_model *m, const cg_state *s, unsigned t, cg_succs *out)
{
    por->taken[t] = true;
    por->stats.source_set_actions += edges_of(m, s, t);
    cg_thread_successors(m, s, t, out);
}

/* The actions of the set's threads that no earlier set took. */
static unsigned new_actions(const cg_por *por, const cg_model *m, const cg_state *s,
                            const bool *in_set)
{
    unsigned n = 0;
    for (unsigned t = 0; t < s->n_threads; t++)
        if (in_set[t] && !por->taken[t])
            n += edges_of(m, s, t);
    return n;
}

/* Algorithm 1 lets any enabled action seed ("for some α"): every thread
 * that may run and that no earlier set took seeds in turn, and the set
 * with the fewest new actions is kept in in_set (ties: the lower seed),
 * as THETA's SPOR and AASPOR do. A fixed seed often starts from a
 * thread that every other one depends on (main before its joins), while
 * another seed's set would be one thread alone. False: no seed is left. */
static bool smallest_set(cg_por *por, const cg_model *m, const cg_state *s, bool *in_set)
{
    /* No set has fewer actions than its seed thread: a set of the fewest
     * actions of any one thread ends the search (a closure costs O(n) per
     * member and round; Figure 3.2 with N = 256 has 513 threads). */
    unsigned fewest = 0;
    for (unsigned t = 0; t < s->n_threads; t++)
        if (por->runnable[t] && !por->taken[t] && (fewest == 0 || edges_of(m, s, t) < fewest))
            fewest = edges_of(m, s, t);
    unsigned best = s->n_threads, best_size = 0, last = s->n_threads;
    for (unsigned seed = 0; seed < s->n_threads && !(best < s->n_threads && best_size == fewest);
         seed++) {
        if (!por->runnable[seed] || por->taken[seed])
            continue;
        closure(por, m, s, seed, in_set);
        last = seed;
        unsigned size = new_actions(por, m, s, in_set);
        if (best == s->n_threads || size < best_size) {
            best = seed;
            best_size = size;
        }
    }
    if (best == s->n_threads)
        return false;
    if (last != best) /* in_set holds a later seed's set */
        closure(por, m, s, best, in_set);
    return true;
}

void cg_por_successors(cg_por *por, cg_model *m, const cg_state *s, cg_succs *out)
{
    double t0 = ordo_process_cputime_s(), in_transfer = 0;
    prepare(por, m, s);
    bool *in_set = in_set_of(por);
    memset(por->taken, 0, s->n_threads * sizeof *por->taken);
    for (unsigned t = 0; t < s->n_threads; t++)
        if (por->runnable[t])
            por->stats.enabled_actions += edges_of(m, s, t);
    while (smallest_set(por, m, s, in_set)) {
        unsigned before = out->n;
        double t1 = ordo_process_cputime_s();
        for (unsigned t = 0; t < s->n_threads; t++)
            if (in_set[t] && !por->taken[t])
                take(por, m, s, t, out);
        in_transfer += ordo_process_cputime_s() - t1;
        if (out->n > before)
            break; /* else the whole set is disabled: the next thread seeds */
    }
    por->stats.time_s += ordo_process_cputime_s() - t0 - in_transfer;
}

bool cg_por_postponed(const cg_por *por, const cg_state *s)
{
    for (unsigned t = 0; t < s->n_threads; t++)
        if (por->runnable[t] && !por->taken[t])
            return true;
    return false;
}

bool cg_por_expand_fully(cg_por *por, cg_model *m, const cg_state *s, const bool *taken,
                         cg_succs *out)
{
    double t0 = ordo_process_cputime_s();
    prepare(por, m, s);
    por->stats.time_s += ordo_process_cputime_s() - t0;
    memcpy(por->taken, taken, s->n_threads * sizeof *por->taken);
    bool any = false;
    for (unsigned t = 0; t < s->n_threads; t++)
        if (por->runnable[t] && !por->taken[t]) {
            take(por, m, s, t, out);
            any = true;
        }
    por->stats.fully_expanded += any;
    return any;
}
