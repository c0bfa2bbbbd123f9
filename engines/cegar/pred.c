/* The predicate domain: Cartesian predicate abstraction (pred.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "coi.h"
#include "path.h"
#include "frame.h"
#include "live.h"
#include "pred.h"
#include "pred_cache.h"
#include "pred_shape.h"
#include "pred_slice.h"

bool expr_equal(const ordo_expr *a, const ordo_expr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->op != b->op || !ordo_type_equal(a->type, b->type))
        return false;
    if ((a->kind == ORDO_E_CONST && a->value != b->value) ||
        (a->kind == ORDO_E_VAR && a->var != b->var))
        return false;
    for (int i = 0; i < 3; i++)
        if (!expr_equal(a->kid[i], b->kid[i]))
            return false;
    return true;
}

bool cg_reads_state(const ordo_expr *e)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_VAR || e->kind == ORDO_E_LOAD)
        return true;
    return cg_reads_state(e->kid[0]) || cg_reads_state(e->kid[1]) || cg_reads_state(e->kid[2]);
}

bool cg_prec_add_pred(cg_prec *pr, const ordo_program *p, const ordo_expr *e)
{
    (void)p;
    if (!cg_reads_state(e) || pr->n_preds >= 0xfffffu) /* the key's 20 bits */
        return false;
    for (unsigned i = 0; i < pr->n_preds; i++)
        if (expr_equal(pr->preds[i], e))
            return false;
    XGROW(pr->preds, pr->n_preds, pr->cap_preds);
    pr->preds[pr->n_preds++] = e;
    return true;
}

/* Predicate i's owners and locals (pred_shape.h). */
static const cg_pred_shape *shape(const cg_model *m, unsigned i)
{
    return cg_pred_shape_of(m->pred_shapes, m->p, m->prec, i);
}

typedef struct {
    unsigned pred;
    cg_binding b;
} instance;

static bool runs(const cg_model *m, const cg_state *s, unsigned t, unsigned owner)
{
    return owner == m->p->n_procs || s->threads[t].proc == owner;
}

static uint64_t instance_key(const instance *in)
{
    return cg_pred_key(in->pred, in->b.n > 0 ? in->b.thread[0] : CG_NO_THREAD,
                       in->b.n > 1 ? in->b.thread[1] : CG_NO_THREAD);
}

/* The instance of a data-state key. */
static instance key_instance(const cg_model *m, uint64_t key)
{
    instance in = { .pred = cg_pred_key_pred(key) };
    unsigned t[2] = { (unsigned)(key >> 21 & CG_NO_THREAD), (unsigned)(key & CG_NO_THREAD) };
    in.b = shape(m, in.pred)->owners;
    for (unsigned i = 0; i < in.b.n; i++)
        in.b.thread[i] = t[i];
    return in;
}

static void add_instance(instance **out, unsigned *n, unsigned *cap, instance in)
{
    XGROW(*out, *n, *cap);
    (*out)[(*n)++] = in;
}

/* The predicate instances of state s (malloc'ed): one per choice of
 * distinct threads running the owners of the predicate's locals. */
static unsigned instances(const cg_model *m, const cg_state *s, instance **out)
{
    unsigned n = 0, cap = 0;
    *out = NULL;
    for (unsigned i = 0; i < m->prec->n_preds; i++) {
        const cg_pred_shape *sh = shape(m, i);
        if (!sh->bindable)
            continue;
        instance in = { .pred = i, .b = sh->owners };
        if (in.b.n == 0) {
            add_instance(out, &n, &cap, in);
            continue;
        }
        for (unsigned ta = 0; ta < s->n_threads && ta < CG_NO_THREAD; ta++) {
            if (!runs(m, s, ta, in.b.owner[0]))
                continue;
            in.b.thread[0] = ta;
            if (in.b.n == 1) {
                add_instance(out, &n, &cap, in);
                continue;
            }
            for (unsigned tb = 0; tb < s->n_threads && tb < CG_NO_THREAD; tb++)
                if (tb != ta && runs(m, s, tb, in.b.owner[1])) {
                    in.b.thread[1] = tb;
                    add_instance(out, &n, &cap, in);
                }
        }
    }
    return n;
}

/* One check of the solver's assertions, under the assumption a (NULL:
 * none). */
