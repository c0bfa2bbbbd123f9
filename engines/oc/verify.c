/* Two-stage verification (thesis Section 5.3): wSC first, then SC. */
#include "verify.h"

#include <stdlib.h>
#include <string.h>

#include <ordo/ir_smt.h>
#include <ordo/xalloc.h>

#include "cell_ranges.h"
#include "cex.h"
#include "encoding.h"
#include "po.h"
#include "solve.h"

/* Finder clauses of each kind (Figure 5.4a; 5.4b/c): at most this many
 * per rf or ws pair, and at most MAX_FINDER_CLAUSES. The solver pays for
 * every clause in each of its checks (BASIC makes one per refinement); a
 * quadratic number of clauses (two loops reading and writing one
 * variable) costs more than the conflicts it saves. */
#define FINDER_CLAUSES_PER_PAIR 4
#define MAX_FINDER_CLAUSES 200000
/* Under PROP, at most this many finder clauses per literal. Z3 visits a
 * clause's relevancy watch at every assignment of one of its literals to
 * false, and rf literals are mostly false: a literal in thousands of
 * clauses (the rf pairs of a read in an unrolled loop) costs that much at
 * each assignment, while PROP's graph finds the cycles it would pre-empt
 * without a new check. BASIC pays a whole check for each cycle the finder
 * leaves to it, and keeps them all. Heavy tasks at bound 2: PROP+OPT/PROP
 * solver time 1.07 -> 0.72, BASIC+OPT/BASIC 0.68 -> 0.92 with this cap. */
#define PROP_FINDER_CLAUSES_PER_LITERAL 64
/* Walks under offsets guessed for loaded pointers (memory.h) before the
 * walk without them: each failed guess widens at least one location. */
#define MAX_OFFSET_WALKS 2
/* Walks under frozen locations (frozen.c) before the walk without them:
 * each thaws at least one location. */
#define MAX_FREEZE_WALKS 3

typedef struct {
    const ordo_program *p;
    const ordo_solver_factory *solvers;
    const ordo_deadline *deadline;
    const oc_config *cfg;
    oc_goal goal;
    bool bv;
    oc_solve_stats st;
    oc_outcome *out;
    bool freeze;         /* threads read main's values (frozen.c) ... */
    oc_loc_ids thawed;   /* ... but of these */
    bool thaw_found;     /* a walk found more to thaw */
} run_ctx;

static void fail(oc_outcome *o, ordo_verdict v, char *reason)
{
    o->verdict = v;
    o->reason = reason;
}

/* Adds the finder's conflicts (Algorithm 3) to the formula. */
static void add_finder_clauses(run_ctx *c, oc_encoding *enc, const oc_po *po)
{
    double t0 = ordo_process_cputime_s();
    oc_clauses found;
    oc_clauses_init(&found);
    c->out->finder = (oc_finder_stats){ 0 };
    size_t per_kind = FINDER_CLAUSES_PER_PAIR * (enc->es.n_rf + enc->es.n_ws);
    oc_finder_limits lim = { per_kind < MAX_FINDER_CLAUSES ? per_kind : MAX_FINDER_CLAUSES,
                             c->cfg->prop ? PROP_FINDER_CLAUSES_PER_LITERAL : 0,
                             c->cfg->cpu_stop_s };
    oc_find_conflicts(&enc->es, po, c->cfg->finder, &lim, &found, &c->out->finder);
    size_t n_clauses = found.n;
    for (size_t i = 0; i < found.n; i++) {
        size_t n;
        const oc_lit *l = oc_clauses_get(&found, i, &n);
        oc_enc_assert_conflict(enc, l, n);
    }
    oc_clauses_free(&found);
    double spent = ordo_process_cputime_s() - t0;
    c->out->work.finder_s += spent;
    if (c->cfg->finder != OC_FINDER_NONE)
        ordo_log(ORDO_LOG_INFO, "oc: finder: %zu rf and %zu ws/fr conflicts in %.3f s, "
                 "%zu clauses asserted", c->out->finder.conflicts_rf,
                 c->out->finder.conflicts_ws_fr, spent, n_clauses);
}

