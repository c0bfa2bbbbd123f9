/*
 * The `cegar` engine: abstraction-refinement state-space exploration over
 * the multi-threaded CFA (thesis Chapter 2), the base of Chapters 3 (POR)
 * and 4 (dynamic COI). Descriptor: options, statistics, the run.
 */
#include <string.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "cegar.h"

static const char *const domains[] = { "expl", "pred", NULL };
static const char *const searches[] = { "dfs", "bfs", NULL };
static const char *const refinements[] = { "unsat-core", "seq-itp", "bin-itp", NULL };
static const char *const initprecs[] = { "empty", "allassumes", "file:", NULL };
static const char *const pors[] = { "nopor", "spor", "aaspor", NULL };
static const char *const cois[] = { "none", "scoi", "dcoi", "scoi+dcoi", NULL };
static const char *const ariths[] = { "auto", "int", "bv", NULL };
static const char *const pred_splits[] = { "atoms", "conjuncts", "whole", NULL };
static const char *const prunes[] = { "full", "lazy", NULL };
static const char *const on_off[] = { "on", "off", NULL };
static const char *const on_off_auto[] = { "auto", "on", "off", NULL };

static const ordo_option_desc options[] = {
    { "domain", ORDO_OPT_ENUM, "expl", domains, 0, -1,
      "abstract domain: expl (explicit values) or pred (Cartesian predicate abstraction)" },
    { "maxenum", ORDO_OPT_INT, "1", NULL, 1, 1000000,
      "EXPL: a havoc of a type with at most N values gives one successor per value "
      "(1: the value becomes unknown, the thesis' setting)" },
    { "search", ORDO_OPT_ENUM, "dfs", searches, 0, -1, "ARG exploration order" },
    { "refinement", ORDO_OPT_ENUM, "unsat-core", refinements, 0, -1,
      "unsat-core: EXPL tracks the places of an unsat core of the path formula, PRED adds "
      "its conditions' atoms and their weakest preconditions; seq-itp: a sequence "
      "interpolant (Horn clauses, z3's Spacer), EXPL tracks its places, PRED adds its "
      "predicates (--pred-split); bin-itp: binary interpolants (the solver's projection) "
      "chained along the path into a sequence" },
    { "initprec", ORDO_OPT_ENUM, "empty", initprecs, 0, -1,
      "initial precision: empty, allassumes (every guard's atoms as predicates; EXPL: "
      "the places they read) or file:PATH (predicates in C over the globals, one a line)" },
    { "por", ORDO_OPT_ENUM, "nopor", pors, 0, -1,
      "partial-order reduction (Chapter 3, Algorithm 1): nopor, spor (syntactic dependency "
      "D_S) or aaspor (abstraction-aware: D_Pi, the current precision's variables)" },
    { "coi", ORDO_OPT_ENUM, "none", cois, 0, -1,
      "cone of influence (Chapter 4): none, scoi (the static pass), dcoi (Algorithm 2: "
      "unobserved assignments become havoc or no-ops per state), or scoi+dcoi" },
    { "arith", ORDO_OPT_ENUM, "auto", ariths, 0, -1,
      "arithmetic of path formulas and PRED's transfer checks: int (mathematical integers, "
      "signed overflow undefined; PRED with unsat-core refinement only), bv (bit-precise), "
      "or auto (int unless the program needs or prefers bit-vectors, as oc chooses, or the "
      "configuration cannot run int)" },
    { "pred-split", ORDO_OPT_ENUM, "atoms", pred_splits, 0, -1,
      "PRED: how a refinement's formula becomes predicates: every atom (the thesis' "
      "setting), every top-level conjunct, or the formula whole" },
    { "prune", ORDO_OPT_ENUM, "full", prunes, 0, -1,
      "after a refinement: full (a new ARG at the refined precision) or lazy (keep the ARG, "
      "prune the subtree of the counterexample's first node whose abstract state the new "
      "precision changes)" },
    { "transfer-cache", ORDO_OPT_ENUM, "on", on_off, 0, -1,
      "PRED: answer a transfer check asked before (same relevant facts, action and open "
      "predicates) from a cache; off asks the solver every time, as THETA does (an "
      "ablation: the thesis' Table 4.1 counts were made without one)" },
    { "thread-pools", ORDO_OPT_ENUM, "auto", on_off_auto, 0, -1,
      "on: identical anonymous threads (created on a loop) merge into one pool entry standing "
      "for any positive number of them, so that unboundedly many threads give a finite ARG "
      "(with --por nopor, --coi none or scoi, --prune full only); auto: on where those allow "
      "it" },
    { "pool-named", ORDO_OPT_INT, "2", NULL, 0, 1000,
      "--thread-pools on: the first N threads of a procedure that starts on a loop create "
      "keep their ids (joins of them stay exact) and never merge; later ones are anonymous" },
    { "relax-loops", ORDO_OPT_ENUM, "auto", on_off_auto, 0, -1,
      "unsat-core refinement: on refines a spurious path from a core without the guards of "
      "loop branches when one exists (no loop-counter predicates, one per iteration); auto: "
      "on with --thread-pools on" },
    { "loop-cex-steps", ORDO_OPT_INT, "1000000", NULL, 0, 1000000000,
      "a spurious path that is feasible with its loop exits' guards relaxed is run on the "
      "interpreter, each early-exiting loop to its real exit, and reported when that run "
      "replays to the error: at most N interpreter steps in all such runs (0: never)" },
    { NULL, 0, NULL, NULL, 0, 0, NULL },
};

