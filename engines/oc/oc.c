/*
 * The `oc` engine: bounded model checking with partial orders (thesis
 * Chapter 5). Two stages (Section 5.3): first under weak sequential
 * consistency (no ws variables); a violating model found there is
 * re-checked under SC with the write-serialization constraints. Each
 * stage decides ψ_ssa ∧ ψ_ord by BASIC (lazy refinement) or PROP (user
 * propagator), optionally strengthened by the conflict finder (Section
 * 5.4, "OPT").
 */

#include <ordo/passes.h>
#include <ordo/plugin.h>

#include "deepen.h"

/* A macro's value as a string literal (for help texts). */
#define TEXT_OF(x) #x
#define TEXT(x) TEXT_OF(x)

static const char *const procedures[] = { "basic", "prop", NULL };
static const char *const finders[] = { "none", "rf", "rf-ws-fr", NULL };
static const char *const ariths[] = { "auto", "int", "bv", NULL };
static const char *const on_off[] = { "on", "off", NULL };

static const ordo_option_desc options[] = {
    { "decision-procedure", ORDO_OPT_ENUM, "prop", procedures, 0, -1,
      "basic: lazy refinement with kernel reasons; prop: ordering theory as a user propagator" },
    { "conflict-finder", ORDO_OPT_ENUM, "none", finders, 0, -1,
      "conflicts found before solving (Algorithm 3): none, rf (Fig. 5.4a), rf-ws-fr (5.4a-c)" },
    { "propagate", ORDO_OPT_ENUM, "on", on_off, 0, -1,
      "prop: also propagate false each rf / ws literal whose order would close a cycle "
      "(preventive propagation, Sun et al.; off: conflicts only, the thesis' Table 5.1)" },
    { "unroll", ORDO_OPT_INT, "2", NULL, 0, 1000000,
      "loop unroll bound where the trip count is not static" },
    { "unroll-max", ORDO_OPT_INT, "0", NULL, 0, 1000000,
      "incremental unwinding: after a bounded SAFE (or too many events), retry at doubled "
      "bounds up to this one (0: one attempt at --unroll, as in the thesis)" },
    { "deepen-time", ORDO_OPT_INT, "0", NULL, 0, 1000000,
      "CPU seconds of the run after which no deeper bound is tried and a running deeper "
      "attempt stops, keeping the last bounded SAFE (0: until the run's limit)" },
    { "deepen-events", ORDO_OPT_INT, "0", NULL, 0, 1000000,
      "a deeper bound whose encoding has more events than this is not tried, keeping the "
      "last bounded SAFE: a deepest bound that does not depend on speed (0: "
      TEXT(OC_MAX_EVENTS) ")" },
    { "arith", ORDO_OPT_ENUM, "auto", ariths, 0, -1,
      "int, bv, or auto (bv when the program's meaning depends on bit-vectors)" },
    { NULL, 0, NULL, NULL, 0, 0, NULL },
};

/* The engine's statistics, each named once (Kissat's habit): the
 * descriptor table and the enum that record() sets them by. The solver's
 * counters (solver.decisions, ...) are declared by every solver plugin
 * (ordo_smt_stat_descs) and set by ordo_smt_counters_record(). */
