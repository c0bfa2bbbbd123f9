/*
 * Solver plugin `cvc5`: libcvc5's C++ API behind the C interface of
 * <ordo/smt.h>. This file: the descriptor, instance life cycle, assertions
 * and checks, models, cores and statistics.
 *
 * cvc5 1.0.3 has no way to stop a running check from outside: interrupt()
 * only marks the instance, and a check that ends UNKNOWN (its time limit)
 * after an interrupt reports "interrupted" (no ORDO_SMT_CAP_INTERRUPT). So
 * the run's CPU time left is part of the check's (wall-clock) time limit,
 * and a check that ran out of it while CPU time is left goes on
 * (ordo_smt_bound_retry).
 * Instances must be used from the thread that created them (cvc5's term
 * manager is per thread).
 */
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

#include <ordo/plugin.h>

#include "cvc5_solver.h"

void cvc5_fail(cvc5_state &st, const char *what)
{
    if (st.error.empty())
        st.error = what && *what ? what : "cvc5 failed";
}

void cvc5_configure(cvc5::Solver &solver, const char *logic, unsigned timeout_ms)
{
    solver.setOption("incremental", "true");
    solver.setOption("produce-models", "true");
    if (timeout_ms)
        solver.setOption("tlimit-per", std::to_string(timeout_ms));
    solver.setLogic(logic ? logic : "ALL");
}