/* The counterexample of a wSC model that replays on the interpreter, or
 * NULL. A wSC model whose order linearizes into a schedule the
 * interpreter follows to the error is an SC execution: stage 2 would only
 * find one again, and its search can cost far more than stage 1's
 * (28-race_reach_71-funloop: 8 s under wSC, no SC answer in 46 s). The
 * replay is on the program before the passes (cfg->replay_on), where a
 * lazy block of the unrolled program is its loop again: on the unrolled
 * one, every trace with lazily created threads diverged there, and all
 * such wSC answers went on to stage 2 (thesis Section 5.3: the SC check
 * is only needed for a wSC execution that is no SC execution). */
static ordo_trace *replayed_wsc_witness(run_ctx *c, oc_encoding *enc)
{
    size_t n;
    oc_graph *g = oc_model_graph(enc, 1, &n);
    char *why = NULL;
    ordo_trace *t = n == 0 ? oc_counterexample(enc, g, &why) : NULL;
    oc_graph_free(g);
    free(why);
    why = NULL;
    const ordo_program *source = c->cfg->replay_on ? c->cfg->replay_on : c->p;
    if (t && !ordo_trace_replay(source, t, &why)) {
        ordo_trace_free(t);
        t = NULL;
    }
    free(why);
    return t;
}

/* The verdict of a stage's SAT answer: under wSC a candidate (UNSAFE,
 * re-checked by stage 2 unless its counterexample already replays);
 * under SC the counterexample. */
static void conclude_sat(run_ctx *c, oc_encoding *enc, bool sc)
{
    oc_outcome *o = c->out;
    if (!sc || c->goal == OC_GOAL_CUT) { /* a cut reached needs no trace */
        o->verdict = ORDO_VERDICT_UNSAFE;
        if (!sc && c->goal == OC_GOAL_ERROR)
            o->trace = replayed_wsc_witness(c, enc);
        return;
    }
    size_t n;
    oc_graph *g = oc_model_graph(enc, 1, &n);
    char *why = NULL;
    o->trace = n == 0 ? oc_counterexample(enc, g, &why) : NULL;
    if (o->trace)
        o->verdict = ORDO_VERDICT_UNSAFE;
    else
        fail(o, ORDO_VERDICT_ERROR, why ? why : xasprintf("internal error: inconsistent model"));
    oc_graph_free(g);
}

static ordo_smt *create_solver(run_ctx *c)
{
    /* BASIC refines between checks; PROP's propagator needs the SMT core:
     * all four configurations search in the same core. BASIC's every check
     * searches from the base level again, and relevancy filtering costs
     * per clause occurrence each time: without it, over the fixed-bound
     * corpus, BASIC's solver time drops 29 % and BASIC+OPT's 57 % (one
     * task, barrier_2t, gets slower than the limit). */
    ordo_smt_config cfg = { .user_propagator = c->cfg->prop, .incremental = true,
                            .no_relevancy = !c->cfg->prop };
    ordo_smt *s = ordo_smt_create(c->solvers, &cfg);
    if (!s)
        fail(c->out, ORDO_VERDICT_ERROR,
             xasprintf("cannot create a %s solver", c->solvers->name));
    return s;
}

/* A fresh solver in *s for another walk into enc. */
static bool renew(run_ctx *c, ordo_smt **s, oc_encoding *enc)
{
    oc_encoding_free(enc);
    ordo_smt_destroy(*s);
    *s = create_solver(c);
    return *s != NULL;
}

/* A walk; the frozen locations a later write may reach are thawed for
 * the next walk (frozen.c). */
static bool build(run_ctx *c, ordo_smt *s, oc_encoding *enc, const oc_walk_plan *plan)
{
    bool ok = oc_build_events(enc, c->p, s, plan);
    for (size_t i = 0; i < enc->thaw.n; i++)
        oc_loc_ids_add(&c->thawed, enc->thaw.ids[i].is_mem, enc->thaw.ids[i].key);
    c->thaw_found |= enc->thaw.n > 0;
    return ok;
}