static ordo_smt_result check(cg_model *m, ordo_term a)
{
    m->transfer_checks++;
    return a ? ordo_smt_check_assuming(m->smt, 1, &a) : ordo_smt_check(m->smt);
}

/* A predicate instance whose value after the action needs SMT checks:
 * its term there, and the truth values some model of the successor has
 * shown it can take. */
typedef struct {
    uint64_t key;
    ordo_term post;
    bool can[2];        /* [0]: false in some model, [1]: true in some */
} open_instance;

/* Marks the values the open instances take in the solver's model. */
static void seen_in_model(cg_model *m, open_instance *o, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        int64_t v;
        ordo_term t = o[i].post ? ordo_smt_eval(m->smt, o[i].post, true) : NULL;
        if (t && ordo_smt_to_int64(m->smt, t, &v))
            o[i].can[v != 0] = true;
    }
}

/* Does the successor (the solver's assertions) entail that o (the first
 * of k open instances) has the truth value `value`? Not when a model
 * showed the other value; a check that finds one marks what its model
 * shows of all k. */
static bool entailed(cg_model *m, open_instance *o, unsigned k, bool value)
{
    if (o->can[!value])
        return false;
    ordo_term other = value ? ordo_smt_app1(m->smt, ORDO_OP_NOT, o->post) : o->post;
    ordo_smt_result r = check(m, other);
    if (r == ORDO_SMT_UNSAT)
        return true;
    if (r == ORDO_SMT_SAT)
        seen_in_model(m, o, k);
    o->can[!value] = true; /* unknown: not entailed either */
    return false;
}

/* The value of each open instance in succ, the solver holding a model of
 * its assertions (the successor): one check per polarity no model has
 * shown possible. */
static void abstract_open(cg_model *m, cg_state *succ, open_instance *o, unsigned k)
{
    seen_in_model(m, o, k);
    for (unsigned i = 0; i < k; i++) {
        if (!o[i].post)
            continue;
        if (entailed(m, &o[i], k - i, true))
            expl_set(succ, o[i].key, 1);
        else if (entailed(m, &o[i], k - i, false))
            expl_set(succ, o[i].key, 0);
    }
}

/* Asserts the facts of s at the start of pf: its known places and
 * predicates that keep marks (pred_slice.h). */
static void assert_facts(cg_model *m, cg_path *pf, const cg_state *s, const bool *keep)
{
    for (unsigned i = 0; i < s->n_vals; i++) {
        uint64_t key = s->vals[i].key;
        if (!keep[i])
            continue;
        ordo_term f;
        if (key >= CG_PRED_KEY && key < CG_VAR_KEY) {
            instance in = key_instance(m, key);
            f = cg_path_truth(pf, &in.b, m->prec->preds[in.pred]);
            if (f && !s->vals[i].value)
                f = ordo_smt_app1(m->smt, ORDO_OP_NOT, f);
        } else {
            f = cg_path_place(pf, key, s->vals[i].value);
        }
        if (f)
            ordo_smt_assert(m->smt, f);
    }
}

/* Did the instance exist in s (its threads did), and does the action
 * leave it alone? Then it keeps s's value (frame.h). */
static bool framed(const cg_model *m, const cg_state *s, const cg_frame *f, const instance *in)
{
    for (unsigned i = 0; i < in->b.n; i++)
        if (in->b.thread[i] >= s->n_threads)
            return false;
    return !cg_frame_touches(f, m->p, &in->b, m->prec->preds[in->pred]);
}

/* Does e read only variables DCOI found dead (coi.h, cg_coi_dead_vars)? */
static bool reads_only_dead(const ordo_expr *e, const bool *dead)
{
    if (!e)
        return true;
    if (e->kind == ORDO_E_LOAD)
        return false;
    if (e->kind == ORDO_E_VAR && !dead[e->var])
        return false;
    return reads_only_dead(e->kid[0], dead) && reads_only_dead(e->kid[1], dead) &&
           reads_only_dead(e->kid[2], dead);
}

