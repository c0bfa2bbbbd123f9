/* Counterexamples behind counted loops (cex_loops.h; thesis Section 2.3).
 * Soundness: whatever the relaxation and the heuristics below choose, the
 * verdict rests on ordo_trace_replay of the schedule the interpreter
 * ran, on the front end's program, with every thread it created. */
#include <stdlib.h>

#include <ordo/interp.h>
#include <ordo/xalloc.h>

#include "cex.h"
#include "cex_loops.h"
#include "guard_set.h"

/* ---- the path with its loop exits' guards relaxed ------------------------ */

/* Checks pf without the labels of its loop exits' guards (loops: of the
 * analysed program, pf->m->p): SAT leaves its model. *checked: whether
 * the solver was asked (no guard on the path: not). */
static bool relaxed_feasible(cg_path *pf, const cg_loops *loops, bool *checked)
{
    cg_guard_set guards;
    cg_guard_set_build(&guards, pf->m->p, loops, cg_loops_exit);
    *checked = cg_guard_set_on_path(&guards, pf);
    bool sat = *checked && cg_guard_set_check_without(&guards, pf) == ORDO_SMT_SAT;
    cg_guard_set_free(&guards);
    return sat;
}

/* ---- realising it on the interpreter ------------------------------------ */

typedef struct {
    int64_t *v;
    unsigned n, cap, next;
} value_queue;

typedef struct {
    ordo_interp *in;
    ordo_trace *trace;
    const ordo_program *shown;
    const cg_loops *loops;
    unsigned *concrete;        /* per abstract thread: its interpreter thread */
    unsigned n_mapped;
    value_queue *values;       /* per abstract thread: the relaxed model's */
    int64_t fill;              /* the value of a havoc without one */
    /* The abstract thread running its loop to the exit (else -1), the
     * exit edge, and how many of its model values precede the exit. */
    int looping;
    unsigned exit_proc, exit_edge, values_before_exit;
    double steps, budget;
    const ordo_deadline *d;
} realiser;

static int abstract_of(const realiser *r, unsigned t)
{
    for (unsigned a = 0; a < r->n_mapped; a++)
        if (r->concrete[a] == t)
            return (int)a;
    return -1;
}

/* A havoc of an iteration the path did not run: no model value is its. */
static bool extra_iteration(const realiser *r, int a, unsigned t)
{
    unsigned proc, loc;
    return a == r->looping && r->values_before_exit == 0 &&
           ordo_interp_location(r->in, t, &proc, &loc) && proc == r->exit_proc &&
           cg_loops_inside(r->loops, proc, r->exit_edge, loc);
}

/* The value source (interp.h): the model's values per thread in order
 * (extra iterations and exhausted queues: fill), each one recorded. */
static bool supply(void *ctx, unsigned t, ordo_type type, int64_t *v)
{
    (void)type;
    realiser *r = ctx;
    int a = abstract_of(r, t);
    *v = r->fill;
    if (a >= 0 && !extra_iteration(r, a, t)) {
        value_queue *q = &r->values[a];
        if (q->next < q->n)
            *v = q->v[q->next++];
        if (a == r->looping && r->values_before_exit > 0)
            r->values_before_exit--;
    }
    ordo_trace_value(r->trace, t, *v);
    return true;
}

static ordo_step_status step(realiser *r, unsigned t)
{
    r->steps++;
    ordo_trace_step(r->trace, t);
    return ordo_interp_step(r->in, t, supply, r);
}

static bool reached(const realiser *r, unsigned t, const cg_thread *target)
{
    unsigned proc, loc;
    if (target->done)
        return ordo_interp_thread_finished(r->in, t);
    return ordo_interp_location(r->in, t, &proc, &loc) && proc == target->proc &&
           loc == target->loc;
}

/* Abstract thread a runs on until it stands where the path's step put it
 * (the loop's exit taken), within the step budget. */
static ordo_step_status run_loop(realiser *r, unsigned a, const cg_thread *target)
{
    unsigned t = r->concrete[a];
    ordo_step_status s;
    r->looping = (int)a;
    do {
        if (r->steps >= r->budget ||
            ((unsigned long)r->steps % 4096 == 0 && ordo_deadline_expired(r->d))) {
            s = ORDO_STEP_DIVERGED;
            break;
        }
        s = step(r, t);
    } while (s == ORDO_STEP_OK && !reached(r, t, target));
    r->looping = -1;
    return s;
}

/* The threads the path created up to a state: the last ones the
 * interpreter created, in order. */
static void map_new_threads(realiser *r, const cg_state *s)
{
    unsigned created = ordo_interp_n_threads(r->in);
    for (unsigned a = r->n_mapped; a < s->n_threads; a++)
        r->concrete[a] = created - (s->n_threads - a);
    if (s->n_threads > r->n_mapped)
        r->n_mapped = s->n_threads;
}

static unsigned havocs_of(const ordo_stmt *st)
{
    if (st->kind != ORDO_S_SEQ)
        return st->kind == ORDO_S_HAVOC;
    unsigned n = 0;
    for (unsigned i = 0; i < st->n_stmts; i++)
        n += havocs_of(st->stmts[i]);
    return n;
}

/* A thread's position in the path between two of its steps. */
typedef struct {
    bool exited;                  /* it left a loop since its last step */
    unsigned exit_proc, exit_edge, values_before_exit;
    unsigned values;              /* its model values since its last step */
} pending;

/* Runs the path's steps (cex.c's: one per visible edge, an atomic section
 * one step); true when the interpreter reached the error. */