#define OC_STATS(X)                                                                              \
    X(EVENTS, "oc.events", "count", "memory and synchronisation events")                        \
    X(RF_PAIRS, "oc.rf_pairs", "count", "potential read-from pairs (rf variables)")             \
    X(WS_PAIRS, "oc.ws_pairs", "count", "same-location write pairs")                            \
    X(CONFLICTS_RF, "oc.finder.conflicts_rf", "count",                                          \
      "conflicts of Figure 5.4a found before solving")                                          \
    X(CONFLICTS_WS_FR, "oc.finder.conflicts_ws_fr", "count",                                    \
      "conflicts of Figures 5.4b/c found before solving")                                       \
    X(FINDER_TIME, "oc.finder.time_s", "s", "time of the conflict finder")                      \
    X(REFINEMENTS, "oc.refinements", "count", "refinement iterations (models with a cycle)")    \
    X(REFINEMENT_CLAUSES, "oc.refinement_clauses", "count", "clauses added by refinements")     \
    X(PROPAGATED_CLAUSES, "oc.propagated_clauses", "count",                                     \
      "conflict clauses the propagator gave the solver")                                        \
    X(PROP_CONFLICTS, "oc.prop_conflicts", "count", "conflicts the propagator detected")        \
    X(PREVENTED, "oc.prevented", "count",                                                       \
      "order literals the propagator set false: they would close a cycle (--propagate on)")     \
    X(ENCODING_TIME, "oc.encoding.time_s", "s", "time to build the events and the formula")     \
    X(STAGE, "oc.stage", "index", "stage that decided: 1 = wSC, 2 = SC")                        \
    X(UNROLL_BOUND, "oc.unroll_bound", "count", "the unroll bound of the reported answer")      \
    X(UNROLL_ATTEMPTS, "oc.unroll_attempts", "count",                                           \
      "bounds tried (more than 1 with --unroll-max)")                                           \
    X(COMPLETE, "oc.complete", "bool",                                                          \
      "1 when no assumption bounds a SAFE: neither a loop's unwinding (oc.complete_by says "     \
      "why) nor the cells of an allocation of symbolic size")                                   \
    X(COMPLETE_BY, "oc.complete_by", "index",                                                   \
      "what made the SAFE complete: 0 = nothing (bounded, or no SAFE), 1 = static (the walk "    \
      "reached no unwinding edge), 2 = unwinding check (no execution reaches one)")             \
    X(UNWINDING_CHECK_TIME, "oc.unwinding_check_time_s", "s",                                   \
      "time of the unwinding checks after bounded SAFEs (all attempts)")                        \
    X(LAZY_THREADS, "oc.lazy_threads", "count",                                                 \
      "threads created without events (the iterations of a thread-creation loop beyond the "    \
      "bound) in the attempt whose answer is reported; a SAFE with any is bounded")             \
    X(ANSWER_SOLVER_TIME, "oc.answer.solver_time_s", "s",                                       \
      "solver time of the attempt whose answer is reported (solver.time_s: all attempts)")      \
    X(ANSWER_DECISIONS, "oc.answer.decisions", "count",                                         \
      "solver decisions of the attempt whose answer is reported")                               \
    X(SOLVER_TIME, "solver.time_s", "s", "time in the SMT solver's checks")

#define OC_STAT_ID(id, name, unit, help) OC_STAT_##id,
#define OC_STAT_DESC(id, name, unit, help) { name, unit, help },
typedef enum { OC_STATS(OC_STAT_ID) } oc_stat;
static const ordo_stat_desc stats[] = { OC_STATS(OC_STAT_DESC) { NULL, NULL, NULL } };

static void set(ordo_stats *s, oc_stat id, double value)
{
    ordo_stat_set(s, stats[id].name, value);
}

/* ---- the run ------------------------------------------------------------ */

