/* Thread pools: merging, a member's step, concrete paths (pool.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "live.h"
#include "pool.h"
#include "pred.h"

struct cg_pools {
    const cg_loops *loops;  /* of the program */
    unsigned named;         /* threads of a procedure that keep their ids */
    double merges;
};

cg_pools *cg_pools_new(const cg_loops *loops, unsigned named)
{
    cg_pools *x = xcalloc(1, sizeof *x);
    x->loops = loops;
    x->named = named;
    return x;
}

void cg_pools_free(cg_pools *x)
{
    free(x);
}

double cg_pools_merges(const cg_pools *x)
{
    return x ? x->merges : 0;
}

bool cg_pool_anonymous(const cg_pools *x, const cg_state *s, unsigned proc, unsigned edge,
                       unsigned started)
{
    unsigned named = 0;
    for (unsigned t = 1; t < s->n_threads; t++) {
        if (s->threads[t].anon)
            return true;
        named += s->threads[t].proc == started;
    }
    return cg_loops_on_cycle(x->loops, proc, edge) && named >= x->named;
}

bool cg_pool_may_be_anonymous(const cg_state *s, int64_t id)
{
    for (unsigned t = 0; t < s->n_threads; t++)
        if (s->threads[t].anon)
            return id >= (int64_t)t;
    return false;
}

/* ---- the threads a fact mentions ------------------------------------------ */

#define THREAD_FIELD (UINT64_C(0x1fffffff) << 32)
/* A thread number no state has: where facts of two entries are compared. */
#define PLACEHOLDER (CG_NO_THREAD - 1)

typedef unsigned (*thread_map)(const void *ud, unsigned t);

static bool is_local_key(const ordo_program *p, uint64_t key)
{
    return (key & CG_VAR_KEY) && key != CG_ALLOC_KEY &&
           !p->vars[(unsigned)(key & 0xffffffffu)].is_global;
}

static bool is_pred_key(uint64_t key)
{
    return key >= CG_CELL_LIMIT && !(key & CG_VAR_KEY);
}

static bool is_copy_key(uint64_t key)
{
    return (key & CG_VAR_KEY) && (key & CG_COPY_BIT) && key != CG_ALLOC_KEY;
}

/* Adds the threads place `key` names to t[0..*n) (at most 4). */
static void place_threads(const ordo_program *p, uint64_t key, unsigned t[4], unsigned *n)
{
    if (is_local_key(p, key)) {
        t[(*n)++] = (unsigned)((key & THREAD_FIELD) >> 32);
    } else if (is_pred_key(key)) {
        unsigned ta = (unsigned)(key >> 21 & CG_NO_THREAD), tb = (unsigned)(key & CG_NO_THREAD);
        if (ta != CG_NO_THREAD)
            t[(*n)++] = ta;
        if (tb != CG_NO_THREAD)
            t[(*n)++] = tb;
    }
}

/* The threads fact v mentions (with repetitions); returns how many. */
static unsigned fact_threads(const ordo_program *p, const cg_value *v, unsigned t[4])
{
    unsigned n = 0;
    place_threads(p, v->key, t, &n);
    if (is_copy_key(v->key))
        place_threads(p, (uint64_t)v->value, t, &n);
    return n;
}

static bool mentions(const ordo_program *p, const cg_value *v, unsigned thread)
{
    unsigned t[4], n = fact_threads(p, v, t);
    for (unsigned i = 0; i < n; i++)
        if (t[i] == thread)
            return true;
    return false;
}

static uint64_t map_place(const ordo_program *p, uint64_t key, thread_map f, const void *ud)
{
    if (is_local_key(p, key)) {
        unsigned t = f(ud, (unsigned)((key & THREAD_FIELD) >> 32));
        return (key & ~THREAD_FIELD) | (uint64_t)t << 32;
    }
    if (is_pred_key(key)) {
        unsigned ta = (unsigned)(key >> 21 & CG_NO_THREAD), tb = (unsigned)(key & CG_NO_THREAD);
        return cg_pred_key(cg_pred_key_pred(key), ta == CG_NO_THREAD ? ta : f(ud, ta),
                           tb == CG_NO_THREAD ? tb : f(ud, tb));
    }
    return key;
}

