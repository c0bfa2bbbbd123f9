/*
 * The `oc` engine: bounded model checking with partial orders (thesis
 * Chapter 5). Two stages (Section 5.3): first under weak sequential
 * consistency (no ws variables); a violating model found there is
 * re-checked under SC with the write-serialization constraints. Each
 * stage decides ψ_ssa ∧ ψ_ord by BASIC (lazy refinement) or PROP (user
 * propagator), optionally strengthened by the conflict finder (Section
 * 5.4, "OPT").
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ordo/plugin.h>
#include <ordo/smt.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "cex.h"
#include "encoding.h"
#include "finder.h"
#include "po.h"
#include "solve.h"

/* At most this many finder clauses are added (a bound on the formula). */
#define MAX_FINDER_CLAUSES 1000000
/* Static program order is kept as bit rows: beyond this, give up. */
#define MAX_EVENTS 40000

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
    { "oc.unroll_bound", "count", "the unroll bound" },
    { "oc.complete", "bool", "1 when no unwinding assumption was needed" },
    { "solver.time_s", "s", "time in the SMT solver's checks" },
    { "solver.decisions", "count", "SMT solver decisions" },
    { "solver.propagations", "count", "SMT solver propagations" },
    { "solver.conflicts", "count", "SMT solver conflicts" },
    { "solver.restarts", "count", "SMT solver restarts" },
    { NULL, NULL, NULL },
};

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- arithmetic choice --------------------------------------------------- */

static bool stmt_needs_bv(const ordo_stmt *st)
{
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++)
            if (stmt_needs_bv(st->stmts[i]))
                return true;
        return false;
    }
    const ordo_expr *es[] = { st->rhs, st->cond, st->addr, st->size,
                              st->has_lhs && st->lhs.is_mem ? st->lhs.addr : NULL };
    for (size_t i = 0; i < sizeof es / sizeof es[0]; i++)
        if (oc_expr_needs_bv(es[i]))
            return true;
    for (unsigned i = 0; i < st->n_args; i++)
        if (oc_expr_needs_bv(st->args[i]))
            return true;
    return false;
}

/* The first statement whose meaning depends on bit-vectors, or NULL. */
static const ordo_stmt *first_bv_statement(const ordo_program *p)
{
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            if (stmt_needs_bv(p->procs[f].edges[e].stmt))
                return p->procs[f].edges[e].stmt;
    return NULL;
}

/* ---- one stage -------------------------------------------------------- */

typedef struct {
    const ordo_engine_input *in;
    const ordo_program *program;
    bool bv, prop;
    oc_finder_mode finder;
    oc_solve_stats st;
    double encoding_s, finder_s;
    oc_finder_stats fst;
} run_ctx;

static void report_solver_stat(void *ud, const char *key, double value)
{
    if (strncmp(key, "solver.", 7) == 0 && strcmp(key, "solver.time_s") != 0)
        ordo_stat_add(((run_ctx *)ud)->in->stats, key, value);
}

typedef struct {
    ordo_verdict verdict;
    char *reason;
    ordo_trace *trace;
    bool unwinding;
} stage_result;

static stage_result stage_fail(ordo_verdict v, char *reason)
{
    return (stage_result){ .verdict = v, .reason = reason };
}

static void record_sizes(run_ctx *c, const oc_encoding *enc)
{
    ordo_stat_set(c->in->stats, "oc.events", (double)enc->es.n);
    ordo_stat_set(c->in->stats, "oc.rf_pairs", (double)enc->es.n_rf);
    ordo_stat_set(c->in->stats, "oc.ws_pairs", (double)enc->es.n_ws);
}

/* Encodes (with ws for the SC stage), adds finder clauses, solves. SAFE
 * here means "no violating model at this stage". */
