/*
 * Solver plugin `z3`: libz3's C API behind the interface of <ordo/smt.h>.
 * This file: the descriptor, instance life cycle, assertions and checks,
 * models and cores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/plugin.h>

#include "z3_solver.h"

void z3_fail(z3_smt *s, const char *what)
{
    if (s->error)
        return;
    Z3_error_code code = Z3_get_error_code(s->ctx);
    const char *msg = what ? what : code != Z3_OK ? Z3_get_error_msg(s->ctx, code)
                                                  : "unexpected NULL result";
    s->error = strdup(msg);
}

bool z3_ok(z3_smt *s)
{
    if (Z3_get_error_code(s->ctx) == Z3_OK)
        return true;
    z3_fail(s, NULL);
    return false;
}

void z3_set_uint_param(Z3_context c, Z3_solver solver, const char *name, unsigned value)
{
    Z3_params p = Z3_mk_params(c);
    Z3_params_inc_ref(c, p);
    Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, name), value);
    Z3_solver_set_params(c, solver, p);
    Z3_params_dec_ref(c, p);
}

void z3_apply_timeout(z3_smt *s, unsigned ms)
{
    unsigned value = ms ? ms : Z3_NO_TIMEOUT;
    if (value == s->applied_timeout)
        return;
    z3_set_uint_param(s->ctx, s->solver, "timeout", value);
    s->applied_timeout = value;
}

static const ordo_solver_ops z3_ops;

/* The user propagator runs only in Z3's SMT core (the simple solver).
 * Z3_mk_solver would run its first check through a tactic pipeline
 * (preprocessing, no incremental state) and only later checks in the SMT
 * core. */
static bool in_smt_core(const ordo_smt_config *cfg)
{
    return cfg->user_propagator || cfg->incremental;
}

static Z3_solver make_solver(Z3_context ctx, const ordo_smt_config *cfg)
{
    if (cfg->horn)
        return z3_horn_solver(ctx);
    if (in_smt_core(cfg))
        return Z3_mk_simple_solver(ctx);
    if (cfg->logic)
        return Z3_mk_solver_for_logic(ctx, Z3_mk_string_symbol(ctx, cfg->logic));
    return Z3_mk_solver(ctx);
}

static void drop_model(z3_smt *s)
{
    if (s->model)
        Z3_model_dec_ref(s->ctx, s->model);
    s->model = NULL;
    s->model_ready = false;
}

static void z3_destroy(ordo_smt *base);

static ordo_smt *z3_create(const ordo_smt_config *cfg)
{
    z3_smt *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->base.ops = &z3_ops;
    /* Model compaction (merging function-graph entries, on by default)
     * changes no value and costs as much again as building the model:
     * BASIC asks for a model at every refinement (28-race_reach_73: 1437
     * models, 24 s with it, 11 s without). A global parameter: no solver
     * or context parameter reaches the SMT core's model construction. */
    Z3_global_param_set("model.compact", "false");
    if (cfg->horn)
        z3_horn_params();
    Z3_config zc = Z3_mk_config();
    Z3_set_param_value(zc, "model", "true");
    s->ctx = Z3_mk_context(zc);
    Z3_del_config(zc);
    if (!s->ctx) {
        free(s);
        return NULL;
    }
    /* No handler: an error sets the context's error code and the call
     * returns NULL; we record it in s->error instead of exiting. */
    Z3_set_error_handler(s->ctx, NULL);
    s->solver = make_solver(s->ctx, cfg);
    if (!s->solver) {
        Z3_del_context(s->ctx);
        free(s);
        return NULL;
    }
    Z3_solver_inc_ref(s->ctx, s->solver);
    /* Parameters are validated when the solver is set up (the first check):
     * set them before. */
    if (cfg->random_seed)
        z3_set_uint_param(s->ctx, s->solver, "random_seed", (unsigned)cfg->random_seed);
    if (cfg->no_relevancy)
        z3_set_uint_param(s->ctx, s->solver, "relevancy", 0);
    /* The SMT core is set up while it holds no assertion. Z3 4.8 sets it
     * up at the first check: without a logic it installs every theory,
     * after static_features passes over all assertions whose results
     * decide nothing under the default arith.solver and string_solver.
     * Those passes grow faster than linearly with clauses over shared
     * Boolean constants: 8 s of a 9.6 s first check with the 336k finder
     * clauses of barrier_2t. */
    if (in_smt_core(cfg) && !cfg->horn)
        Z3_solver_check(s->ctx, s->solver);
    if (Z3_get_error_code(s->ctx) != Z3_OK) { /* a parameter Z3 does not know */
        z3_destroy(&s->base);
        return NULL;
    }
    s->bool_sort = Z3_mk_bool_sort(s->ctx);
    s->int_sort = Z3_mk_int_sort(s->ctx);
    s->timeout_ms = cfg->timeout_ms;
    s->produce_cores = cfg->produce_cores;
    s->applied_timeout = Z3_NO_TIMEOUT;
    return &s->base;
}

