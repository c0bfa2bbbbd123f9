/*
 * z3 plugin: the user propagator (Z3 4.8.12: Z3_solver_propagate_*, SMT core
 * only, so the instance must be created with config.user_propagator).
 * Z3's callbacks are forwarded to the engine's ordo_smt_propagator; a
 * conflict is a consequence `false` of the fixed values of its ids.
 */
#include "z3_solver.h"

/* What the engine receives as `cb` during a callback. */
struct ordo_smt_prop_cb {
    z3_smt *s;
    Z3_solver_callback z3cb;
};

static void on_push(void *ctx)
{
    z3_smt *s = ctx;
    if (s->prop.push)
        s->prop.push(s->prop.user);
}

static void on_pop(void *ctx, unsigned levels)
{
    z3_smt *s = ctx;
    if (s->prop.pop)
        s->prop.pop(s->prop.user, levels);
}

/* Z3 asks for a context for a copy of the solver; the simple solver is not
 * copied during checks, and a copy would share the engine's state. */
static void *on_fresh(void *ctx, Z3_context new_context)
{
    (void)new_context;
    return ctx;
}

static void on_fixed(void *ctx, Z3_solver_callback z3cb, unsigned id, Z3_ast value)
{
    z3_smt *s = ctx;
    struct ordo_smt_prop_cb cb = { s, z3cb };
    s->prop.fixed(s->prop.user, &cb, id, Z3_get_bool_value(s->ctx, value) == Z3_L_TRUE);
}

static void on_final(void *ctx, Z3_solver_callback z3cb)
{
    z3_smt *s = ctx;
    struct ordo_smt_prop_cb cb = { s, z3cb };
    s->prop.final(s->prop.user, &cb);
}

void z3_prop_init(ordo_smt *base, const ordo_smt_propagator *p)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return;
    if (!p->fixed) {
        z3_fail(s, "prop_init: the propagator has no fixed callback");
        return;
    }
    if (s->prop.fixed) {
        z3_fail(s, "prop_init: a propagator is already installed");
        return;
    }
    s->prop = *p;
    Z3_solver_propagate_init(s->ctx, s->solver, s, on_push, on_pop, on_fresh);
    Z3_solver_propagate_fixed(s->ctx, s->solver, on_fixed);
    if (p->final)
        Z3_solver_propagate_final(s->ctx, s->solver, on_final);
    z3_ok(s);
}

unsigned z3_prop_register(ordo_smt *base, ordo_term t)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return 0;
    if (!s->prop.fixed) {
        z3_fail(s, "prop_register: no propagator (call prop_init first)");
        return 0;
    }
    unsigned id = Z3_solver_propagate_register(s->ctx, s->solver, z3_ast(t));
    z3_ok(s);
    return id;
}

void z3_prop_consequence(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids,
                         ordo_term consequence)
{
    Z3_solver_propagate_consequence(cb->s->ctx, cb->z3cb, n, ids, 0, NULL, NULL,
                                    z3_ast(consequence));
}

void z3_prop_conflict(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids)
{
    z3_prop_consequence(cb, n, ids, z3_term(Z3_mk_false(cb->s->ctx)));
}
