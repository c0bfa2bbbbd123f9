/*
 * Internal state of the z3 solver plugin, shared by its files.
 *
 * The context is made with Z3_mk_context (not _rc): every Z3_ast lives until
 * the context dies, so ordo_term / ordo_sort are plain Z3_ast / Z3_sort
 * pointers. Non-AST objects (solver, model, stats, params, tactics, goals,
 * vectors) are reference counted and released by whoever takes them.
 */
#ifndef ORDO_Z3_SOLVER_H
#define ORDO_Z3_SOLVER_H

#include <z3.h>

#include <ordo/smt_plugin.h>

#define Z3_NO_TIMEOUT 4294967295u /* Z3's "timeout" value for none */

typedef struct z3_smt {
    ordo_smt base;            /* first: the interface's header */
    Z3_context ctx;
    Z3_solver solver;
    Z3_model model;           /* the last SAT check's model, fetched lazily */
    bool model_ready;         /* the last check was SAT */
    unsigned timeout_ms;      /* per check, 0 = none */
    bool produce_cores;       /* config.produce_cores (cores asked without it fail) */
    unsigned applied_timeout; /* the value in the solver's params now */
    volatile bool interrupted;/* interrupt() since the last check began */
    char *error;              /* the failure, NULL while healthy (malloc'ed) */
    const char *unknown;      /* our reason for the last UNKNOWN, NULL = Z3's */
    char *z3_reason;          /* copy of Z3's reason (malloc'ed) */
    Z3_sort bool_sort, int_sort;
    Z3_sort bv_sorts[65];     /* cache of widths 1..64 */
    ordo_smt_propagator prop; /* user propagator (prop.fixed NULL = none) */
} z3_smt;

static inline z3_smt *z3_of(ordo_smt *s) { return (z3_smt *)s; }
static inline Z3_ast z3_ast(ordo_term t) { return (Z3_ast)t; }
static inline ordo_term z3_term(Z3_ast a) { return (ordo_term)a; }

/* Marks the instance failed with Z3's pending error (or `what`). */
void z3_fail(z3_smt *s, const char *what);
/* Checks Z3's error code after a call returning nothing; false = failed. */
bool z3_ok(z3_smt *s);
/* A result AST: NULL marks the instance failed. */
static inline ordo_term z3_result(z3_smt *s, Z3_ast a)
{
    if (!a)
        z3_fail(s, NULL);
    return z3_term(a);
}

/* Sets one unsigned parameter of a solver. */
void z3_set_uint_param(Z3_context c, Z3_solver solver, const char *name, unsigned value);
/* Sets the solver parameter "timeout" when it differs from the current. */
void z3_apply_timeout(z3_smt *s, unsigned ms);

/* Entries of the ops table (z3_plugin.c), by file. */
/* z3_terms.c */
ordo_sort z3_bool_sort(ordo_smt *s);
ordo_sort z3_int_sort(ordo_smt *s);
ordo_sort z3_bv_sort(ordo_smt *s, unsigned width);
ordo_sort z3_array_sort(ordo_smt *s, ordo_sort index, ordo_sort elem);
ordo_term z3_bool_val(ordo_smt *s, bool v);
ordo_term z3_int_val(ordo_smt *s, int64_t v);
ordo_term z3_bv_val(ordo_smt *s, uint64_t v, unsigned width);
ordo_term z3_numeral(ordo_smt *s, const char *decimal, ordo_sort sort);
ordo_term z3_const_array(ordo_smt *s, ordo_sort index, ordo_term value);
ordo_term z3_var(ordo_smt *s, const char *name, ordo_sort sort);
ordo_term z3_app(ordo_smt *s, ordo_smt_op op, unsigned n, const ordo_term *args,
                 unsigned p1, unsigned p2);
ordo_term z3_quantifier(ordo_smt *s, bool forall, unsigned n, const ordo_term *bound,
                        ordo_term body);
bool z3_term_to_int64(ordo_smt *s, ordo_term t, int64_t *out);
char *z3_term_to_string(ordo_smt *s, ordo_term t);
/* z3_stats.c */
void z3_stats(ordo_smt *s, ordo_smt_stat_fn fn, void *ud);
/* z3_propagator.c */
void z3_prop_init(ordo_smt *s, const ordo_smt_propagator *p);
unsigned z3_prop_register(ordo_smt *s, ordo_term t);
void z3_prop_conflict(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids);
void z3_prop_consequence(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids,
                         ordo_term consequence);
/* z3_qe.c */
ordo_term z3_eliminate(ordo_smt *s, unsigned n, const ordo_term *vars, ordo_term body);
ordo_term z3_interpolant(ordo_smt *s, ordo_term a, ordo_term b);
/* z3_horn.c */
void z3_horn_params(void); /* before the context of a config.horn instance */
Z3_solver z3_horn_solver(Z3_context ctx);
ordo_term z3_rel_app(ordo_smt *s, const char *name, unsigned n, const ordo_term *args);
ordo_smt_op z3_term_app(ordo_smt *s, ordo_term t, unsigned cap, ordo_term *args,
                        unsigned *n, unsigned *p1, unsigned *p2);

#endif
