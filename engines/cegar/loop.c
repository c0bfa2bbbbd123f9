/* The CEGAR loop (cegar.h). */
#include <stdlib.h>

#include <ordo/host.h>
#include <ordo/passes.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "cegar.h"
#include "cell_values.h"
#include "cex.h"
#include "cex_loops.h"
#include "coi.h"
#include "initprec.h"
#include "itp.h"
#include "loops.h"
#include "mutex_learn.h"
#include "pool.h"
#include "por_source.h"
#include "pred_cache.h"
#include "prune.h"
#include "refine.h"
#include "refine_loops.h"
#include "sync_prec.h"
#include "wp.h"

typedef struct {
    const cg_config *cfg;
    const ordo_solver_factory *solvers;
    const ordo_deadline *d;
    cg_counters *c;
    const ordo_program *original;  /* what counterexamples replay on */
    ordo_program *shown;           /* inlined and large-block encoded */
    ordo_program *analysed;        /* shown, after SCOI when asked */
    cg_prec prec;
    cg_por *por;                   /* NULL: NOPOR */
    cg_coi *coi;                   /* --coi dcoi, else NULL */
    cg_arg arg;                    /* --prune lazy: kept from one iteration to the next */
    struct cg_pred_cache *pred_cache; /* PRED: the transfer's checks, kept over iterations */
    bool pruned_lazily;            /* arg was pruned lazily since it was built anew */
    bool smt_int;                  /* SMT terms in Int (arith.h) */
    cg_cell_values *cell_values;   /* Int: what cells hold (cell_values.h) */
    cg_loops *loops;               /* of analysed (loops.h) */
    cg_pools *pools;               /* --thread-pools on (pool.h), else NULL */
    cg_loop_guards *loop_guards;   /* --relax-loops (refine_loops.h), else NULL */
    cg_mutex_cells *mutex_cells;   /* --por nopor: split mutexes (mutex_cells.h), else NULL */
} cegar;

static cg_outcome outcome(ordo_verdict v, char *reason)
{
    return (cg_outcome){ .verdict = v, .reason = reason };
}

/* Does the configuration refine by interpolants (seq-itp, bin-itp)? */
static bool interpolating(const cg_config *cfg)
{
    return cfg->seq_itp || cfg->bin_itp;
}

/* The program the abstraction runs on (thesis Section 2.1.2): inlined,
 * large-block encoded, no loop unrolled; and the arithmetic of its
 * terms. */
static char *prepare(cegar *g)
{
    char *err = NULL;
    g->shown = ordo_program_clone(g->original);
    if (ordo_pass_inline(g->shown, 0, &err))
        return err;
    ordo_pass_lbe(g->shown);
    g->analysed = g->shown;
    if (g->cfg->scoi) {
        g->analysed = ordo_program_clone(g->shown);
        ordo_pass_scoi(g->analysed);
    }
    char *refused = cg_arith_choose(g->cfg->arith, g->cfg->pred, interpolating(g->cfg),
                                    g->analysed, &g->smt_int);
    if (g->smt_int)
        g->cell_values = cg_cell_values_new(g->analysed);
    return refused;
}

/* A feasible path: its trace, replayed before it is believed. */
static cg_outcome counterexample(cegar *g, cg_path *pf, const cg_action *actions,
                                 const cg_state *const *states, unsigned n)
{
    ordo_trace *t = cg_cex_trace(pf, g->shown, actions, states, n);
    char *why = NULL;
    if (!ordo_trace_replay(g->original, t, &why)) {
        ordo_trace_free(t);
        cg_outcome o = outcome(ORDO_VERDICT_ERROR,
                               xasprintf("cegar: a feasible path does not replay: %s", why));
        free(why);
        return o;
    }
    cg_outcome o = outcome(ORDO_VERDICT_UNSAFE, NULL);
    o.trace = t;
    return o;
}