static void record(ordo_stats *s, const oc_deepened *d)
{
    const oc_outcome *o = &d->o;
    const oc_work *w = &o->work;
    set(s, OC_STAT_EVENTS, (double)o->events);
    set(s, OC_STAT_RF_PAIRS, (double)o->rf_pairs);
    set(s, OC_STAT_WS_PAIRS, (double)o->ws_pairs);
    set(s, OC_STAT_CONFLICTS_RF, (double)o->finder.conflicts_rf);
    set(s, OC_STAT_CONFLICTS_WS_FR, (double)o->finder.conflicts_ws_fr);
    set(s, OC_STAT_FINDER_TIME, w->finder_s);
    set(s, OC_STAT_REFINEMENTS, (double)w->refinements);
    set(s, OC_STAT_REFINEMENT_CLAUSES, (double)w->refinement_clauses);
    set(s, OC_STAT_PROPAGATED_CLAUSES, (double)w->propagated_clauses);
    set(s, OC_STAT_PROP_CONFLICTS, (double)w->prop_conflicts);
    set(s, OC_STAT_PREVENTED, (double)w->prevented);
    set(s, OC_STAT_ENCODING_TIME, w->encoding_s);
    set(s, OC_STAT_STAGE, o->stage);
    set(s, OC_STAT_UNROLL_BOUND, (double)d->bound);
    set(s, OC_STAT_UNROLL_ATTEMPTS, (double)d->attempts);
    set(s, OC_STAT_ANSWER_SOLVER_TIME, d->answer.solver_s);
    set(s, OC_STAT_ANSWER_DECISIONS, d->answer.solver.decisions);
    set(s, OC_STAT_COMPLETE, oc_completeness(o) != OC_COMPLETE_NONE);
    set(s, OC_STAT_COMPLETE_BY, oc_completeness(o));
    set(s, OC_STAT_UNWINDING_CHECK_TIME, w->unwinding_check_s);
    set(s, OC_STAT_LAZY_THREADS, (double)o->lazy_threads);
    set(s, OC_STAT_SOLVER_TIME, w->solver_s);
    ordo_smt_counters_record(&w->solver, s);
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    const ordo_options *opt = in->options;
    oc_config cfg = {
        .prop = ordo_opt_is(opt, "decision-procedure", "prop"),
        .prevent = ordo_opt_is(opt, "propagate", "on"),
        .finder = ordo_opt_is(opt, "conflict-finder", "rf")         ? OC_FINDER_RF
                  : ordo_opt_is(opt, "conflict-finder", "rf-ws-fr") ? OC_FINDER_RF_WS_FR
                                                                    : OC_FINDER_NONE,
        .arith = ordo_opt_is(opt, "arith", "int")  ? OC_ARITH_INT
                 : ordo_opt_is(opt, "arith", "bv") ? OC_ARITH_BV
                                                   : OC_ARITH_AUTO,
    };
    oc_bounds bounds = {
        .unroll = (unsigned)ordo_opt_int(opt, "unroll"),
        .unroll_max = (unsigned)ordo_opt_int(opt, "unroll-max"),
        .deepen_s = (double)ordo_opt_int(opt, "deepen-time"),
        .deepen_events = (size_t)ordo_opt_int(opt, "deepen-events"),
    };
    oc_deepened d = oc_verify_deepening(in->program, in->solvers, in->deadline, &cfg, &bounds);
    if (d.error) {
        set(in->stats, OC_STAT_UNROLL_BOUND, (double)bounds.unroll);
        return (ordo_engine_result){ .verdict = ORDO_VERDICT_UNSUPPORTED, .bound = -1,
                                     .reason = d.error, .owns_reason = true };
    }
    const oc_outcome *o = &d.o;
    record(in->stats, &d);
    ordo_engine_result r = { .verdict = o->verdict, .bound = -1, .reason = o->reason,
                             .owns_reason = o->reason != NULL, .trace = o->trace };
    if (o->verdict == ORDO_VERDICT_SAFE) {
        r.complete = oc_completeness(o) != OC_COMPLETE_NONE;
        r.bound = r.complete ? -1 : (long)d.bound;
    }
    return r;
}

static const ordo_engine_ops engine = { 0, run };

static const ordo_plugin plugin = {
    .abi_version = ORDO_ABI_VERSION,
    .kind = ORDO_PLUGIN_ENGINE,
    .name = "oc",
    .version = "0.1.0",
    .description = "partial-order BMC with ordering consistency (thesis Chapter 5): "
                   "BASIC / PROP, wSC then SC, automatic conflict finder",
    .options = options,
    .stats = stats,
    .engine = &engine,
};

const ordo_plugin *ordo_plugin_entry(void)
{
    return &plugin;
}