static stage_result run_stage(run_ctx *c, bool sc)
{
    ordo_smt_config cfg = { .user_propagator = c->prop };
    ordo_smt *s = ordo_smt_create(c->in->solvers, &cfg);
    if (!s)
        return stage_fail(ORDO_VERDICT_ERROR, xasprintf("cannot create a %s solver",
                                                        c->in->solvers->name));
    stage_result res = { 0 };
    oc_encoding enc;
    oc_propagator *prop = NULL;
    oc_po po = { 0 };
    double t0 = cpu_seconds();
    if (!oc_unroll(&enc, c->program, s, c->bv)) {
        res = stage_fail(ORDO_VERDICT_UNSUPPORTED, enc.unsupported);
        enc.unsupported = NULL;
        goto done;
    }
    if (enc.es.n > MAX_EVENTS) {
        res = stage_fail(ORDO_VERDICT_UNKNOWN, xasprintf("too many events (%zu)", enc.es.n));
        goto done;
    }
    if (!oc_po_build(&po, &enc.es)) {
        res = stage_fail(ORDO_VERDICT_ERROR, xasprintf("internal error: cyclic program order"));
        goto done;
    }
    oc_encode_relations(&enc, &po, sc);
    c->encoding_s += cpu_seconds() - t0;
    record_sizes(c, &enc);
    double f0 = cpu_seconds();
    oc_clauses found;
    oc_clauses_init(&found);
    c->fst = (oc_finder_stats){ 0 };
    oc_find_conflicts(&enc.es, &po, c->finder, MAX_FINDER_CLAUSES, &found, &c->fst);
    for (size_t i = 0; i < found.n; i++) {
        size_t n;
        const oc_lit *l = oc_clauses_get(&found, i, &n);
        oc_enc_assert_conflict(&enc, l, n);
    }
    oc_clauses_free(&found);
    c->finder_s += cpu_seconds() - f0;
    if (c->prop)
        prop = oc_prop_attach(&enc, &c->st);
    ordo_smt_result r = oc_solve(&enc, c->in->deadline, &c->st);
    ordo_smt_stats(s, report_solver_stat, c);
    res.unwinding = enc.unwinding;
    if (c->st.error) {
        res = stage_fail(ORDO_VERDICT_ERROR, xstrdup(c->st.error));
    } else if (r == ORDO_SMT_UNSAT) {
        res.verdict = ORDO_VERDICT_SAFE;
    } else if (r == ORDO_SMT_UNKNOWN) {
        const char *why = ordo_smt_error(s) ? ordo_smt_error(s) : s->ops->reason_unknown(s);
        res = stage_fail(ORDO_VERDICT_UNKNOWN, xasprintf("solver: %s", why ? why : "unknown"));
    } else if (!sc) {
        res.verdict = ORDO_VERDICT_UNSAFE; /* wSC model: stage 2 decides */
    } else {
        size_t n;
        oc_graph *g = oc_model_graph(&enc, 1, &n);
        char *why = NULL;
        res.trace = n == 0 ? oc_counterexample(&enc, g, &why) : NULL;
        res.verdict = res.trace ? ORDO_VERDICT_UNSAFE : ORDO_VERDICT_ERROR;
        if (!res.trace)
            res.reason = why ? why : xasprintf("internal error: inconsistent final model");
        oc_graph_free(g);
    }
done:
    oc_prop_free(prop);
    oc_po_free(&po);
    oc_encoding_free(&enc);
    ordo_smt_destroy(s);
    return res;
}

/* ---- the run ------------------------------------------------------------ */

static ordo_engine_result result(ordo_verdict v, char *reason)
{
    return (ordo_engine_result){ .verdict = v, .bound = -1, .reason = reason,
                                 .owns_reason = reason != NULL };
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    run_ctx c = { .in = in, .program = in->program };
    const ordo_options *o = in->options;
    long bound = ordo_opt_int(o, "unroll");
    c.prop = ordo_opt_is(o, "decision-procedure", "prop");
    c.finder = ordo_opt_is(o, "conflict-finder", "rf")         ? OC_FINDER_RF
               : ordo_opt_is(o, "conflict-finder", "rf-ws-fr") ? OC_FINDER_RF_WS_FR
                                                               : OC_FINDER_NONE;
    ordo_stat_set(in->stats, "oc.unroll_bound", (double)bound);
    if (c.prop && !(in->solvers->ops->caps & ORDO_SMT_CAP_USER_PROPAGATOR))
        return result(ORDO_VERDICT_ERROR,
                      xasprintf("--decision-procedure prop needs a user propagator, which "
                                "solver %s does not offer (use --solver z3 or basic)",
                                in->solvers->name));
    const ordo_stmt *bv_stmt = first_bv_statement(c.program);
    if (ordo_opt_is(o, "arith", "int") && bv_stmt)
        return result(ORDO_VERDICT_UNSUPPORTED,
                      xasprintf("unsupported: --arith int on bit-vector semantics (%s:%u)",
                                bv_stmt->file ? bv_stmt->file : "?", bv_stmt->line));
    c.bv = ordo_opt_is(o, "arith", "bv") || (ordo_opt_is(o, "arith", "auto") && bv_stmt);
    stage_result s = run_stage(&c, false);
    int stage = 1;
    if (s.verdict == ORDO_VERDICT_UNSAFE) {
        stage = 2;
        s = run_stage(&c, true);
    }
    ordo_stat_set(in->stats, "oc.stage", stage);
    ordo_stat_set(in->stats, "oc.finder.conflicts_rf", (double)c.fst.conflicts_rf);
    ordo_stat_set(in->stats, "oc.finder.conflicts_ws_fr", (double)c.fst.conflicts_ws_fr);
    ordo_stat_set(in->stats, "oc.finder.time_s", c.finder_s);
    ordo_stat_set(in->stats, "oc.refinements", (double)c.st.refinements);
    ordo_stat_set(in->stats, "oc.refinement_clauses", (double)c.st.refinement_clauses);
    ordo_stat_set(in->stats, "oc.propagated_clauses", (double)c.st.propagated_clauses);
    ordo_stat_set(in->stats, "oc.prop_conflicts", (double)c.st.prop_conflicts);
    ordo_stat_set(in->stats, "oc.encoding_time_s", c.encoding_s);
    ordo_stat_set(in->stats, "solver.time_s", c.st.solver_time_s);
    ordo_stat_set(in->stats, "oc.complete", !s.unwinding);
    ordo_engine_result r = result(s.verdict, s.reason);
    r.trace = s.trace;
    if (s.verdict == ORDO_VERDICT_SAFE) {
        r.complete = !s.unwinding;
        r.bound = s.unwinding ? bound : -1;
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