/* Fact v with every thread t it mentions renamed f(t). */
static cg_value map_fact(const ordo_program *p, cg_value v, thread_map f, const void *ud)
{
    cg_value r = { map_place(p, v.key, f, ud), v.value };
    if (is_copy_key(v.key))
        r.value = (int64_t)map_place(p, (uint64_t)v.value, f, ud);
    return r;
}

typedef struct {
    unsigned from, to;
} renaming;

static unsigned rename_one(const void *ud, unsigned t)
{
    const renaming *r = ud;
    return t == r->from ? r->to : t;
}

/* Entries after a removed one move down. */
static unsigned shift_down(const void *ud, unsigned t)
{
    return t > *(const unsigned *)ud ? t - 1 : t;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const cg_value *)a)->key, y = ((const cg_value *)b)->key;
    return x < y ? -1 : x > y;
}

/* Facts in key order (a state without facts may have no array: qsort's
 * NULL is undefined even when empty). */
static void sort_facts(cg_value *v, unsigned n)
{
    if (n)
        qsort(v, n, sizeof *v, by_key);
}

/* ---- merging ---------------------------------------------------------------- */

/* Do the facts that mention t mention no other thread? */
static bool self_contained(const ordo_program *p, const cg_state *s, unsigned t)
{
    for (unsigned i = 0; i < s->n_vals; i++) {
        unsigned th[4], n = fact_threads(p, &s->vals[i], th);
        bool has = false, other = false;
        for (unsigned k = 0; k < n; k++) {
            has |= th[k] == t;
            other |= th[k] != t;
        }
        if (has && other)
            return false;
    }
    return true;
}

/* The facts of t, t renamed PLACEHOLDER, sorted (malloc'ed). */
static unsigned own_facts(const ordo_program *p, const cg_state *s, unsigned t, cg_value **out)
{
    renaming r = { t, PLACEHOLDER };
    unsigned n = 0;
    *out = xmalloc((s->n_vals + 1) * sizeof **out);
    for (unsigned i = 0; i < s->n_vals; i++)
        if (mentions(p, &s->vals[i], t))
            (*out)[n++] = map_fact(p, s->vals[i], rename_one, &r);
    sort_facts(*out, n);
    return n;
}

static bool holds_something(const cg_state *s, unsigned t)
{
    if (s->atomic_owner == (int)t)
        return true;
    for (unsigned i = 0; i < s->n_held; i++)
        if (s->held[i].owner == t)
            return true;
    return false;
}

static bool alike(const cg_thread *a, const cg_thread *b)
{
    return a->anon && b->anon && a->proc == b->proc && a->loc == b->loc && a->done == b->done;
}

static bool mergeable(const ordo_program *p, const cg_state *s, unsigned i, unsigned j)
{
    if (!alike(&s->threads[i], &s->threads[j]) || holds_something(s, i) ||
        holds_something(s, j) || !self_contained(p, s, i) || !self_contained(p, s, j))
        return false;
    cg_value *a, *b;
    unsigned na = own_facts(p, s, i, &a), nb = own_facts(p, s, j, &b);
    bool same = na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
    free(a);
    free(b);
    return same;
}

/* A step of normalisation, for concrete paths (state.h: merges). */
static void record(cg_state *s, unsigned a, unsigned b)
{
    s->merges = xrealloc(s->merges, 2 * (s->n_merges + 1) * sizeof *s->merges);
    s->merges[2 * s->n_merges] = a;
    s->merges[2 * s->n_merges++ + 1] = b;
}