static void z3_destroy(ordo_smt *base)
{
    z3_smt *s = z3_of(base);
    if (!s)
        return;
    drop_model(s);
    Z3_solver_dec_ref(s->ctx, s->solver);
    Z3_del_context(s->ctx);
    free(s->error);
    free(s->z3_reason);
    free(s);
}

static const char *z3_error(ordo_smt *base)
{
    return z3_of(base)->error;
}

static void z3_assert(ordo_smt *base, ordo_term t)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return;
    if (!t) {
        z3_fail(s, "assert: NULL term");
        return;
    }
    drop_model(s);
    Z3_solver_assert(s->ctx, s->solver, z3_ast(t));
    z3_ok(s);
}

static void z3_push(ordo_smt *base)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return;
    drop_model(s);
    Z3_solver_push(s->ctx, s->solver);
    z3_ok(s);
}

static void z3_pop(ordo_smt *base, unsigned levels)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return;
    drop_model(s);
    if (levels > Z3_solver_get_num_scopes(s->ctx, s->solver)) {
        z3_fail(s, "pop: more levels than pushed");
        return;
    }
    Z3_solver_pop(s->ctx, s->solver, levels);
    z3_ok(s);
}

static ordo_smt_result z3_check(ordo_smt *base, unsigned n, const ordo_term *assumptions)
{
    z3_smt *s = z3_of(base);
    drop_model(s);
    s->interrupted = false;
    if (s->error) {
        s->unknown = "solver failed";
        return ORDO_SMT_UNKNOWN;
    }
    ordo_smt_bound bound;
    unsigned budget;
    if (!ordo_smt_bound_begin(base, s->timeout_ms, &bound, &budget)) {
        s->unknown = "deadline";
        return ORDO_SMT_UNKNOWN;
    }
    s->unknown = NULL;
    Z3_lbool r;
    do {
        z3_apply_timeout(s, budget);
        r = n ? Z3_solver_check_assumptions(s->ctx, s->solver, n, (Z3_ast *)assumptions)
              : Z3_solver_check(s->ctx, s->solver);
    } while (r == Z3_L_UNDEF && !s->interrupted && Z3_get_error_code(s->ctx) == Z3_OK &&
             ordo_smt_bound_retry(&bound, &budget));
    ordo_smt_result res = r == Z3_L_TRUE    ? ORDO_SMT_SAT
                          : r == Z3_L_FALSE ? ORDO_SMT_UNSAT
                                            : ORDO_SMT_UNKNOWN;
    bool deadline = ordo_smt_bound_end(&bound, &res);
    if (!z3_ok(s)) {
        s->unknown = "solver failed";
        return ORDO_SMT_UNKNOWN;
    }
    if (deadline)
        s->unknown = "deadline";
    else if (res == ORDO_SMT_UNKNOWN && s->interrupted)
        s->unknown = "interrupted";
    s->model_ready = res == ORDO_SMT_SAT;
    return res;
}

static unsigned z3_unsat_core(ordo_smt *base, ordo_term *out, unsigned cap)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return 0;
    /* Z3 always has cores; the check keeps engines portable to cvc5. */
    if (!s->produce_cores) {
        z3_fail(s, "unsat_core: create the instance with config.produce_cores");
        return 0;
    }
    Z3_ast_vector core = Z3_solver_get_unsat_core(s->ctx, s->solver);
    if (!core) {
        z3_fail(s, NULL);
        return 0;
    }
    Z3_ast_vector_inc_ref(s->ctx, core);
    unsigned n = Z3_ast_vector_size(s->ctx, core);
    if (n > cap)
        n = cap;
    for (unsigned i = 0; i < n; i++)
        out[i] = z3_term(Z3_ast_vector_get(s->ctx, core, i));
    Z3_ast_vector_dec_ref(s->ctx, core);
    return n;
}