/* A walk knowing what an earlier walk found, in a fresh solver. */
static bool walk_knowing(run_ctx *c, ordo_smt **s, oc_encoding *enc, oc_walk_plan plan,
                         const oc_memory_summary *prior)
{
    plan.prior = prior;
    return renew(c, s, enc) && build(c, *s, enc, &plan);
}

static void log_walked_again(const char *where)
{
    ordo_log(ORDO_LOG_INFO, "oc: pointers stored %s, walked again", where);
}

/* Walks under the summary's offsets, widened by what each walk stored,
 * until they hold (at most MAX_OFFSET_WALKS walks); then without. */
static bool walk_widening_offsets(run_ctx *c, ordo_smt **s, oc_encoding *enc,
                                  oc_walk_plan plan, oc_memory_summary *m)
{
    for (unsigned i = 0; i < MAX_OFFSET_WALKS && m->offsets; i++) {
        bool ok = walk_knowing(c, s, enc, plan, m);
        if (!ok || oc_memory_offsets_hold(m, enc->locs, enc->n_locs))
            return ok;
        m->offsets = oc_memory_widen_offsets(m, enc->locs, enc->n_locs);
        log_walked_again("at other offsets");
    }
    m->offsets = false;
    return walk_knowing(c, s, enc, plan, m);
}

/* Walks the program into *s. A walk with accesses through pointers of
 * unknown region, or with symbolic writes to cells nothing reads, is done
 * again, knowing every region, the points-to summary and the reads of the
 * first walk (memory.h): under its guess first, then, should the guess
 * not hold, under the summary, with the offsets of the guess joined with
 * what the walks stored, as long as they do not hold. */
static bool walk_memory(run_ctx *c, ordo_smt **s, oc_encoding *enc, const oc_wide_cells *wide)
{
    oc_walk_plan plan = { c->bv, c->cfg->max_events ? c->cfg->max_events : OC_MAX_EVENTS,
                          c->cfg->cpu_stop_s, NULL, wide, c->freeze, &c->thawed };
    if (!build(c, *s, enc, &plan))
        return false;
    oc_memory_summary first, guess;
    if (!oc_memory_summarize(enc, &first))
        return true;
    bool ok = false, holds = false;
    if (oc_memory_guess(&first, &guess)) {
        ok = walk_knowing(c, s, enc, plan, &guess);
        bool regions = !ok || oc_memory_guess_holds(&guess, enc->locs, enc->n_locs);
        holds = regions && (!ok || oc_memory_offsets_hold(&guess, enc->locs, enc->n_locs));
        if (!regions)
            log_walked_again("through unknown addresses");
        else if (!holds)
            log_walked_again("at other offsets");
        if (!holds)
            first.offsets = oc_memory_widen_offsets(&first, enc->locs, enc->n_locs);
    }
    if (!holds)
        ok = walk_widening_offsets(c, s, enc, plan, &first);
    oc_memory_summary_free(&first);
    return ok;
}

/* A walk Int arithmetic cannot keep exact (because of st): again in
 * bit-vectors under --arith auto (this stage and the next), refused under
 * --arith int. */
static bool walk_in_bv(run_ctx *c, ordo_smt **s, oc_encoding *enc, const ordo_stmt *st,
                       const char *why)
{
    const char *file = st->file ? st->file : "?";
    if (c->cfg->arith == OC_ARITH_INT) {
        enc->unsupported = xasprintf("unsupported: --arith int on bit-vector semantics, %s "
                                     "(%s:%u)", why, file, st->line);
        return false;
    }
    ordo_log(ORDO_LOG_INFO, "oc: bit-vector arithmetic, for %s:%u (%s)", file, st->line, why);
    c->bv = true;
    return renew(c, s, enc) && walk_memory(c, s, enc, NULL);
}