/* Entry j joins entry i's pool and is removed; later entries move down. */
static void merge(const ordo_program *p, cg_state *s, unsigned i, unsigned j)
{
    unsigned n = 0;
    for (unsigned k = 0; k < s->n_vals; k++)
        if (!mentions(p, &s->vals[k], j))
            s->vals[n++] = map_fact(p, s->vals[k], shift_down, &j);
    s->n_vals = n;
    sort_facts(s->vals, n);
    s->threads[i].pool = true;
    memmove(&s->threads[j], &s->threads[j + 1], (s->n_threads - j - 1) * sizeof *s->threads);
    s->n_threads--;
    for (unsigned k = 0; k < s->n_held; k++)
        s->held[k].owner = shift_down(&j, s->held[k].owner);
    if (s->atomic_owner > (int)j)
        s->atomic_owner--;
    record(s, i, j);
}

/* Does e read some local, and only locals flagged dead (and globals)? */
static bool reads_dead_locals(const ordo_program *p, const ordo_expr *e, const bool *dead,
                              bool *some)
{
    if (!e)
        return true;
    if (e->kind == ORDO_E_VAR && !p->vars[e->var].is_global) {
        *some = true;
        if (!dead[e->var])
            return false;
    }
    return reads_dead_locals(p, e->kid[0], dead, some) &&
           reads_dead_locals(p, e->kid[1], dead, some) &&
           reads_dead_locals(p, e->kid[2], dead, some);
}

/* Is fact v, which mentions t, one t no longer needs: every fact of an
 * ended thread, else an instance of a predicate over t's locals that t's
 * location reads no more (live.h), globals beside them? What it said of
 * the globals, the predicates over them said when the action ran. */
static bool about_dead(const cg_model *m, const cg_state *s, unsigned t, const bool *dead,
                       const cg_value *v)
{
    if (s->threads[t].done)
        return true;
    if (!is_pred_key(v->key) || (v->key & CG_NO_THREAD) != CG_NO_THREAD)
        return false;
    bool some = false;
    return reads_dead_locals(m->p, m->prec->preds[cg_pred_key_pred(v->key)], dead, &some) &&
           some;
}

/* An anonymous thread forgets what its dead locals held (a weaker state),
 * so that threads that differ only there merge. */
static void forget_dead(const cg_model *m, cg_state *s)
{
    bool *dead = xcalloc(m->p->n_vars + 1, sizeof *dead);
    for (unsigned t = 1; t < s->n_threads; t++) {
        const cg_thread *th = &s->threads[t];
        if (!th->anon)
            continue;
        unsigned n_dead, n = 0;
        const unsigned *d = cg_live_dead_at(m->live, th->proc, th->loc, &n_dead);
        for (unsigned i = 0; i < n_dead; i++)
            dead[d[i]] = true;
        for (unsigned k = 0; k < s->n_vals; k++)
            if (!mentions(m->p, &s->vals[k], t) || !about_dead(m, s, t, dead, &s->vals[k]))
                s->vals[n++] = s->vals[k];
        s->n_vals = n;
        for (unsigned i = 0; i < n_dead; i++)
            dead[d[i]] = false;
    }
    free(dead);
}

/* ---- canonical order -------------------------------------------------------- */

typedef struct {
    unsigned a, b;
} swap;

static unsigned swap_one(const void *ud, unsigned t)
{
    const swap *x = ud;
    return t == x->a ? x->b : t == x->b ? x->a : t;
}

/* Anonymous entries a and b (a < b) exchange places, facts and mutexes. */
static void exchange(const ordo_program *p, cg_state *s, unsigned a, unsigned b)
{
    swap x = { a, b };
    cg_thread t = s->threads[a];
    s->threads[a] = s->threads[b];
    s->threads[b] = t;
    for (unsigned k = 0; k < s->n_vals; k++)
        s->vals[k] = map_fact(p, s->vals[k], swap_one, &x);
    sort_facts(s->vals, s->n_vals);
    for (unsigned k = 0; k < s->n_held; k++)
        s->held[k].owner = swap_one(&x, s->held[k].owner);
    if (s->atomic_owner >= 0)
        s->atomic_owner = (int)swap_one(&x, (unsigned)s->atomic_owner);
    record(s, a, b | CG_POOL_SWAP);
}