/* A sequence interpolant of the spurious path refines the precision;
 * *why says why none was found. */
static unsigned refine_by_itp(cegar *g, cg_model *m, const cg_action *actions,
                              const cg_state *const *states, unsigned n, char **why)
{
    cg_itp itp;
    cg_itp_request rq = { .solvers = g->solvers, .m = m, .shown = g->shown, .p = g->analysed,
                          .binary = g->cfg->bin_itp, .split = g->cfg->pred_split };
    const char *failed = cg_itp_sequence(&itp, &rq, actions, states, n);
    unsigned added = failed ? 0 : cg_refine_itp(&itp, &g->prec, g->analysed, g->cfg->pred);
    if (failed)
        *why = xasprintf("cegar: no interpolant for a spurious path of %u steps: %s", n, failed);
    cg_itp_free(&itp);
    return added;
}

/* The unsat core of the spurious path refines the precision (EXPL: its
 * places, PRED: its conditions' weakest preconditions). */
static unsigned refine_by_this_core(cegar *g, cg_path *pf)
{
    if (g->cfg->pred)
        return cg_refine_pred_wp(pf, &g->prec, g->analysed, g->cfg->pred_split);
    return cg_refine_unsat_core(pf, &g->prec);
}

/* The same from a core without loop guards; EXPL also leaves out the
 * loops' counters where the rest of the core refutes the path
 * (refine_loops.h: cg_loop_guards_drop_counters). */
static unsigned refine_by_relaxed_core(cegar *g, cg_path *pf)
{
    if (g->cfg->pred)
        return refine_by_this_core(g, pf);
    unsigned *core;
    unsigned n = cg_path_core(pf, &core);
    n = cg_loop_guards_drop_counters(g->loop_guards, pf, core, n);
    unsigned added = cg_refine_places(pf, &g->prec, core, n);
    free(core);
    return added;
}

/* The same, from a core without loop guards when there is one
 * (--relax-loops, refine_loops.h), else from the whole path's. */
static unsigned refine_by_core(cegar *g, cg_path *pf)
{
    if (g->loop_guards && cg_loop_guards_relax(g->loop_guards, pf)) {
        g->c->relaxed_cores++;
        unsigned added = refine_by_relaxed_core(g, pf);
        if (added > 0 || cg_path_check(pf) != ORDO_SMT_UNSAT)
            return added;
    }
    return refine_by_this_core(g, pf);
}

/* Thread pools: the abstract path becomes the concrete one the refiner
 * reads (pool.h); false, with *why, when it is infeasible in its control:
 * no refinement of the data could exclude it, so the run ends. */
static bool concretize(cegar *g, cg_action **actions, const cg_state ***states,
                       cg_state ***concrete, int **clone_of, unsigned n, char **why)
{
    cg_action *c_actions;
    const char *failed = cg_pool_concretize_cloning(g->analysed, *actions, *states, n,
                                                    &c_actions, concrete, clone_of);
    free(*actions);
    *actions = c_actions;
    for (unsigned i = 0; i <= n; i++)
        (*states)[i] = (*concrete)[i];
    if (failed)
        *why = xasprintf("cegar: a thread pool: the counterexample of %u steps is infeasible "
                         "in its control (%s), which no refinement excludes", n, failed);
    return !failed;
}

/* Did the concrete path clone a pool member (pool.h)? */
static bool cloned(const int *clone_of, unsigned n)
{
    for (unsigned i = 0; clone_of && i < n; i++)
        if (clone_of[i] >= 0)
            return true;
    return false;
}

/* Where a statement stands, file:line, for messages (malloc'ed). */
static char *where(const ordo_stmt *st)
{
    return xasprintf("%s:%u", st->file ? st->file : "?", st->line);
}

/* The statement of the action a taken from `before`. */
static const ordo_stmt *stmt_of(const cegar *g, const cg_action *a, const cg_state *before)
{
    return g->analysed->procs[before->threads[a->thread].proc].edges[a->edge].stmt;
}