/* walk_memory, exact in Int arithmetic: a walk with a location whose
 * values may leave its reads' range is done again with those reads
 * converting from the values the walk found (cell_ranges.h); bit-vectors
 * decide should they still leave it, or when an allocation reaches the
 * addresses Int reads as negative offsets. */
static bool walk_program_once(run_ctx *c, ordo_smt **s, oc_encoding *enc)
{
    if (!walk_memory(c, s, enc, NULL))
        return false;
    if (c->bv)
        return true;
    if (enc->high_alloc)
        return walk_in_bv(c, s, enc, enc->high_alloc, "an allocation at addresses of half "
                          "the pointer width");
    if (!oc_cell_ranges_inexact(enc->locs, enc->n_locs))
        return true;
    oc_wide_cells wide = { 0 };
    oc_wide_cells_add(&wide, enc->locs, enc->n_locs);
    ordo_log(ORDO_LOG_INFO, "oc: Int arithmetic converts the reads of %zu cells read at "
             "types their values may not fit", wide.n);
    bool ok = renew(c, s, enc) && walk_memory(c, s, enc, &wide);
    oc_wide_cells_free(&wide);
    const ordo_stmt *read = ok ? oc_cell_ranges_inexact(enc->locs, enc->n_locs) : NULL;
    if (!read)
        return ok;
    return walk_in_bv(c, s, enc, read, "a cell read at a type its values may not fit");
}

/* walk_program_once under main's values as threads read them (frozen.c):
 * every walk of it notes the frozen locations a later write may reach;
 * while some walk noted one (also one stopped at too many events), it is
 * done again with those thawed, at most MAX_FREEZE_WALKS times, then
 * without frozen locations. */
static bool walk_program(run_ctx *c, ordo_smt **s, oc_encoding *enc)
{
    for (unsigned i = 1;; i++) {
        c->thaw_found = false;
        bool ok = walk_program_once(c, s, enc);
        /* a walk that stopped at too many events may have had them
         * because of what a later write thawed on the way */
        if (!c->thaw_found || (!ok && !enc->too_many_events))
            return ok;
        c->freeze = i < MAX_FREEZE_WALKS;
        ordo_log(ORDO_LOG_INFO, "oc: %zu locations main wrote before its first thread are "
                 "written later, walked again%s", c->thawed.n, c->freeze ? "" : " without");
        if (!renew(c, s, enc))
            return false;
    }
}