static bool ordered(const cg_thread *a, const cg_thread *b)
{
    if (a->proc != b->proc)
        return a->proc < b->proc;
    if (a->loc != b->loc)
        return a->loc < b->loc;
    if (a->done != b->done)
        return a->done < b->done;
    return a->pool <= b->pool;
}

/* The anonymous entries sorted by procedure, location, end and pool
 * (stably: entries alike but for their facts keep their order), so that
 * states that differ only in the order their anonymous threads took
 * cover each other: entry numbers of anonymous threads name no id. */
static void sort_anonymous(const ordo_program *p, cg_state *s)
{
    for (unsigned i = 2; i < s->n_threads; i++)
        for (unsigned j = i; j > 1 && s->threads[j - 1].anon && s->threads[j].anon &&
                             !ordered(&s->threads[j - 1], &s->threads[j]);
             j--)
            exchange(p, s, j - 1, j);
}

void cg_pool_normalize(cg_model *m, cg_state *s)
{
    s->n_merges = 0;
    forget_dead(m, s);
    for (unsigned i = 1; i < s->n_threads; i++)
        for (unsigned j = i + 1; j < s->n_threads;) {
            if (!mergeable(m->p, s, i, j)) {
                j++;
                continue;
            }
            merge(m->p, s, i, j);
            m->pools->merges++;
        }
    sort_anonymous(m->p, s);
}

/* ---- a member's step ------------------------------------------------------- */

/* s with a fresh single entry (the last) that has pool's facts. */
static cg_state *split_member(const ordo_program *p, const cg_state *s, unsigned pool)
{
    cg_state *c = cg_state_copy(s);
    const cg_thread *th = &s->threads[pool];
    renaming r = { pool, cg_state_add_thread(c, th->proc, th->loc) };
    c->threads[r.to].anon = true;
    for (unsigned i = 0; i < s->n_vals; i++)
        if (mentions(p, &s->vals[i], pool)) {
            cg_value v = map_fact(p, s->vals[i], rename_one, &r);
            expl_set(c, v.key, v.value);
        }
    return c;
}

/* Thread t of s takes its edges; the actions are the pool's. */
static void member_steps(cg_model *m, const cg_state *s, unsigned t, unsigned pool,
                         cg_pool_step kind, cg_succs *out)
{
    unsigned from = out->n;
    cg_thread_successors(m, s, t, out);
    for (unsigned i = from; i < out->n; i++) {
        out->v[i].action.thread = pool;
        out->v[i].action.pool = kind;
    }
}

/* Pool p's member acts: p is left with no members, or with some. */
static void pool_steps(cg_model *m, const cg_state *s, unsigned p, cg_succs *out)
{
    cg_state *last = cg_state_copy(s);
    last->threads[p].pool = false;
    member_steps(m, last, p, p, CG_POOL_LAST, out);
    cg_state_free(last);
    cg_state *split = split_member(m->p, s, p);
    member_steps(m, split, split->n_threads - 1, p, CG_POOL_MEMBER, out);
    cg_state_free(split);
}

void cg_pool_successors(cg_model *m, const cg_state *s, cg_succs *out)
{
    for (unsigned t = 0; t < s->n_threads; t++) {
        unsigned from = out->n;
        if (s->threads[t].pool)
            pool_steps(m, s, t, out);
        else
            cg_thread_successors(m, s, t, out);
        for (unsigned i = from; i < out->n; i++)
            cg_pool_normalize(m, out->v[i].state);
    }
}

/* ---- concrete paths ---------------------------------------------------------- */

/* Concrete threads by creation: their control, and the entry of the
 * current abstract state each is a member of (-1: idle for good). */