/* The path pf to the outside case of a split mutex (mutex_cells.h),
 * feasible (relaxed NULL) or feasible without its loop guards (relaxed,
 * refine_loops.h: a path that left a thread-creation loop early): are
 * there new candidates (the addresses it allows)? */
static bool learn_mutex_cells(cegar *g, cg_path *pf, const cg_loop_guards *relaxed,
                              const cg_action *last, const cg_state *before)
{
    unsigned proc = before->threads[last->thread].proc;
    if (!cg_mutex_learn_cells(g->mutex_cells, pf, relaxed, proc, last->edge))
        return false;
    const uint64_t *cells;
    unsigned n;
    cg_mutex_cells_of(g->mutex_cells, proc, last->edge, &cells, &n);
    char *at = where(stmt_of(g, last, before));
    ordo_log(ORDO_LOG_DEBUG, "cegar: %u candidate mutex cells at %s", n, at);
    free(at);
    return true;
}

/* The run ends at a feasible outside case that brings no new candidate. */
static cg_outcome too_many_cells(const cegar *g, const cg_action *last, const cg_state *before)
{
    char *at = where(stmt_of(g, last, before));
    cg_outcome o = outcome(ORDO_VERDICT_UNSUPPORTED,
                           xasprintf("unsupported: a mutex whose address takes more than %u "
                                     "values, at %s (cegar)", CG_MUTEX_CELLS_MAX, at));
    free(at);
    return o;
}

/* An infeasible path to the outside case, feasible without its loop
 * guards: new candidates from that (*grew), else pf checked again for
 * the refinement. */
static bool learn_mutex_cells_relaxed(cegar *g, cg_path *pf, const cg_action *last,
                                      const cg_state *before)
{
    if (!g->loop_guards)
        return false;
    if (learn_mutex_cells(g, pf, g->loop_guards, last, before))
        return true;
    cg_path_check(pf);
    return false;
}

/* The refiner's answer to the path formula pf of a path to an error node
 * or to a split mutex's outside case (mutex_cells.h): a real
 * counterexample, a refinement, or more candidates (*grew). */
static cg_outcome answer(cegar *g, cg_model *m, cg_path *pf, const cg_action *actions,
                         const cg_state *const *states, unsigned n, const int *clone_of,
                         bool *done, bool *stuck, bool *grew)
{
    double t0 = ordo_process_cputime_s();
    ordo_smt_result r = cg_path_check(pf);
    g->c->solver_s += ordo_process_cputime_s() - t0;
    ordo_smt_counters_add(pf->smt, &g->c->solver);
    bool outside = pf->outside_addr != NULL;
    cg_outcome o = outcome(ORDO_VERDICT_UNKNOWN, NULL);
    const cg_action *last = n > 0 ? &actions[n - 1] : NULL;
    if (r == ORDO_SMT_SAT && outside) { /* (a pool's clones: candidates need no real run) */
        *grew = learn_mutex_cells(g, pf, NULL, last, states[n - 1]);
        if (!*grew)
            o = too_many_cells(g, last, states[n - 1]);
    } else if (r == ORDO_SMT_UNSAT && outside &&
               learn_mutex_cells_relaxed(g, pf, last, states[n - 1])) {
        *grew = true;
    } else if (r == ORDO_SMT_SAT && cloned(clone_of, n)) {
        o.reason = xasprintf("cegar: a thread pool: the counterexample of %u steps needs "
                             "more threads than its path creates", n);
    } else if (r == ORDO_SMT_SAT) {
        o = counterexample(g, pf, actions, states, n);
    } else if (r == ORDO_SMT_UNKNOWN) {
        o.reason = xasprintf("cegar: the solver gave up on a path formula (%s)",
                             ordo_smt_reason_unknown(pf->smt));
    } else if (!outside && (o.trace = cg_cex_loops(pf, g->original, g->loops, g->cfg, g->d,
                                                   g->c, actions, states, n))) {
        o.verdict = ORDO_VERDICT_UNSAFE;
    } else if (interpolating(g->cfg) ? refine_by_itp(g, m, actions, states, n, &o.reason) > 0
                                     : refine_by_core(g, pf) > 0) {
        *done = false;
    } else if (!o.reason && (*stuck = true)) {
        o.reason = xasprintf("cegar: the %s of a spurious path of %u steps tracks nothing "
                             "new", interpolating(g->cfg) ? "interpolant" : "refinement", n);
    }
    return o;
}