/* Does the instance read a copy of a local that is dead (live.h) at the
 * location in s of the thread it binds the local's owner to? Its value says
 * something of a value no path reads before writing it again: the state
 * forgets it (unknown over-approximates it), as EXPL forgets the dead
 * local itself (transfer.c), and it needs no check. Without this, the
 * predicates a refinement puts on the temporaries of thread-safe LBE
 * (`__t8 == 1`, `__t8 == z`) keep their values after the temporaries'
 * last read, and keep apart states that agree on all still to come (the
 * pthread-wmm tasks). */
static bool reads_dead_local(const cg_model *m, const instance *in, const cg_state *s)
{
    const cg_pred_shape *sh = shape(m, in->pred);
    for (unsigned i = 0; i < sh->n_locals; i++) {
        unsigned v = sh->locals[i], owner = cg_var_owner(m->p, v);
        for (unsigned k = 0; k < in->b.n; k++) {
            const cg_thread *th = &s->threads[in->b.thread[k]];
            if (in->b.owner[k] == owner && !cg_live_at(m->live, th->proc, th->loc, v))
                return true;
        }
    }
    return false;
}

/* The instances of succ the frame does not settle (forgotten in succ,
 * their terms still to make); malloc'ed. Under DCOI an unknown instance
 * over dead variables (dead: NULL without DCOI) stays unknown even after
 * an action that constrains: no guard from s on depends on its value, so
 * a check could only refine what nothing reads (unknown over-approximates
 * it). Its DCOI havoc made most such instances unknown. Instances over
 * dead locals are forgotten, not open. */
static unsigned open_instances(const cg_model *m, const cg_state *s, const cg_frame *f,
                               const bool *dead, cg_state *succ, instance **out)
{
    instance *in;
    unsigned k = instances(m, succ, &in), n = 0;
    for (unsigned i = 0; i < k; i++) {
        int64_t v;
        uint64_t key = instance_key(&in[i]);
        if (reads_dead_local(m, &in[i], succ)) {
            expl_forget(succ, key);
            continue;
        }
        if (framed(m, s, f, &in[i]) &&
            (!f->constrains || expl_get(succ, key, &v) ||
             (dead && reads_only_dead(m->prec->preds[in[i].pred], dead))))
            continue;
        expl_forget(succ, key);
        in[n++] = in[i];
    }
    *out = in;
    return n;
}

/* The open instances' terms at pf's current point. */
static open_instance *open_terms(cg_path *pf, const cg_model *m, const instance *in, unsigned k)
{
    open_instance *o = xcalloc(k + 1, sizeof *o);
    for (unsigned i = 0; i < k; i++)
        o[i] = (open_instance){ .key = instance_key(&in[i]),
                                .post = cg_path_truth(pf, &in[i].b, m->prec->preds[in[i].pred]) };
    return o;
}

/* Asserts the ranges of pf's unknown values met so far (Int arithmetic,
 * path.h); false when there were none. */
static bool assert_ranges(cg_model *m, cg_path *pf)
{
    ordo_term r = cg_path_take_ranges(pf);
    if (r)
        ordo_smt_assert(m->smt, r);
    return r != NULL;
}

/* Checks the action from the facts of s that keep marks and abstracts
 * the open instances; false when it is infeasible. The facts and the
 * action are asserted in a scope of their own, each check assumes one
 * polarity of one instance: the solver propagates the successor once, not
 * at every check (z3 explored twice the actions per CPU second as with
 * the whole successor assumed at each check). */
static bool decide(cg_model *m, const cg_state *s, const bool *keep, cg_succ *succ,
                   const instance *in, unsigned k)
{
    ordo_smt_push(m->smt);
    cg_path pf;
    cg_path_begin_at(&pf, m->smt, m, m->p, s);
    assert_facts(m, &pf, s, keep);
    unsigned first_label = pf.n_labels;
    cg_path_stmt(&pf, &succ->action, s, succ->stmt);
    bool feasible = true;
    if (!pf.error) { /* else the open instances stay unknown */
        for (unsigned i = first_label; i < pf.n_labels; i++)
            ordo_smt_assert(m->smt, pf.labels[i].label);
        assert_ranges(m, &pf);
        ordo_smt_result r = check(m, NULL);
        feasible = r != ORDO_SMT_UNSAT;
        if (r == ORDO_SMT_SAT) {
            open_instance *o = open_terms(&pf, m, in, k);
            /* values the instances alone read: their ranges, and a model again */
            if (assert_ranges(m, &pf))
                r = check(m, NULL);
            if (r == ORDO_SMT_SAT)
                abstract_open(m, succ->state, o, k);
            free(o);
        }
    }
    cg_path_free(&pf);
    ordo_smt_pop(m->smt, 1);
    return feasible;
}