/* Encodes (with ws for the SC stage), adds finder clauses, solves. */
static void run_stage(run_ctx *c, bool sc)
{
    oc_outcome *o = c->out;
    ordo_smt *s = create_solver(c);
    if (!s)
        return;
    oc_encoding enc;
    oc_propagator *prop = NULL;
    oc_po po = { 0 };
    double t0 = ordo_process_cputime_s();
    if (!walk_program(c, &s, &enc)) {
        if (!s) /* the second walk had no solver (create_solver said so) */
            return;
        bool gave_up = enc.too_many_events || enc.out_of_time;
        fail(o, gave_up ? ORDO_VERDICT_UNKNOWN : ORDO_VERDICT_UNSUPPORTED, enc.unsupported);
        enc.unsupported = NULL;
        o->too_many_events = enc.too_many_events;
    } else if (!oc_po_build(&po, &enc.es)) {
        fail(o, ORDO_VERDICT_ERROR, xasprintf("internal error: cyclic program order"));
    } else if (!oc_encode_relations(&enc, &po, sc, c->goal)) {
        fail(o, ORDO_VERDICT_UNKNOWN, xstrdup("out of time while encoding"));
    } else {
        double encoded = ordo_process_cputime_s() - t0;
        o->work.encoding_s += encoded;
        o->events = enc.es.n;
        o->rf_pairs = enc.es.n_rf;
        o->ws_pairs = enc.es.n_ws;
        ordo_log(ORDO_LOG_INFO, "oc: stage %d (%s): %zu events, %zu rf pairs, %zu ws pairs, "
                 "encoded in %.3f s", sc ? 2 : 1, sc ? "SC" : "wSC", o->events, o->rf_pairs,
                 o->ws_pairs, encoded);
        if (enc.n_unread_writes)
            ordo_log(ORDO_LOG_INFO, "oc: %zu writes to cells nothing reads left out",
                     enc.n_unread_writes);
        add_finder_clauses(c, &enc, &po);
        if (c->cfg->prop)
            prop = oc_prop_attach(&enc, c->cfg->prevent, &c->st);
        double solver_before = c->st.solver_time_s, decisions_before = o->work.solver.decisions;
        ordo_smt_result r = oc_solve(&enc, c->deadline, &c->st);
        ordo_smt_counters_add(s, &o->work.solver);
        ordo_log(ORDO_LOG_INFO, "oc: stage %d: %s after %.3f s in the solver, %.0f decisions",
                 sc ? 2 : 1, r == ORDO_SMT_SAT ? "sat" : r == ORDO_SMT_UNSAT ? "unsat" : "unknown",
                 c->st.solver_time_s - solver_before, o->work.solver.decisions - decisions_before);
        o->unwinding = enc.unwinding;
        o->cells_cut = enc.cells_cut;
        o->lazy_threads = enc.n_lazy_threads;
        if (c->st.error) {
            fail(o, ORDO_VERDICT_ERROR, xstrdup(c->st.error));
        } else if (r == ORDO_SMT_UNSAT) {
            o->verdict = ORDO_VERDICT_SAFE;
            /* No deeper unroll bound lifts this bound: say so. */
            if (o->cells_cut)
                o->reason = xasprintf("checked only the first %d cells of an allocation of "
                                      "symbolic size", OC_SYMBOLIC_CELLS);
        } else if (r == ORDO_SMT_UNKNOWN) {
            const char *why = ordo_smt_error(s) ? ordo_smt_error(s) : ordo_smt_reason_unknown(s);
            fail(o, ORDO_VERDICT_UNKNOWN, xasprintf("solver: %s", why ? why : "unknown"));
        } else {
            conclude_sat(c, &enc, sc);
        }
    }
    oc_prop_free(prop);
    oc_po_free(&po);
    oc_encoding_free(&enc);
    ordo_smt_destroy(s);
}

/* Is the goal reachable: UNSAFE (with a trace for an error), SAFE, or
 * no answer. */
static oc_outcome decide(const ordo_program *p, const ordo_solver_factory *solvers,
                         const ordo_deadline *deadline, const oc_config *cfg, oc_goal goal)
{
    oc_outcome o = { .verdict = ORDO_VERDICT_UNKNOWN, .stage = 1 };
    if (cfg->prop && !(solvers->ops->caps & ORDO_SMT_CAP_USER_PROPAGATOR)) {
        fail(&o, ORDO_VERDICT_ERROR,
             xasprintf("--decision-procedure prop needs a user propagator, which solver %s "
                       "does not offer (use --solver z3, or --decision-procedure basic)",
                       solvers->name));
        return o;
    }
    /* the choice counts the statements of the unrolled program: a
     * conversion in a loop body counts once per unrolled copy */
    ordo_arith_choice arith = ordo_program_arith_choice(p);
    if (cfg->arith == OC_ARITH_INT && arith.required) {
        fail(&o, ORDO_VERDICT_UNSUPPORTED,
             xasprintf("unsupported: --arith int on bit-vector semantics (%s:%u)",
                       arith.why->file ? arith.why->file : "?", arith.why->line));
        return o;
    }
    bool auto_bv = cfg->arith == OC_ARITH_AUTO && arith.bv;
    if (auto_bv)
        ordo_log(ORDO_LOG_INFO, "oc: bit-vector arithmetic, for %s:%u",
                 arith.why->file ? arith.why->file : "?", arith.why->line);
    /* The attempt's CPU stop is a deadline: the solver's checks end there
     * too, under the SMT layer's CPU timers (smt.h). */
    ordo_deadline *stop = ordo_deadline_narrow(deadline, cfg->cpu_stop_s);
    ordo_solver_factory stopped = *solvers;
    stopped.deadline = stop;
    run_ctx c = { .p = p, .solvers = &stopped, .deadline = stop, .cfg = cfg, .goal = goal,
                  .bv = cfg->arith == OC_ARITH_BV || auto_bv, .out = &o, .freeze = true };
    run_stage(&c, false);
    if (o.verdict == ORDO_VERDICT_UNSAFE && !o.trace) { /* a wSC model: decide under SC */
        o.stage = 2;
        run_stage(&c, true);
    }
    ordo_deadline_free(stop);
    oc_loc_ids_free(&c.thawed);
    o.work.refinements = c.st.refinements;
    o.work.refinement_clauses = c.st.refinement_clauses;
    o.work.propagated_clauses = c.st.propagated_clauses;
    o.work.prop_conflicts = c.st.prop_conflicts;
    o.work.prevented = c.st.prevented;
    o.work.solver_s = c.st.solver_time_s;
    return o;
}

