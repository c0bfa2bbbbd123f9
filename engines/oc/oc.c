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

static const ordo_option_desc options[] = {
    { "decision-procedure", ORDO_OPT_ENUM, "prop", procedures, 0, -1,
      "basic: lazy refinement with kernel reasons; prop: ordering theory as a user propagator" },
    { "conflict-finder", ORDO_OPT_ENUM, "none", finders, 0, -1,
      "conflicts found before solving (Algorithm 3): none, rf (Fig. 5.4a), rf-ws-fr (5.4a-c)" },
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

static const ordo_stat_desc stats[] = {
    { "oc.events", "count", "memory and synchronisation events" },
    { "oc.rf_pairs", "count", "potential read-from pairs (rf variables)" },
    { "oc.ws_pairs", "count", "same-location write pairs" },
    { "oc.finder.conflicts_rf", "count", "conflicts of Figure 5.4a found before solving" },
    { "oc.finder.conflicts_ws_fr", "count", "conflicts of Figures 5.4b/c found before solving" },
    { "oc.finder.time_s", "s", "time of the conflict finder" },
    { "oc.refinements", "count", "refinement iterations (models with a cycle)" },
    { "oc.refinement_clauses", "count", "clauses added by refinements" },
    { "oc.propagated_clauses", "count", "conflict clauses the propagator gave the solver" },
    { "oc.prop_conflicts", "count", "conflicts the propagator detected" },
    { "oc.encoding_time_s", "s", "time to build the events and the formula" },
    { "oc.stage", "count", "stage that decided: 1 = wSC, 2 = SC" },
    { "oc.unroll_bound", "count", "the unroll bound of the reported answer" },
    { "oc.unroll_attempts", "count", "bounds tried (more than 1 with --unroll-max)" },
    { "oc.complete", "bool", "1 when no unwinding assumption was needed (loops, or the "
      "cells of an allocation of symbolic size)" },
    { "oc.answer.solver_time_s", "s",
      "solver time of the attempt whose answer is reported (solver.time_s: all attempts)" },
    { "oc.answer.decisions", "count", "solver decisions of the attempt whose answer is reported" },
    { "solver.time_s", "s", "time in the SMT solver's checks" },
    { "solver.decisions", "count", "SMT solver decisions" },
    { "solver.propagations", "count", "SMT solver propagations" },
    { "solver.conflicts", "count", "SMT solver conflicts" },
    { "solver.restarts", "count", "SMT solver restarts" },
    { NULL, NULL, NULL },
};

/* ---- the run ------------------------------------------------------------ */

/* No assumption bounds the answer: neither a loop's unwinding nor the
 * cells of an allocation of symbolic size. */
static bool complete(const oc_outcome *o)
{
    return !o->unwinding && !o->cells_cut;
}

static void record(ordo_stats *s, const oc_deepened *d)
{
    const oc_outcome *o = &d->o;
    const oc_work *w = &o->work;
    ordo_stat_set(s, "oc.events", (double)o->events);
    ordo_stat_set(s, "oc.rf_pairs", (double)o->rf_pairs);
    ordo_stat_set(s, "oc.ws_pairs", (double)o->ws_pairs);
    ordo_stat_set(s, "oc.finder.conflicts_rf", (double)o->finder.conflicts_rf);
    ordo_stat_set(s, "oc.finder.conflicts_ws_fr", (double)o->finder.conflicts_ws_fr);
    ordo_stat_set(s, "oc.finder.time_s", w->finder_s);
    ordo_stat_set(s, "oc.refinements", (double)w->refinements);
    ordo_stat_set(s, "oc.refinement_clauses", (double)w->refinement_clauses);
    ordo_stat_set(s, "oc.propagated_clauses", (double)w->propagated_clauses);
    ordo_stat_set(s, "oc.prop_conflicts", (double)w->prop_conflicts);
    ordo_stat_set(s, "oc.encoding_time_s", w->encoding_s);
    ordo_stat_set(s, "oc.stage", o->stage);
    ordo_stat_set(s, "oc.unroll_bound", (double)d->bound);
    ordo_stat_set(s, "oc.unroll_attempts", (double)d->attempts);
    ordo_stat_set(s, "oc.answer.solver_time_s", d->answer.solver_s);
    ordo_stat_set(s, "oc.answer.decisions", d->answer.solver.decisions);
    ordo_stat_set(s, "oc.complete", complete(o));
    ordo_stat_set(s, "solver.time_s", w->solver_s);
    ordo_smt_counters_record(&w->solver, s);
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    const ordo_options *opt = in->options;
    oc_config cfg = {
        .prop = ordo_opt_is(opt, "decision-procedure", "prop"),
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
        ordo_stat_set(in->stats, "oc.unroll_bound", (double)bounds.unroll);
        return (ordo_engine_result){ .verdict = ORDO_VERDICT_UNSUPPORTED, .bound = -1,
                                     .reason = d.error, .owns_reason = true };
    }
    const oc_outcome *o = &d.o;
    record(in->stats, &d);
    ordo_engine_result r = { .verdict = o->verdict, .bound = -1, .reason = o->reason,
                             .owns_reason = o->reason != NULL, .trace = o->trace };
    if (o->verdict == ORDO_VERDICT_SAFE) {
        r.complete = complete(o);
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