/* The keys of the instances in[0..k) (malloc'ed). */
static uint64_t *instance_keys(const instance *in, unsigned k)
{
    uint64_t *keys = xmalloc((k + 1) * sizeof *keys);
    for (unsigned i = 0; i < k; i++)
        keys[i] = instance_key(&in[i]);
    return keys;
}

/* The known values of the instances keys[0..k) in succ (malloc'ed). */
static unsigned known_values(const cg_state *succ, const uint64_t *keys, unsigned k,
                             cg_value **out)
{
    unsigned n = 0;
    *out = xmalloc((k + 1) * sizeof **out);
    for (unsigned i = 0; i < k; i++)
        if (expl_get(succ, keys[i], &(*out)[n].value))
            (*out)[n++].key = keys[i];
    return n;
}

/* The facts of s the checks of succ's open instances depend on
 * (pred_slice.h), malloc'ed. */
static bool *relevant_facts(const cg_model *m, const cg_state *s, const cg_succ *succ,
                            const instance *in, unsigned k)
{
    const ordo_expr **preds = xmalloc((k + 1) * sizeof *preds);
    for (unsigned i = 0; i < k; i++)
        preds[i] = m->prec->preds[in[i].pred];
    bool *keep = xmalloc((s->n_vals + 1) * sizeof *keep);
    cg_pred_relevant(m, s, succ->stmt, preds, k, keep);
    free(preds);
    return keep;
}

/* decide() through the run's cache (pred_cache.h): a successor whose
 * checks were made before (from the same relevant facts, under the same
 * action, for the same open instances) takes their results. Under DCOI
 * too: the action is the statement DCOI made of it, and the open
 * instances its dead variables and havocs left are part of the key. */
static bool decide_through_cache(cg_model *m, const cg_state *s, const bool *keep,
                                 cg_succ *succ, const instance *in, unsigned k)
{
    if (!m->pred_cache)
        m->pred_cache = cg_pred_cache_new();
    uint64_t *keys = instance_keys(in, k);
    cg_post_key key;
    cg_post_key_of(&key, s, keep, succ, keys, k);
    bool feasible;
    const cg_value *cached;
    unsigned n;
    if (cg_pred_cache_get(m->pred_cache, &key, &feasible, &cached, &n)) {
        for (unsigned i = 0; i < n; i++)
            expl_set(succ->state, cached[i].key, cached[i].value);
        cg_post_key_free(&key);
    } else {
        feasible = decide(m, s, keep, succ, in, k);
        cg_value *known;
        n = known_values(succ->state, keys, k, &known);
        cg_pred_cache_put(m->pred_cache, &key, feasible, known, n);
    }
    free(keys);
    return feasible;
}

/* decide() on the facts the checks depend on, through the cache unless
 * --transfer-cache off. */
static bool decide_relevant(cg_model *m, const cg_state *s, cg_succ *succ, const instance *in,
                            unsigned k)
{
    bool *keep = relevant_facts(m, s, succ, in, k);
    bool feasible = m->no_pred_cache ? decide(m, s, keep, succ, in, k)
                                     : decide_through_cache(m, s, keep, succ, in, k);
    free(keep);
    return feasible;
}

/* DCOI (thesis Chapter 4) made unobserved assignments havoc: the open
 * instances they touch stay unknown without checks. No real observer can
 * read the havocked value from this state on (Algorithm 2), and the exact
 * Cartesian post of a havoc rarely knows a predicate over its variable;
 * unknown over-approximates it, and the refiner sees the original
 * actions (Section 4.1.3). Returns how many instances remain open. */
static unsigned skip_unobserved(const cg_model *m, const cg_state *s, const cg_succ *succ,
                                instance *in, unsigned k)
{
    if (!m->coi)
        return k;
    const ordo_proc *proc = &m->p->procs[s->threads[succ->action.thread].proc];
    cg_frame h;
    cg_frame_of_dcoi_havocs(&h, m, succ->stmt, proc->edges[succ->action.edge].stmt,
                            succ->action.thread);
    unsigned n = 0;
    for (unsigned i = 0; i < k; i++)
        if (!cg_frame_touches(&h, m->p, &in[i].b, m->prec->preds[in[i].pred]))
            in[n++] = in[i];
    cg_frame_free(&h);
    return n;
}