/* The refiner (thesis Section 2.2.4): the path formula of the error
 * node's path decides (answer). *done is false when the loop goes on
 * with a refined precision or more candidates. */
static cg_outcome refine(cegar *g, cg_model *m, const cg_arg *arg, unsigned error, bool *done,
                         bool *stuck, bool *grew)
{
    cg_action *actions;
    const cg_state **states;
    unsigned n;
    cg_arg_path(arg, error, &actions, &states, &n);
    cg_state **concrete = NULL;
    int *clone_of = NULL;
    cg_outcome o = outcome(ORDO_VERDICT_UNKNOWN, NULL);
    *done = true;
    ordo_smt *smt = NULL;
    if (g->pools && !concretize(g, &actions, &states, &concrete, &clone_of, n, &o.reason))
        goto out;
    ordo_smt_config sc = { .produce_cores = true };
    smt = ordo_smt_create(g->solvers, &sc);
    if (!smt) {
        o.reason = xstrdup("cegar: the solver could not be created");
        goto out;
    }
    cg_path pf;
    cg_path_encode_cloned(&pf, smt, m, g->shown, actions, states, n, clone_of);
    if (pf.error)
        o = outcome(ORDO_VERDICT_UNSUPPORTED, xasprintf("unsupported: %s (cegar)", pf.error));
    else
        o = answer(g, m, &pf, actions, states, n, clone_of, done, stuck, grew);
    cg_path_free(&pf);
    ordo_smt_destroy(smt);
out:
    for (unsigned i = 0; concrete && i <= n; i++)
        cg_state_free(concrete[i]);
    free(concrete);
    free(clone_of);
    free(actions);
    free(states);
    return o;
}

static cg_outcome search_outcome(cg_search_result r, const cg_model *m)
{
    switch (r) {
    case CG_SEARCH_COMPLETE:
        return outcome(ORDO_VERDICT_SAFE, NULL);
    case CG_SEARCH_STOPPED:
        return outcome(ORDO_VERDICT_UNKNOWN, xstrdup("cegar: deadline"));
    default:
        return outcome(ORDO_VERDICT_UNSUPPORTED, xasprintf("unsupported: %s (cegar)",
                                                           m->unsupported));
    }
}

static void new_arg(cegar *g)
{
    cg_arg_free(&g->arg);
    cg_arg_init(&g->arg);
    g->pruned_lazily = false;
}

/* From now on, the lock or unlock of the action a from s is split over
 * candidate cells (mutex_cells.h). */
static void split_mutex(cegar *g, const cg_state *s, const cg_action *a, const ordo_stmt *st)
{
    cg_mutex_cells_split(g->mutex_cells, s->threads[a->thread].proc, a->edge);
    char *at = where(st);
    ordo_log(ORDO_LOG_DEBUG, "cegar: the mutex at %s is split", at);
    free(at);
}

/* The search met a lock or unlock whose address node's state did not
 * know (transfer.h: unknown_mutex). The synchronisation state is exact,
 * so no mutex is guessed: the places the address is computed from along
 * the node's path become tracked (refine.h, cg_refine_places: the
 * address' own places, else the nearest writes they depend on, such as
 * the cell of allocated memory a pointer was loaded from, which the
 * static closure of sync_prec.h cannot name), and the ARG is built anew.
 * None new: the address depends on a value no precision holds (a
 * nondeterministic one); with --por nopor the operation is split over
 * candidate cells from then on (mutex_cells.h), else the run ends saying
 * so. */