extern "C" {

extern const ordo_solver_ops cvc5_ops;

static ordo_smt *cvc5_create(const ordo_smt_config *cfg)
{
    if (cfg->horn) /* not offered (cvc5_ops.caps) */
        return NULL;
    cvc5_smt *s = new (std::nothrow) cvc5_smt{};
    if (!s)
        return NULL;
    s->base.ops = &cvc5_ops;
    try {
        s->st = new cvc5_state;
        cvc5::Solver &solver = s->st->solver;
        if (cfg->produce_cores)
            solver.setOption("produce-unsat-assumptions", "true");
        if (cfg->random_seed)
            solver.setOption("seed", std::to_string(cfg->random_seed));
        cvc5_configure(solver, cfg->logic, 0);
        s->st->produce_cores = cfg->produce_cores;
        s->st->timeout_ms = cfg->timeout_ms;
    } catch (...) {
        delete s->st;
        delete s;
        return NULL;
    }
    return &s->base;
}

static void cvc5_destroy(ordo_smt *base)
{
    if (!base)
        return;
    cvc5_smt *s = reinterpret_cast<cvc5_smt *>(base);
    try {
        delete s->st;
    } catch (...) {
        /* nothing left to report to */
    }
    delete s;
}

static const char *cvc5_error(ordo_smt *s)
{
    cvc5_state &st = state_of(s);
    return st.error.empty() ? NULL : st.error.c_str();
}

static void cvc5_assert(ordo_smt *s, ordo_term t)
{
    guarded(s, 0, [&](cvc5_state &st) {
        st.model_ready = false;
        if (!t)
            cvc5_fail(st, "assert: NULL term");
        else
            st.solver.assertFormula(term_of(t));
        return 0;
    });
}

static void cvc5_push(ordo_smt *s)
{
    guarded(s, 0, [&](cvc5_state &st) {
        st.model_ready = false;
        st.solver.push();
        st.scopes++;
        return 0;
    });
}

static void cvc5_pop(ordo_smt *s, unsigned levels)
{
    guarded(s, 0, [&](cvc5_state &st) {
        st.model_ready = false;
        if (levels > st.scopes) {
            cvc5_fail(st, "pop: more levels than pushed");
            return 0;
        }
        st.solver.pop(levels);
        st.scopes -= levels;
        return 0;
    });
}

static void apply_timeout(cvc5_state &st, unsigned ms)
{
    if (ms == st.applied_timeout)
        return;
    st.solver.setOption("tlimit-per", std::to_string(ms));
    st.applied_timeout = ms;
}

static ordo_smt_result cvc5_check(ordo_smt *s, unsigned n, const ordo_term *assumptions)
{
    cvc5_state &st = state_of(s);
    st.model_ready = false;
    st.interrupted = false;
    if (!st.error.empty()) {
        st.reason = "solver failed";
        return ORDO_SMT_UNKNOWN;
    }
    ordo_smt_bound bound;
    unsigned budget;
    if (!ordo_smt_bound_begin(s, st.timeout_ms, &bound, &budget)) {
        st.reason = "deadline";
        return ORDO_SMT_UNKNOWN;
    }
    ordo_smt_result r = guarded(s, ORDO_SMT_UNKNOWN, [&](cvc5_state &) {
        std::vector<cvc5::Term> a;
        a.reserve(n);
        for (unsigned i = 0; i < n; i++)
            a.push_back(term_of(assumptions[i]));
        cvc5::Result res;
        do {
            apply_timeout(st, budget);
            res = n ? st.solver.checkSatAssuming(a) : st.solver.checkSat();
        } while (res.isUnknown() && !st.interrupted && ordo_smt_bound_retry(&bound, &budget));
        if (res.isSat())
            return ORDO_SMT_SAT;
        if (res.isUnsat())
            return ORDO_SMT_UNSAT;
        std::ostringstream why;
        why << res.getUnknownExplanation();
        st.reason = why.str();
        return ORDO_SMT_UNKNOWN;
    });
    bool deadline = ordo_smt_bound_end(&bound, &r);
    if (!st.error.empty())
        st.reason = "solver failed";
    else if (deadline)
        st.reason = "deadline";
    else if (r == ORDO_SMT_UNKNOWN && st.interrupted)
        st.reason = "interrupted";
    st.model_ready = r == ORDO_SMT_SAT;
    return r;
}

static unsigned cvc5_unsat_core(ordo_smt *s, ordo_term *out, unsigned cap)
{
    return guarded(s, 0u, [&](cvc5_state &st) {
        if (!st.produce_cores) {
            cvc5_fail(st, "unsat_core: create the instance with config.produce_cores");
            return 0u;
        }
        std::vector<cvc5::Term> core = st.solver.getUnsatAssumptions();
        unsigned n = 0;
        for (const cvc5::Term &t : core)
            if (n < cap)
                out[n++] = cvc5_handle(st, t);
        return n;
    });
}

/* cvc5 completes every model value: `completion` changes nothing. */
static ordo_term cvc5_model_eval(ordo_smt *s, ordo_term t, bool completion)
{
    (void)completion;
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) -> ordo_term {
        if (!st.model_ready) {
            cvc5_fail(st, "model_eval: the last check was not SAT");
            return NULL;
        }
        return cvc5_handle(st, st.solver.getValue(term_of(t)));
    });
}

static const char *cvc5_reason_unknown(ordo_smt *s)
{
    cvc5_state &st = state_of(s);
    if (!st.error.empty())
        return st.error.c_str();
    return st.reason.empty() ? "unknown" : st.reason.c_str();
}

static void cvc5_set_timeout(ordo_smt *s, unsigned ms)
{
    state_of(s).timeout_ms = ms;
}

static void cvc5_interrupt(ordo_smt *s)
{
    state_of(s).interrupted = true;
}

/* "sat::decisions" -> "cvc5.sat.decisions" */
static std::string raw_key(const std::string &name)
{
    std::string key = "cvc5.";
    for (size_t i = 0; i < name.size(); i++) {
        if (name.compare(i, 2, "::") == 0) {
            key += '.';
            i++;
        } else {
            key += name[i] == ' ' ? '_' : name[i];
        }
    }
    return key;
}

/* Harmonized keys from cvc5's SAT core (MiniSat: "starts" counts searches,
 * i.e. restarts plus one per check). Memory: cvc5 does not measure its own,
 * so the process' peak resident size. */