static const ordo_stat_desc stats[] = {
#define CEGAR_DESC(field, name, unit, help) { name, unit, help },
    CEGAR_STATS(CEGAR_DESC)
#undef CEGAR_DESC
    { NULL, NULL, NULL },
};

static void record(ordo_stats *s, const cg_counters *c)
{
#define CEGAR_RECORD(field, name, unit, help) ordo_stat_set(s, name, c->field);
    CEGAR_STATS(CEGAR_RECORD)
#undef CEGAR_RECORD
    ordo_smt_counters_record(&c->solver, s);
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    const ordo_options *opt = in->options;
    cg_config cfg = {
        .mode = ORDO_ARITH_BV,
        .arith = ordo_opt_is(opt, "arith", "int")  ? CG_ARITH_INT
                 : ordo_opt_is(opt, "arith", "bv") ? CG_ARITH_BV
                                                   : CG_ARITH_AUTO,
        .maxenum = (unsigned)ordo_opt_int(opt, "maxenum"),
        .bfs = ordo_opt_is(opt, "search", "bfs"),
        .scoi = ordo_opt_is(opt, "coi", "scoi") || ordo_opt_is(opt, "coi", "scoi+dcoi"),
        .dcoi = ordo_opt_is(opt, "coi", "dcoi") || ordo_opt_is(opt, "coi", "scoi+dcoi"),
        .pred = ordo_opt_is(opt, "domain", "pred"),
        .allassumes = ordo_opt_is(opt, "initprec", "allassumes"),
        .por = ordo_opt_is(opt, "por", "spor")     ? CG_SPOR
               : ordo_opt_is(opt, "por", "aaspor") ? CG_AASPOR
                                                   : CG_NOPOR,
        .seq_itp = ordo_opt_is(opt, "refinement", "seq-itp"),
        .bin_itp = ordo_opt_is(opt, "refinement", "bin-itp"),
        .pred_split = ordo_opt_is(opt, "pred-split", "conjuncts") ? CG_SPLIT_CONJUNCTS
                      : ordo_opt_is(opt, "pred-split", "whole")   ? CG_SPLIT_WHOLE
                                                                  : CG_SPLIT_ATOMS,
        .lazy = ordo_opt_is(opt, "prune", "lazy"),
        .no_transfer_cache = ordo_opt_is(opt, "transfer-cache", "off"),
        .pool_named = (unsigned)ordo_opt_int(opt, "pool-named"),
        .loop_cex_steps = (unsigned)ordo_opt_int(opt, "loop-cex-steps"),
    };
    cfg.thread_pools = ordo_opt_is(opt, "thread-pools", "on") ||
                       (ordo_opt_is(opt, "thread-pools", "auto") && cg_pools_allowed(&cfg));
    cfg.relax_loops = ordo_opt_is(opt, "relax-loops", "on") ||
                      (ordo_opt_is(opt, "relax-loops", "auto") && cfg.thread_pools);
    const char *initprec = ordo_opt_str(opt, "initprec");
    if (strncmp(initprec, "file:", 5) == 0)
        cfg.initprec_file = initprec + 5;
    cg_counters c = { 0 };
    cg_outcome o = cg_verify(in->program, &cfg, in->solvers, in->deadline, &c);
    record(in->stats, &c);
    return (ordo_engine_result){ .verdict = o.verdict, .complete = o.verdict == ORDO_VERDICT_SAFE,
                                 .bound = -1, .reason = o.reason, .owns_reason = o.reason != NULL,
                                 .trace = o.trace };
}

static const ordo_engine_ops engine = { 0, run };

static const ordo_plugin plugin = {
    .abi_version = ORDO_ABI_VERSION,
    .kind = ORDO_PLUGIN_ENGINE,
    .name = "cegar",
    .version = "0.1.0",
    .description = "abstraction refinement over the multi-threaded CFA (thesis Chapter 2): "
                   "EXPL and PRED domains, unsat-core or sequence-interpolant refinement, ARG "
                   "with coverage",
    .options = options,
    .stats = stats,
    .engine = &engine,
};

const ordo_plugin *ordo_plugin_entry(void)
{
    return &plugin;
}