typedef struct {
    unsigned n, cap;
    cg_thread *th;
    int *entry;
    bool cloning;     /* a pool's last member split off leaves a clone */
    int clone_of;     /* the step's clone: its original, else -1 */
} replay;

static int first_member(const replay *r, int entry, int except)
{
    for (unsigned c = 0; c < r->n; c++)
        if (r->entry[c] == entry && (int)c != except)
            return (int)c;
    return -1;
}

static void add_concrete(replay *r, int entry)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->th = xrealloc(r->th, r->cap * sizeof *r->th);
        r->entry = xrealloc(r->entry, r->cap * sizeof *r->entry);
    }
    r->th[r->n] = (cg_thread){ 0 };
    r->entry[r->n++] = entry;
}

/* The members of the entries a fact mentions, chosen in every way. */
typedef struct {
    const replay *r;
    unsigned n;
    unsigned entry[4], member[4];
} choice;

static unsigned chosen(const void *ud, unsigned t)
{
    const choice *c = ud;
    for (unsigned i = 0; i < c->n; i++)
        if (c->entry[i] == t)
            return c->member[i];
    return t;
}

static void emit_choices(const ordo_program *p, cg_state *out, const cg_value *v, choice *c,
                         unsigned k)
{
    if (k == c->n) {
        cg_value w = map_fact(p, *v, chosen, c);
        out->vals = xrealloc(out->vals, (out->n_vals + 1) * sizeof *out->vals);
        out->vals[out->n_vals++] = w;
        return;
    }
    for (unsigned m = 0; m < c->r->n; m++)
        if (c->r->entry[m] == (int)c->entry[k]) {
            c->member[k] = m;
            emit_choices(p, out, v, c, k + 1);
        }
}

/* Fact v given to every member of the entries it mentions. */
static void concrete_facts(const ordo_program *p, const replay *r, const cg_value *v,
                           cg_state *out)
{
    unsigned t[4], n = fact_threads(p, v, t);
    choice c = { .r = r };
    for (unsigned i = 0; i < n; i++) {
        unsigned k = 0;
        while (k < c.n && c.entry[k] != t[i])
            k++;
        if (k == c.n)
            c.entry[c.n++] = t[i];
    }
    emit_choices(p, out, v, &c, 0);
}

static unsigned owner_of(const replay *r, unsigned entry)
{
    int c = first_member(r, (int)entry, -1);
    return c < 0 ? entry : (unsigned)c;
}

/* The abstract state s over the concrete threads. */
static cg_state *concrete_state(const ordo_program *p, const cg_state *s, const replay *r)
{
    cg_state *c = xcalloc(1, sizeof *c);
    c->n_threads = r->n;
    c->threads = xmalloc((r->n + 1) * sizeof *c->threads);
    memcpy(c->threads, r->th, r->n * sizeof *r->th);
    c->atomic_owner = s->atomic_owner < 0 ? -1 : (int)owner_of(r, (unsigned)s->atomic_owner);
    c->atomic_depth = s->atomic_depth;
    c->n_held = s->n_held;
    c->held = xmalloc((s->n_held + 1) * sizeof *c->held);
    for (unsigned i = 0; i < s->n_held; i++)
        c->held[i] = (cg_held){ s->held[i].addr, owner_of(r, s->held[i].owner) };
    for (unsigned i = 0; i < s->n_vals; i++)
        concrete_facts(p, r, &s->vals[i], c);
    sort_facts(c->vals, c->n_vals);
    return c;
}

/* The members of the entries of `next` take their control. */
static void take_control(replay *r, const cg_state *next)
{
    for (unsigned c = 0; c < r->n; c++)
        if (r->entry[c] >= 0) {
            const cg_thread *t = &next->threads[r->entry[c]];
            r->th[c] = (cg_thread){ .proc = t->proc, .loc = t->loc, .done = t->done };
        }
}