static cg_outcome learn_mutex_address(cegar *g, cg_model *m, unsigned node, bool *done)
{
    const ordo_stmt *st = m->unknown_mutex;
    cg_action *actions;
    const cg_state **states;
    unsigned n;
    cg_arg_path(&g->arg, node, &actions, &states, &n);
    actions[n] = m->unknown_mutex_action;
    ordo_smt *smt = ordo_smt_create(g->solvers, NULL);
    cg_outcome o = outcome(ORDO_VERDICT_UNKNOWN, NULL);
    *done = true;
    if (!smt) {
        o.reason = xstrdup("cegar: the solver could not be created");
    } else {
        cg_path pf;
        cg_path_encode(&pf, smt, m, g->shown, actions, states, n + 1);
        unsigned last = pf.n_labels - 1;
        if (!pf.unknown_mutex) {
            o = outcome(ORDO_VERDICT_UNSUPPORTED,
                        xasprintf("unsupported: %s (cegar)",
                                  pf.error ? pf.error : "a mutex address the path knows"));
        } else if (cg_refine_places(&pf, &g->prec, &last, 1) > 0) {
            *done = false;
            new_arg(g);
        } else if (g->mutex_cells) {
            split_mutex(g, states[n], &actions[n], st);
            *done = false;
            new_arg(g);
        } else {
            char *at = where(st);
            o = outcome(ORDO_VERDICT_UNSUPPORTED,
                        xasprintf("unsupported: a mutex whose address depends on a value no "
                                  "precision holds, at %s (cegar)", at));
            free(at);
        }
        cg_path_free(&pf);
        ordo_smt_destroy(smt);
    }
    free(actions);
    free(states);
    return o;
}

/* The ARG after a refinement of the path to `error`: --prune full
 * builds a new one; lazy prunes it (prune.h), or builds a new one when no
 * node of the path changes. */
static void prune(cegar *g, cg_model *m, unsigned error)
{
    if (g->cfg->lazy && g->coi)
        cg_coi_set_precision(g->coi, &g->prec);
    if (g->cfg->lazy && cg_prune_lazy(m, &g->arg, error, g->cfg->por == CG_AASPOR))
        g->pruned_lazily = true;
    else
        new_arg(g);
}

/* The refiner's answer to a counterexample. A refinement that tracks
 * nothing new after a lazy prune may only have met nodes kept at an older
 * precision: then the ARG is built anew before the run gives up. New
 * mutex candidates change no precision: the ARG is built anew, and PRED's
 * transfer checks are made again (an outside case's constraint names the
 * candidates, which the cache's keys do not). */
static cg_outcome refine_and_prune(cegar *g, cg_model *m, unsigned error, bool *done)
{
    bool stuck = false, grew = false;
    cg_outcome o = refine(g, m, &g->arg, error, done, &stuck, &grew);
    if (grew) {
        *done = false;
        new_arg(g);
        cg_pred_cache_free(m->pred_cache);
        m->pred_cache = NULL;
    } else if (stuck && g->pruned_lazily) {
        free(o.reason);
        o = outcome(ORDO_VERDICT_UNKNOWN, NULL);
        *done = false;
        new_arg(g);
    } else if (!*done) {
        prune(g, m, error);
    }
    return o;
}

/* One iteration: the ARG completed at the current precision, then, at
 * an error node, the refiner. */
