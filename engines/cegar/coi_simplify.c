/* The simplification of an unobserved action (coi.h; thesis Algorithm 2,
 * lines 11-17, per written place of an LBE block). */
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/xalloc.h>

#include "coi.h"
#include "transfer.h"

/* A simplified form of a node: what became of each of its statements. */
typedef struct variant {
    char *mask;            /* per flattened statement: k(ept), h(avoc), n(o-op) */
    const ordo_stmt *stmt;
    struct variant *next;
} variant;

struct cg_simplifier {
    unsigned n_nodes;
    variant **variants;    /* per node */
    ordo_arena *arena;     /* the simplified statements */
};

cg_simplifier *cg_simplifier_new(unsigned n_nodes)
{
    cg_simplifier *s = xcalloc(1, sizeof *s);
    s->n_nodes = n_nodes;
    s->variants = xcalloc(n_nodes + 1, sizeof *s->variants);
    s->arena = ordo_arena_new();
    return s;
}

void cg_simplifier_free(cg_simplifier *s)
{
    for (unsigned n = 0; n < s->n_nodes; n++)
        for (variant *v = s->variants[n], *next; v; v = next) {
            next = v->next;
            free(v->mask);
            free(v);
        }
    free(s->variants);
    ordo_arena_free(s->arena);
    free(s);
}

/* The places whose value at some point of the block still matters. */
typedef struct {
    cg_place *v;
    unsigned n, cap;
} live_set;

static bool overlaps(cg_place a, cg_place b)
{
    if (a.kind == CG_PLACE_VAR || b.kind == CG_PLACE_VAR)
        return a.kind == b.kind && a.id == b.id;
    return a.kind == CG_PLACE_ANY_CELL || b.kind == CG_PLACE_ANY_CELL || a.id == b.id;
}

static bool is_live(const live_set *l, cg_place w)
{
    for (unsigned i = 0; i < l->n; i++)
        if (overlaps(l->v[i], w))
            return true;
    return false;
}

static void add_live(void *ctx, cg_place pl)
{
    live_set *l = ctx;
    XGROW(l->v, l->n, l->cap);
    l->v[l->n++] = pl;
}

/* An assignment or havoc that cannot block (dfg.h: one whose evaluation
 * may be undefined is a real observer, like the guards of its block). */
static bool simplifiable(const ordo_stmt *st)
{
    return (st->kind == ORDO_S_ASSIGN || st->kind == ORDO_S_HAVOC) && !cg_stmt_observes(st);
}

/* The mask of the block `list` (backwards: a statement is kept when it
 * writes a live place; a kept statement's reads become live). */
static void decide(const ordo_program *p, const ordo_stmt **list, unsigned n, live_set *live,
                   const cg_tracked *t, char *mask)
{
    for (unsigned i = n; i-- > 0;) {
        cg_place w;
        bool writes = cg_stmt_write(p, list[i], &w);
        if (!simplifiable(list[i]) || (writes && is_live(live, w))) {
            mask[i] = 'k';
            cg_stmt_reads(list[i], add_live, live);
        } else {
            mask[i] = cg_tracked_has(t, w) ? 'h' : 'n';
        }
    }
}

static ordo_stmt *copy_stmt(cg_simplifier *s, const ordo_stmt *st)
{
    ordo_stmt *x = ordo_arena_alloc(s->arena, sizeof *x);
    *x = *st;
    return x;
}

/* The statement a mask describes. An unobserved havoc stays a havoc, but
 * a copy of it: the abstractor then knows (by the statement differing
 * from the action's, frame.h's cg_frame_of_dcoi_havocs) that no real
 * observer reads what it writes, as for an assignment DCOI made havoc,
 * and PRED leaves the predicates over it unknown without checks. */
static const ordo_stmt *build(cg_simplifier *s, const ordo_stmt *st, const ordo_stmt **list,
                              unsigned n, const char *mask)
{
    const ordo_stmt **parts = ordo_arena_alloc(s->arena, (n + 1) * sizeof *parts);
    for (unsigned i = 0; i < n; i++) {
        parts[i] = list[i];
        if (mask[i] == 'k')
            continue;
        ordo_stmt *x = copy_stmt(s, list[i]);
        x->kind = mask[i] == 'h' ? ORDO_S_HAVOC : ORDO_S_SKIP;
        x->rhs = NULL;
        x->has_lhs = mask[i] == 'h';
        parts[i] = x;
    }
    if (st->kind != ORDO_S_SEQ)
        return parts[0];
    ordo_stmt *seq = copy_stmt(s, st);
    seq->n_stmts = n;
    seq->stmts = parts;
    return seq;
}

static const ordo_stmt *variant_of(cg_simplifier *s, unsigned node, const ordo_stmt *st,
                                   const ordo_stmt **list, unsigned n, const char *mask)
{
    for (variant *v = s->variants[node]; v; v = v->next)
        if (memcmp(v->mask, mask, n) == 0)
            return v->stmt;
    variant *v = xcalloc(1, sizeof *v);
    v->mask = xmalloc(n + 1);
    memcpy(v->mask, mask, n);
    v->stmt = build(s, st, list, n, mask);
    v->next = s->variants[node];
    s->variants[node] = v;
    return v->stmt;
}

static void count(const ordo_stmt **list, unsigned n, const char *mask, unsigned *havoc,
                  unsigned *nop)
{
    for (unsigned i = 0; i < n; i++) {
        if (mask[i] == 'n')
            ++*nop;
        else if (mask[i] == 'h' && list[i]->kind != ORDO_S_HAVOC)
            ++*havoc;
    }
}

static bool no_effect(const ordo_stmt *st)
{
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++)
            if (!no_effect(st->stmts[i]))
                return false;
        return true;
    }
    return st->kind == ORDO_S_SKIP || st->kind == ORDO_S_RETURN;
}

bool cg_coi_is_nop(const ordo_stmt *evaluated, const ordo_stmt *original)
{
    return evaluated != original && no_effect(evaluated);
}

const ordo_stmt *cg_simplify(cg_simplifier *s, const ordo_program *p, unsigned node,
                             const ordo_stmt *st, const cg_place *kept, unsigned n_kept,
                             const cg_tracked *t, unsigned *n_stmts, unsigned *havoc,
                             unsigned *nop)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap = 0;
    cg_flatten(st, &list, &n, &cap);
    live_set live = { 0 };
    for (unsigned i = 0; i < n_kept; i++)
        add_live(&live, kept[i]);
    char *mask = xmalloc(n + 1);
    mask[n] = '\0';
    decide(p, list, n, &live, t, mask);
    *n_stmts = n;
    *havoc = *nop = 0;
    count(list, n, mask, havoc, nop);
    const ordo_stmt *x = st;
    if (strspn(mask, "k") < n)
        x = variant_of(s, node, st, list, n, mask);
    free(mask);
    free(live.v);
    free(list);
    return x;
}