static void cvc5_stats(ordo_smt *s, ordo_smt_stat_fn fn, void *ud)
{
    double decisions = 0, propagations = 0, conflicts = 0, restarts = 0;
    guarded(s, 0, [&](cvc5_state &st) {
        cvc5::Statistics stats = st.solver.getStatistics();
        for (auto it = stats.begin(true, true); it != stats.end(); ++it) {
            const cvc5::Stat &v = it->second;
            double value = v.isInt() ? (double)v.getInt() : v.isDouble() ? v.getDouble() : 0;
            if (value == 0)
                continue;
            const std::string &name = it->first;
            if (name == "sat::decisions")
                decisions = value;
            else if (name == "sat::propagations")
                propagations = value;
            else if (name == "sat::conflicts")
                conflicts = value;
            else if (name == "sat::starts")
                restarts = value;
            fn(ud, raw_key(name).c_str(), value);
        }
        return 0;
    });
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fn(ud, ORDO_SMT_STAT_DECISIONS, decisions);
    fn(ud, ORDO_SMT_STAT_PROPAGATIONS, propagations);
    fn(ud, ORDO_SMT_STAT_CONFLICTS, conflicts);
    fn(ud, ORDO_SMT_STAT_RESTARTS, restarts);
    fn(ud, ORDO_SMT_STAT_MEMORY_MB, ru.ru_maxrss / 1024.0);
}

/* No ORDO_SMT_CAP_HORN: cvc5 1.0.3 has no Horn clause solver (config.horn
 * is refused, rel_app and term_app are absent); engines that need one
 * (cegar's interpolating refinements) say so with this solver. */
const ordo_solver_ops cvc5_ops = {
    .caps = ORDO_SMT_CAP_INTERPOLATION | ORDO_SMT_CAP_QE | ORDO_SMT_CAP_QUANTIFIERS |
            ORDO_SMT_CAP_UNSAT_CORES,
    .create = cvc5_create,
    .destroy = cvc5_destroy,
    .error = cvc5_error,
    .bool_sort = cvc5_bool_sort,
    .int_sort = cvc5_int_sort,
    .bv_sort = cvc5_bv_sort,
    .array_sort = cvc5_array_sort,
    .bool_val = cvc5_bool_val,
    .int_val = cvc5_int_val,
    .bv_val = cvc5_bv_val,
    .numeral = cvc5_numeral,
    .const_array = cvc5_const_array,
    .var = cvc5_var,
    .app = cvc5_app,
    .quantifier = cvc5_quantifier,
    .assert_ = cvc5_assert,
    .push = cvc5_push,
    .pop = cvc5_pop,
    .check = cvc5_check,
    .unsat_core = cvc5_unsat_core,
    .model_eval = cvc5_model_eval,
    .term_to_int64 = cvc5_term_to_int64,
    .term_to_string = cvc5_term_to_string,
    .reason_unknown = cvc5_reason_unknown,
    .set_timeout = cvc5_set_timeout,
    .interrupt = cvc5_interrupt,
    .stats = cvc5_stats,
    .prop_init = NULL, /* no user propagator in cvc5 1.0.3 */
    .prop_register = NULL,
    .prop_conflict = NULL,
    .prop_consequence = NULL,
    .interpolant = cvc5_interpolant,
    .eliminate = cvc5_eliminate,
    .rel_app = NULL, /* no Horn solving (caps) */
    .term_app = NULL,
};

static std::string library_version()
{
    try {
        cvc5::Solver probe;
        return probe.getVersion();
    } catch (...) {
        return "unknown";
    }
}

const ordo_plugin *ordo_plugin_entry(void)
{
    static const ordo_option_desc no_options[] = { { NULL, ORDO_OPT_BOOL, NULL, NULL, 0, 0, NULL } };
    static const std::string version = library_version();
    static ordo_plugin plugin = {
        ORDO_ABI_VERSION, ORDO_PLUGIN_SOLVER, "cvc5", version.c_str(),
        "cvc5 SMT solver (C++ API behind a C shim); native interpolation (SyGuS)",
        no_options, ordo_smt_stat_descs, NULL, &cvc5_ops,
    };
    return &plugin;
}

} /* extern "C" */