/* One successor: false when the action is infeasible from s. Instances
 * the action leaves alone keep their values without a check (frame.h). */
static bool post(cg_model *m, const cg_state *s, cg_succ *succ)
{
    cg_frame f;
    const cg_action *a = &succ->action;
    cg_frame_of(&f, m, s->threads[a->thread].proc, a->edge, a->thread);
    instance *in;
    const bool *dead = m->coi ? cg_coi_dead_vars(m->coi, s) : NULL;
    unsigned k = open_instances(m, s, &f, dead, succ->state, &in);
    k = skip_unobserved(m, s, succ, in, k);
    bool feasible = f.constrains || k > 0 ? decide_relevant(m, s, succ, in, k) : true;
    free(in);
    cg_frame_free(&f);
    return feasible;
}

/* DCOI made the action a no-op: the copied predicate values stand. */
static bool unchanged(const cg_model *m, const cg_state *s, const cg_succ *succ)
{
    const ordo_proc *f = &m->p->procs[s->threads[succ->action.thread].proc];
    return m->coi && cg_coi_is_nop(succ->stmt, f->edges[succ->action.edge].stmt);
}

void cg_pred_post(cg_model *m, const cg_state *s, cg_succs *succs, unsigned from)
{
    unsigned j = from;
    for (unsigned i = from; i < succs->n; i++) {
        if (unchanged(m, s, &succs->v[i]) || post(m, s, &succs->v[i]))
            succs->v[j++] = succs->v[i];
        else
            cg_state_free(succs->v[i].state);
    }
    succs->n = j;
}

static bool reads_a_var(const ordo_expr *e, const bool *vars)
{
    if (!e)
        return false;
    if (e->kind == ORDO_E_VAR && vars[e->var])
        return true;
    return reads_a_var(e->kid[0], vars) || reads_a_var(e->kid[1], vars) ||
           reads_a_var(e->kid[2], vars);
}

static void mark_vars(const ordo_expr *e, bool *vars)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        vars[e->var] = true;
    for (int i = 0; i < 3; i++)
        mark_vars(e->kid[i], vars);
}

void cg_pred_forget_dead(const cg_model *m, cg_state *s, const bool *dead)
{
    unsigned n_preds = m->prec->n_preds, n_vars = m->p->n_vars;
    if (!dead || n_preds == 0)
        return;
    bool *forget = xcalloc(n_preds, sizeof *forget);
    bool *live = xcalloc(n_vars + 1, sizeof *live), *any = xcalloc(n_vars + 1, sizeof *any);
    for (unsigned v = 0; v < n_vars; v++)
        any[v] = true;
    for (unsigned i = 0; i < n_preds; i++) {
        const ordo_expr *e = m->prec->preds[i];
        forget[i] = reads_a_var(e, any) && reads_only_dead(e, dead);
        if (!forget[i])
            mark_vars(e, live);
    }
    unsigned n = 0;
    for (unsigned i = 0; i < s->n_vals; i++) {
        uint64_t key = s->vals[i].key;
        unsigned pred = cg_pred_key_pred(key);
        bool instance = key >= CG_PRED_KEY && key < CG_VAR_KEY;
        if (!instance || !forget[pred] || reads_a_var(m->prec->preds[pred], live))
            s->vals[n++] = s->vals[i];
    }
    s->n_vals = n;
    free(forget);
    free(live);
    free(any);
}

void cg_pred_initial(cg_model *m, cg_state *s)
{
    ordo_smt_push(m->smt);
    cg_path pf;
    cg_path_encode(&pf, m->smt, m, m->p, NULL, NULL, 0);
    instance *in;
    unsigned k = instances(m, s, &in);
    open_instance *o = open_terms(&pf, m, in, k);
    if (check(m, NULL) == ORDO_SMT_SAT)
        abstract_open(m, s, o, k);
    free(o);
    free(in);
    cg_path_free(&pf);
    ordo_smt_pop(m->smt, 1);
}