oc_outcome oc_verify(const ordo_program *p, const ordo_solver_factory *solvers,
                     const ordo_deadline *deadline, const oc_config *cfg)
{
    return decide(p, solvers, deadline, cfg, OC_GOAL_ERROR);
}

void oc_work_add(oc_work *sum, const oc_work *w)
{
    sum->finder_s += w->finder_s;
    sum->encoding_s += w->encoding_s;
    sum->solver_s += w->solver_s;
    sum->unwinding_check_s += w->unwinding_check_s;
    sum->refinements += w->refinements;
    sum->refinement_clauses += w->refinement_clauses;
    sum->propagated_clauses += w->propagated_clauses;
    sum->prop_conflicts += w->prop_conflicts;
    sum->prevented += w->prevented;
    ordo_smt_counters_sum(&sum->solver, &w->solver);
}

/* The unwinding check (CBMC's unwinding assertions, under the ordering
 * encoding): the error check's formula with the disjunction of the
 * unwinding edges' guards as its goal instead of ρ_err. Its SAT answers
 * over-approximate reaching a cut (no error needs to be avoided, an exit
 * in another thread may come first), so UNSAT is a proof: take any
 * execution of the program beyond the bound; its longest prefix within
 * the unrolled program ends with a thread at an unwinding edge whose
 * guard holds, and that prefix, completed by the other threads running
 * on (each stops at a dead end, a block or the program's end), is an
 * execution of the unrolled program, a model of this formula. wSC has
 * more models than SC: UNSAT there is UNSAT under SC. */
void oc_check_unwinding(const ordo_program *p, const ordo_solver_factory *solvers,
                        const ordo_deadline *deadline, const oc_config *cfg, oc_outcome *o)
{
    double t0 = ordo_process_cputime_s();
    oc_outcome check = decide(p, solvers, deadline, cfg, OC_GOAL_CUT);
    o->cuts_unreachable = check.verdict == ORDO_VERDICT_SAFE;
    ordo_log(ORDO_LOG_INFO, "oc: unwinding check: %s",
             check.verdict == ORDO_VERDICT_SAFE     ? "no execution reaches an unwinding edge"
             : check.verdict == ORDO_VERDICT_UNSAFE ? "an unwinding edge is reachable"
                                                    : "no answer");
    check.work.unwinding_check_s = ordo_process_cputime_s() - t0;
    oc_work_add(&o->work, &check.work);
    free(check.reason);
    ordo_trace_free(check.trace);
}

oc_complete_by oc_completeness(const oc_outcome *o)
{
    if (o->verdict != ORDO_VERDICT_SAFE || o->cells_cut || o->lazy_threads)
        return OC_COMPLETE_NONE;
    if (!o->unwinding)
        return OC_COMPLETE_STATIC;
    return o->cuts_unreachable ? OC_COMPLETE_UNWINDING_CHECK : OC_COMPLETE_NONE;
}

bool oc_bounded_by_unwinding(const oc_outcome *o)
{
    return o->verdict == ORDO_VERDICT_SAFE &&
           (o->lazy_threads || (o->unwinding && !o->cuts_unreachable));
}