static cg_outcome iterate(cegar *g, bool *done)
{
    cg_model m = cg_model_new(g->analysed, g->cfg->mode, g->cfg->maxenum);
    m.prec = &g->prec;
    m.smt_int = g->smt_int;
    m.cell_values = g->cell_values;
    if ((m.por = g->por))
        cg_por_set_precision(g->por, &g->prec);
    if (g->coi) {
        cg_coi_set_precision(g->coi, &g->prec);
        m.coi = g->coi;
    }
    if (g->cfg->pred && !(m.smt = ordo_smt_create(g->solvers, NULL))) {
        cg_model_free(&m);
        *done = true;
        return outcome(ORDO_VERDICT_UNKNOWN, xstrdup("cegar: the solver could not be created"));
    }
    m.pred_cache = g->pred_cache;
    m.no_pred_cache = g->cfg->no_transfer_cache;
    m.pools = g->pools;
    m.mutex_cells = g->mutex_cells;
    cg_search_stats st = { 0 };
    unsigned error = 0, nodes = g->arg.n, covered = g->arg.covered;
    double t0 = ordo_process_cputime_s();
    cg_search_result r = cg_search(&m, &g->arg, g->cfg->bfs, g->d, &st, &error);
    double t1 = ordo_process_cputime_s();
    g->c->iterations++;
    g->c->abstraction_s += t1 - t0;
    g->c->explored_actions += st.explored_actions;
    g->c->successor_s += st.successor_s;
    g->c->arg_nodes += g->arg.n - nodes;
    g->c->covered_nodes += g->arg.covered - covered;
    ordo_log(ORDO_LOG_DEBUG, "cegar: iteration %u: %u nodes (%u new), %.0f transfer checks, "
             "%u in the precision, %.2f s", (unsigned)g->c->iterations, g->arg.n,
             g->arg.n - nodes, m.transfer_checks, cg_prec_size(&g->prec), t1 - t0);
    cg_outcome o;
    *done = true;
    if ((r == CG_SEARCH_ERROR || r == CG_SEARCH_MUTEX) && ordo_deadline_expired(g->d)) {
        /* Past the deadline the transfer's solver answers unknown, so
         * the abstraction coarsens and DFS soon meets an error node at
         * the end of a long path: refining it would outlast the limit's
         * grace and lose the statistics. */
        o = outcome(ORDO_VERDICT_UNKNOWN, xstrdup("cegar: deadline"));
    } else if (r == CG_SEARCH_ERROR || r == CG_SEARCH_MUTEX) {
        o = r == CG_SEARCH_ERROR ? refine_and_prune(g, &m, error, done)
                                 : learn_mutex_address(g, &m, error, done);
        g->c->refinement_s += ordo_process_cputime_s() - t1;
    } else {
        o = search_outcome(r, &m);
    }
    g->c->transfer_checks += m.transfer_checks;
    g->c->mutex_splits += m.mutex_splits;
    if (m.smt) {
        ordo_smt_counters_add(m.smt, &g->c->solver);
        ordo_smt_destroy(m.smt);
    }
    g->pred_cache = m.pred_cache;
    m.pred_cache = NULL;
    cg_model_free(&m);
    return o;
}

/* DCOI's statistics (coi.h); the ratio per task, as the thesis averages it. */
static void coi_counters(const cg_coi *coi, cg_counters *c)
{
    if (!coi)
        return;
    const cg_coi_stats *s = cg_coi_stats_of(coi);
    c->coi_simplified_ratio = s->evaluated > 0 ? (s->havoc + s->nop) / s->evaluated : 0;
    c->coi_havoc = s->havoc;
    c->coi_nop = s->nop;
    c->coi_time_s = s->time_s;
    c->coi_dfg_edges = cg_coi_dfg(coi)->n_edges;
    c->coi_dfg_s = s->dfg_s;
    c->coi_gave_up = s->gave_up;
}

bool cg_pools_allowed(const cg_config *cfg)
{
    return cfg->por == CG_NOPOR && !cfg->dcoi && !cfg->lazy;
}