/* How many entries the merges that made s removed (swaps remove none). */
static unsigned removals(const cg_state *s)
{
    unsigned n = 0;
    for (unsigned k = 0; k < s->n_merges; k++)
        n += !(s->merges[2 * k + 1] & CG_POOL_SWAP);
    return n;
}

/* The merges that made `next` applied to the entries. */
static void follow_merges(replay *r, const cg_state *next)
{
    for (unsigned k = 0; k < next->n_merges; k++) {
        unsigned a = next->merges[2 * k], b = next->merges[2 * k + 1];
        swap x = { a, b & ~CG_POOL_SWAP };
        for (unsigned c = 0; c < r->n; c++)
            if (r->entry[c] < 0)
                continue;
            else if (b & CG_POOL_SWAP)
                r->entry[c] = (int)swap_one(&x, (unsigned)r->entry[c]);
            else if (r->entry[c] == (int)b)
                r->entry[c] = (int)a;
            else if (r->entry[c] > (int)b)
                r->entry[c]--;
    }
}

/* Action a from s to next, taken by concrete threads: *c its concrete
 * form; NULL, or why no concrete thread can take it. */
static const char *concrete_step(replay *r, const cg_action *a, const cg_state *s,
                                 const cg_state *next, cg_action *c)
{
    int who = first_member(r, (int)a->thread, -1);
    if (who < 0)
        return "no thread of a pool is left to take a step";
    int joined = a->join >= 0 ? first_member(r, a->join, who) : -1;
    if (a->join >= 0 && joined < 0)
        return "no thread of a pool is left to be joined";
    *c = (cg_action){ (unsigned)who, a->edge, joined, CG_POOL_NONE, a->mutex };
    unsigned n = s->n_threads;
    if (a->pool == CG_POOL_LAST)
        for (unsigned k = 0; k < r->n; k++)
            if (r->entry[k] == (int)a->thread && (int)k != who)
                r->entry[k] = -1;
    r->clone_of = -1;
    if (a->pool == CG_POOL_MEMBER && r->cloning && first_member(r, (int)a->thread, who) < 0) {
        add_concrete(r, (int)a->thread);
        r->th[r->n - 1] = r->th[who];
        r->clone_of = who;
    }
    if (a->pool == CG_POOL_MEMBER)
        r->entry[who] = (int)n++;
    unsigned before_merges = next->n_threads + removals(next);
    if (before_merges < n)
        return "a step that loses threads";
    for (; n < before_merges; n++)
        add_concrete(r, (int)n);
    follow_merges(r, next);
    take_control(r, next);
    return NULL;
}

const char *cg_pool_concretize(const ordo_program *p, const cg_action *actions,
                               const cg_state *const *states, unsigned n, cg_action **c_actions,
                               cg_state ***c_states)
{
    return cg_pool_concretize_cloning(p, actions, states, n, c_actions, c_states, NULL);
}

const char *cg_pool_concretize_cloning(const ordo_program *p, const cg_action *actions,
                                       const cg_state *const *states, unsigned n,
                                       cg_action **c_actions, cg_state ***c_states,
                                       int **clone_of)
{
    replay r = { .cloning = clone_of != NULL };
    if (clone_of)
        *clone_of = xmalloc((n + 1) * sizeof **clone_of);
    for (unsigned t = 0; t < states[0]->n_threads; t++)
        add_concrete(&r, (int)t);
    take_control(&r, states[0]);
    *c_actions = xmalloc((n + 1) * sizeof **c_actions);
    *c_states = xcalloc(n + 2, sizeof **c_states);
    (*c_states)[0] = concrete_state(p, states[0], &r);
    const char *why = NULL;
    for (unsigned i = 0; i < n && !why; i++) {
        why = concrete_step(&r, &actions[i], states[i], states[i + 1], &(*c_actions)[i]);
        if (clone_of)
            (*clone_of)[i] = r.clone_of;
        if (!why)
            (*c_states)[i + 1] = concrete_state(p, states[i + 1], &r);
    }
    free(r.th);
    free(r.entry);
    return why;
}