static ordo_term z3_model_eval(ordo_smt *base, ordo_term t, bool completion)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return NULL;
    if (!s->model_ready) {
        z3_fail(s, "model_eval: the last check was not SAT");
        return NULL;
    }
    if (!s->model) {
        s->model = Z3_solver_get_model(s->ctx, s->solver);
        if (!s->model) {
            z3_fail(s, NULL);
            return NULL;
        }
        Z3_model_inc_ref(s->ctx, s->model);
    }
    Z3_ast v = NULL;
    if (!Z3_model_eval(s->ctx, s->model, z3_ast(t), completion, &v) || !v) {
        z3_fail(s, NULL);
        return NULL;
    }
    return z3_term(v);
}

static const char *z3_reason_unknown(ordo_smt *base)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return s->error;
    if (s->unknown)
        return s->unknown;
    const char *r = Z3_solver_get_reason_unknown(s->ctx, s->solver);
    free(s->z3_reason);
    s->z3_reason = strdup(r ? r : "unknown");
    return s->z3_reason;
}

static void z3_set_timeout(ordo_smt *base, unsigned ms)
{
    z3_of(base)->timeout_ms = ms;
}

static void z3_interrupt(ordo_smt *base)
{
    z3_smt *s = z3_of(base);
    s->interrupted = true;
    Z3_interrupt(s->ctx);
}

static const ordo_solver_ops z3_ops = {
    .caps = ORDO_SMT_CAP_USER_PROPAGATOR | ORDO_SMT_CAP_INTERPOLATION | ORDO_SMT_CAP_QE |
            ORDO_SMT_CAP_QUANTIFIERS | ORDO_SMT_CAP_UNSAT_CORES | ORDO_SMT_CAP_INTERRUPT |
            ORDO_SMT_CAP_HORN,
    .create = z3_create,
    .destroy = z3_destroy,
    .error = z3_error,
    .bool_sort = z3_bool_sort,
    .int_sort = z3_int_sort,
    .bv_sort = z3_bv_sort,
    .array_sort = z3_array_sort,
    .bool_val = z3_bool_val,
    .int_val = z3_int_val,
    .bv_val = z3_bv_val,
    .numeral = z3_numeral,
    .const_array = z3_const_array,
    .var = z3_var,
    .app = z3_app,
    .quantifier = z3_quantifier,
    .assert_ = z3_assert,
    .push = z3_push,
    .pop = z3_pop,
    .check = z3_check,
    .unsat_core = z3_unsat_core,
    .model_eval = z3_model_eval,
    .term_to_int64 = z3_term_to_int64,
    .term_to_string = z3_term_to_string,
    .reason_unknown = z3_reason_unknown,
    .set_timeout = z3_set_timeout,
    .interrupt = z3_interrupt,
    .stats = z3_stats,
    .prop_init = z3_prop_init,
    .prop_register = z3_prop_register,
    .prop_conflict = z3_prop_conflict,
    .prop_consequence = z3_prop_consequence,
    .interpolant = z3_interpolant,
    .eliminate = z3_eliminate,
    .rel_app = z3_rel_app,
    .term_app = z3_term_app,
};

static const ordo_option_desc no_options[] = { { .name = NULL } };

const ordo_plugin *ordo_plugin_entry(void)
{
    static char version[32];
    static ordo_plugin plugin = {
        .abi_version = ORDO_ABI_VERSION,
        .kind = ORDO_PLUGIN_SOLVER,
        .name = "z3",
        .version = version,
        .description = "Z3 SMT solver (C API); interpolants by quantifier-elimination projection",
        .options = no_options,
        .stats = ordo_smt_stat_descs,
        .solver = &z3_ops,
    };
    if (!version[0]) {
        unsigned major, minor, build, rev;
        Z3_get_version(&major, &minor, &build, &rev);
        snprintf(version, sizeof version, "%u.%u.%u", major, minor, build);
    }
    return &plugin;
}
