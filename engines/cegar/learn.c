/* What a passed assumption teaches the explicit-value domain (learn.h). */
#include "learn.h"

typedef struct {
    const expl_view *v;
    const ordo_stmt *const *list;
    unsigned now;    /* the assumption's index in list */
    bool ok;         /* no contradiction so far */
} learner;

/* A variable of the view's thread, or a cell. */
typedef struct {
    bool is_mem;
    unsigned var;
    uint64_t addr;
} place;

typedef enum { W_NO, W_COPY, W_OTHER } write_kind;

/* Copy facts followed from one place at most (they form chains). */
enum { MAX_FACTS = 8 };

/* The place e reads. Before list[at] with at < now the view's values may
 * be stale, so a cell then needs a constant address. */
static bool place_of(const learner *l, const ordo_expr *e, unsigned at, place *p)
{
    if (e->kind == ORDO_E_VAR) {
        *p = (place){ .var = e->var };
        return true;
    }
    if (e->kind != ORDO_E_LOAD)
        return false;
    int64_t a = e->kid[0]->value;
    if (e->kid[0]->kind != ORDO_E_CONST &&
        (at != l->now || expl_eval(l->v, e->kid[0], &a, NULL) != ORDO_EVAL_OK))
        return false;
    *p = (place){ .is_mem = true, .addr = (uint64_t)a };
    return a > 0;
}

/* How statement st may change p: not at all, by an assignment (whose
 * right-hand side then tells p's value), or otherwise (a havoc, a store
 * at an address not known to differ, ...). */
static write_kind writes(const ordo_stmt *st, const place *p)
{
    if (st->kind == ORDO_S_LOCK || st->kind == ORDO_S_UNLOCK)
        return p->is_mem ? W_OTHER : W_NO;
    if (!st->has_lhs || st->lhs.is_mem != p->is_mem)
        return W_NO;
    if (!p->is_mem && st->lhs.var != p->var)
        return W_NO;
    if (p->is_mem && st->lhs.addr->kind == ORDO_E_CONST && (uint64_t)st->lhs.addr->value != p->addr)
        return W_NO;
    bool exact = !p->is_mem || st->lhs.addr->kind == ORDO_E_CONST;
    return exact && st->kind == ORDO_S_ASSIGN && st->rhs ? W_COPY : W_OTHER;
}

static bool written_since(const learner *l, const place *p, unsigned from)
{
    for (unsigned j = from; j < l->now; j++)
        if (writes(l->list[j], p) != W_NO)
            return true;
    return false;
}

/* A conversion that maps different values to different values. */
static bool injective(ordo_type from, ordo_type to)
{
    return from.kind == ORDO_TY_BOOL || (to.kind != ORDO_TY_BOOL && from.width <= to.width);
}

static void learn_value(learner *l, const ordo_expr *e, int64_t k, unsigned at);

/* e converted to type `to` has value k before list[at]. */
static void learn_converted(learner *l, const ordo_expr *e, ordo_type to, int64_t k, unsigned at)
{
    if (ordo_type_equal(e->type, to)) {
        learn_value(l, e, k, at);
        return;
    }
    if (!injective(e->type, to))
        return;
    int64_t back = ordo_value_convert(l->v->mode, e->type, k);
    if (ordo_value_convert(l->v->mode, to, back) == k)
        learn_value(l, e, back, at);
}

static uint64_t key_of(const learner *l, const place *p)
{
    return p->is_mem ? p->addr : expl_var_key(l->v, p->var);
}

/* The type of a variable's key; a cell's is the one it is read as. */
static ordo_type key_type(const learner *l, uint64_t key, ordo_type cell)
{
    return key < CG_CELL_LIMIT ? cell : l->v->p->vars[key & 0xffffffffu].type;
}

static bool key_tracked(const learner *l, uint64_t key)
{
    return key < CG_CELL_LIMIT ? cg_prec_has_cell(l->v->prec, key)
                               : l->v->prec->vars[key & 0xffffffffu];
}

static void fix_key(learner *l, uint64_t key, ordo_type type, int64_t k, unsigned depth);

/* The places copy facts equate with key (of type `type`, value k) hold
 * their converted values too: its source, and the variables copied from
 * it. */
static void follow_facts(learner *l, uint64_t key, ordo_type type, int64_t k, unsigned depth)
{
    uint64_t source;
    if (key >= CG_VAR_KEY && expl_copy_source(l->v->s, key, &source)) {
        ordo_type st = key_type(l, source, type);
        int64_t back = ordo_value_convert(l->v->mode, st, k);
        if (ordo_value_convert(l->v->mode, type, back) == k)
            fix_key(l, source, st, back, depth + 1);
    }
    uint64_t copies[MAX_FACTS];
    unsigned n = expl_copies_of(l->v->s, key, copies, MAX_FACTS);
    for (unsigned i = 0; i < n; i++) {
        ordo_type ct = key_type(l, copies[i], type);
        fix_key(l, copies[i], ct, ordo_value_convert(l->v->mode, ct, k), depth + 1);
    }
}