static bool realise(realiser *r, const cg_action *actions, const cg_state *const *states,
                    unsigned n)
{
    unsigned max_threads = states[n]->n_threads;
    pending *p = xcalloc(max_threads + 1, sizeof *p);
    bool error = false;
    for (unsigned i = 0; i < n && !error; i++) {
        const cg_action *ac = &actions[i];
        unsigned proc = states[i]->threads[ac->thread].proc;
        const ordo_stmt *st = r->shown->procs[proc].edges[ac->edge].stmt;
        pending *w = &p[ac->thread];
        if (cg_loops_exit(r->loops, proc, ac->edge))
            *w = (pending){ true, proc, ac->edge, w->values, w->values };
        w->values += havocs_of(st);
        if (!cg_cex_ends_step(r->shown, actions, states, i, n))
            continue;
        ordo_step_status s;
        if (w->exited) {
            r->exit_proc = w->exit_proc;
            r->exit_edge = w->exit_edge;
            r->values_before_exit = w->values_before_exit;
            s = run_loop(r, ac->thread, &states[i + 1]->threads[ac->thread]);
        } else {
            s = step(r, r->concrete[ac->thread]);
        }
        *w = (pending){ 0 };
        map_new_threads(r, states[i + 1]);
        error = s == ORDO_STEP_ERROR;
        if (s != ORDO_STEP_OK && !error)
            break;
    }
    free(p);
    return error;
}

/* The relaxed model's values per thread (cex.c's choice for havocs SCOI
 * dropped and for values the model leaves open); without a model, none. */
static value_queue *model_values(const cg_path *pf, unsigned n_threads, bool with_model)
{
    value_queue *q = xcalloc(n_threads + 1, sizeof *q);
    for (unsigned i = 0; with_model && i < pf->n_havocs; i++) {
        const cg_havoc *h = &pf->havocs[i];
        int64_t v = 1;
        if (h->term && !ordo_ir_model_value(&pf->arith, h->type, h->term, &v))
            v = 0;
        value_queue *t = &q[h->thread];
        XGROW(t->v, t->n, t->cap);
        t->v[t->n++] = v;
    }
    return q;
}

/* A spurious path and what its attempts need. */
typedef struct {
    cg_path *pf;
    const ordo_program *original;
    const cg_loops *loops;
    const cg_config *cfg;
    const ordo_deadline *d;
    cg_counters *c;
    const cg_action *actions;
    const cg_state *const *states;
    unsigned n;
} attempt;

/* One run of the path on the interpreter, and its replay: every value
 * `fill`, or the relaxed model's. */
static ordo_trace *realise_and_replay(attempt *a, int64_t fill, bool with_model)
{
    unsigned n_threads = a->states[a->n]->n_threads;
    realiser r = { .in = ordo_interp_new(a->pf->shown, a->cfg->mode), .trace = ordo_trace_new(),
                   .shown = a->pf->shown, .loops = a->loops,
                   .concrete = xcalloc(n_threads + 1, sizeof *r.concrete), .n_mapped = 1,
                   .values = model_values(a->pf, n_threads, with_model), .fill = fill,
                   .looping = -1,
                   .steps = a->c->loop_cex_steps, .budget = a->cfg->loop_cex_steps, .d = a->d };
    a->c->loop_cex_attempts++;
    bool error = realise(&r, a->actions, a->states, a->n);
    a->c->loop_cex_steps = r.steps;
    char *why = NULL;
    if (!error || !ordo_trace_replay(a->original, r.trace, &why)) {
        const char *stop = ordo_interp_message(r.in);
        ordo_log(ORDO_LOG_DEBUG, "cegar: a loop counterexample did not replay: %s",
                 why ? why : *stop ? stop : "the run ended before the error");
        ordo_trace_free(r.trace);
        r.trace = NULL;
    } else {
        a->c->loop_cex_replayed++;
    }
    free(why);
    for (unsigned t = 0; t < n_threads; t++)
        free(r.values[t].v);
    free(r.values);
    free(r.concrete);
    ordo_interp_free(r.in);
    return r.trace;
}

/* Does the path leave a loop? */
static bool leaves_a_loop(const attempt *a)
{
    for (unsigned i = 0; i < a->n; i++)
        if (cg_loops_exit(a->loops, a->states[i]->threads[a->actions[i].thread].proc,
                          a->actions[i].edge))
            return true;
    return false;
}

static bool within_budget(const attempt *a)
{
    return a->c->loop_cex_steps < a->cfg->loop_cex_steps;
}

/* First without a model, every value 0 then 1 (no solver work: on a
 * long path through many cells, such as goblint-regression's 10,000
 * havocked thread ids, z3 may not find the relaxed path's model in a
 * minute), then with the relaxed model's values. */
ordo_trace *cg_cex_loops(cg_path *pf, const ordo_program *original, const cg_loops *loops,
                         const cg_config *cfg, const ordo_deadline *d, cg_counters *c,
                         const cg_action *actions, const cg_state *const *states, unsigned n)
{
    if (c->loop_cex_steps >= cfg->loop_cex_steps || n == 0)
        return NULL;
    attempt a = { .pf = pf, .original = original, .loops = loops, .cfg = cfg, .d = d, .c = c,
                  .actions = actions, .states = states, .n = n };
    ordo_trace *t = NULL;
    bool checked = false;
    if (leaves_a_loop(&a)) {
        for (int64_t fill = 0; fill <= 1 && !t && within_budget(&a); fill++)
            t = realise_and_replay(&a, fill, false);
        if (!t && within_budget(&a) && relaxed_feasible(pf, loops, &checked))
            t = realise_and_replay(&a, 0, true);
    }
    if (checked && !t)
        cg_path_check(pf); /* the refinement reads the path's own unsat core */
    return t;
}