cg_outcome cg_verify(const ordo_program *p, const cg_config *cfg,
                     const ordo_solver_factory *solvers, const ordo_deadline *d,
                     cg_counters *c)
{
    cegar g = { .cfg = cfg, .solvers = solvers, .d = d, .c = c, .original = p };
    char *err = prepare(&g);
    cg_outcome o;
    if (err) {
        o = outcome(ORDO_VERDICT_UNSUPPORTED, err);
    } else if (!solvers) {
        o = outcome(ORDO_VERDICT_UNKNOWN, xstrdup("cegar: no solver plugin"));
    } else if (cfg->seq_itp && !(solvers->ops->caps & ORDO_SMT_CAP_HORN)) {
        o = outcome(ORDO_VERDICT_UNSUPPORTED,
                    xasprintf("unsupported: --refinement seq-itp needs Horn clause solving, "
                              "which the solver %s does not offer (cegar)", solvers->name));
    } else if (cfg->thread_pools && !cg_pools_allowed(cfg)) {
        o = outcome(ORDO_VERDICT_UNSUPPORTED,
                    xstrdup("unsupported: --thread-pools on needs --por nopor, --coi none or "
                            "scoi and --prune full (cegar)"));
    } else if (cfg->bin_itp && !(solvers->ops->caps & ORDO_SMT_CAP_INTERPOLATION)) {
        o = outcome(ORDO_VERDICT_UNSUPPORTED,
                    xasprintf("unsupported: --refinement bin-itp needs binary interpolants, "
                              "which the solver %s does not offer (cegar)", solvers->name));
    } else {
        if (cfg->dcoi)
            g.coi = cg_coi_new(g.analysed);
        g.loops = cg_loops_new(g.analysed);
        if (cfg->thread_pools)
            g.pools = cg_pools_new(g.loops, cfg->pool_named);
        if (cfg->relax_loops)
            g.loop_guards = cg_loop_guards_new(g.analysed, g.loops);
        cg_prec_init(&g.prec, g.analysed->n_vars);
        cg_prec_add_sync_sources(&g.prec, g.analysed);
        if (cfg->allassumes)
            cg_initprec_allassumes(&g.prec, g.analysed, cfg->pred);
        char *bad = cfg->initprec_file ? cg_initprec_file(&g.prec, g.analysed, cfg->pred,
                                                          cfg->initprec_file)
                                       : NULL;
        if (bad)
            o = outcome(ORDO_VERDICT_ERROR, bad);
        if (cfg->por != CG_NOPOR) {
            g.por = xmalloc(sizeof *g.por);
            cg_por_init(g.por, g.analysed, cfg->por == CG_AASPOR);
        } else {
            g.mutex_cells = cg_mutex_cells_new();
        }
        bool done = bad != NULL;
        cg_arg_init(&g.arg);
        while (!done) {
            o = iterate(&g, &done);
            if (!done && ordo_deadline_expired(d)) {
                o = outcome(ORDO_VERDICT_UNKNOWN, xstrdup("cegar: deadline"));
                done = true;
            }
        }
        cg_arg_free(&g.arg);
        cg_pred_cache_free(g.pred_cache);
        c->precision_size = cg_prec_size(&g.prec);
        cg_prec_free(&g.prec);
        if (g.por) {
            c->por_enabled = g.por->stats.enabled_actions;
            c->por_source_set = g.por->stats.source_set_actions;
            c->por_fully_expanded = g.por->stats.fully_expanded;
            c->por_s = g.por->stats.time_s;
            cg_por_free(g.por);
            free(g.por);
        }
        coi_counters(g.coi, c);
        c->pool_merges = cg_pools_merges(g.pools);
        cg_pools_free(g.pools);
        cg_loop_guards_free(g.loop_guards);
        cg_loops_free(g.loops);
        cg_mutex_cells_free(g.mutex_cells);
        cg_coi_free(g.coi);
    }
    cg_cell_values_free(g.cell_values);
    if (g.analysed != g.shown)
        ordo_program_free(g.analysed);
    ordo_program_free(g.shown);
    return o;
}