/* The place of key holds k now: kept when tracked and unknown (learnt,
 * not written: its copy facts stay), a contradiction when known
 * otherwise. depth: copy facts followed so far. */
static void fix_key(learner *l, uint64_t key, ordo_type type, int64_t k, unsigned depth)
{
    int64_t known;
    if (expl_get(l->v->s, key, &known)) {
        l->ok &= known == k;
        return;
    }
    if (!key_tracked(l, key))
        return;
    expl_set(l->v->s, key, k);
    if (depth < MAX_FACTS)
        follow_facts(l, key, type, k, depth);
}

/* The place p holds k before list[at]: so does what its last write in
 * the block copied. */
static void learn_place(learner *l, const place *p, ordo_type type, int64_t k, unsigned at)
{
    if (!written_since(l, p, at))
        fix_key(l, key_of(l, p), type, k, 0);
    for (unsigned j = at; j-- > 0;) {
        write_kind w = writes(l->list[j], p);
        if (w == W_COPY)
            learn_converted(l, l->list[j]->rhs, l->list[j]->lhs.type, k, j);
        if (w != W_NO)
            return;
    }
}

/* e (in its type) has value k before list[at]. */
static void learn_value(learner *l, const ordo_expr *e, int64_t k, unsigned at)
{
    place p;
    if (e->kind == ORDO_E_CAST)
        learn_converted(l, e->kid[0], e->type, k, at);
    else if (place_of(l, e, at, &p))
        learn_place(l, &p, e->type, k, at);
}

static bool unknown(const learner *l, const ordo_expr *e)
{
    int64_t unused;
    return expl_eval(l->v, e, &unused, NULL) == ORDO_EVAL_UNKNOWN;
}

/* x == k (equal) or x != k, k known and x not. */
static void learn_comparison(learner *l, const ordo_expr *cmp, bool equal)
{
    for (int side = 0; side < 2; side++) {
        const ordo_expr *x = cmp->kid[side];
        int64_t k;
        if (!unknown(l, x) || expl_eval(l->v, cmp->kid[1 - side], &k, NULL) != ORDO_EVAL_OK)
            continue;
        if (equal)
            learn_value(l, x, k, l->now);
        else if (x->type.kind == ORDO_TY_BOOL && (k == 0 || k == 1))
            learn_value(l, x, 1 - k, l->now);
        return;
    }
}

/* cond has the truth value `holds`. */
static void learn_cond(learner *l, const ordo_expr *cond, bool holds)
{
    if (cond->kind == ORDO_E_UNOP && cond->op == ORDO_U_LNOT) {
        learn_cond(l, cond->kid[0], !holds);
    } else if (cond->kind == ORDO_E_BINOP &&
               ((cond->op == ORDO_B_LAND && holds) || (cond->op == ORDO_B_LOR && !holds))) {
        learn_cond(l, cond->kid[0], holds);
        learn_cond(l, cond->kid[1], holds);
    } else if (cond->kind == ORDO_E_BINOP && (cond->op == ORDO_B_EQ || cond->op == ORDO_B_NE)) {
        learn_comparison(l, cond, (cond->op == ORDO_B_EQ) == holds);
    } else if (!holds || cond->type.kind == ORDO_TY_BOOL) {
        if (unknown(l, cond))
            learn_value(l, cond, holds, l->now);
    }
}

bool cg_learn(const expl_view *v, const ordo_stmt *const *list, unsigned at,
              const ordo_expr *cond)
{
    learner l = { .v = v, .list = list, .now = at, .ok = true };
    learn_cond(&l, cond, true);
    return l.ok;
}

void cg_learn_copy(const expl_view *v, const ordo_stmt *st)
{
    if (!st->has_lhs || st->lhs.is_mem || !v->prec->vars[st->lhs.var])
        return;
    const ordo_expr *e = st->rhs;
    if (e->kind == ORDO_E_CAST && e->kid[0]->kind == ORDO_E_VAR && ordo_type_equal(e->type, st->lhs.type) &&
        injective(e->kid[0]->type, e->type))
        e = e->kid[0];
    else if (!ordo_type_equal(e->type, st->lhs.type))
        return;
    learner l = { .v = v, .now = 0 };
    place src;
    if (!place_of(&l, e, 0, &src) || (!src.is_mem && src.var == st->lhs.var))
        return;
    uint64_t source = key_of(&l, &src), root;
    if (!key_tracked(&l, source))
        return;
    if (!src.is_mem && ordo_type_equal(e->type, st->lhs.type) && expl_copy_source(v->s, source, &root))
        source = root; /* x := y, y a copy of z: x is one of z */
    expl_copy_set(v->s, expl_var_key(v, st->lhs.var), source);
}
