/*
 * ordo SMT interface: the one way engines talk to SMT solvers.
 *
 * A solver plugin (kind ORDO_PLUGIN_SOLVER) provides an ordo_solver_ops
 * table. An engine receives an ordo_solver_factory and creates solver
 * instances from it; everything else goes through the static inline
 * facade below (one indirect call per operation, nothing more).
 *
 * Terms and sorts are opaque handles owned by their ordo_smt instance and
 * valid until ordo_smt_destroy(): engines never free them.
 *
 * The solver plugins' side (bounding checks by the run's deadline, the
 * statistics keys they report): <ordo/smt_plugin.h>.
 *
 * Errors (a back end exception, a sort mismatch) make the instance
 * "failed": later calls return NULL / ORDO_SMT_UNKNOWN and
 * ordo_smt_error() says what happened. Nothing aborts the process.
 */
#ifndef ORDO_SMT_H
#define ORDO_SMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ordo_smt ordo_smt;
typedef struct ordo_smt_sort_s *ordo_sort;
typedef struct ordo_smt_term_s *ordo_term;

typedef enum { ORDO_SMT_UNSAT = 0, ORDO_SMT_SAT = 1, ORDO_SMT_UNKNOWN = 2 } ordo_smt_result;

/* Optional capabilities, queried with ordo_smt_caps() before use. */
enum {
    ORDO_SMT_CAP_USER_PROPAGATOR = 1u << 0,
    ORDO_SMT_CAP_INTERPOLATION   = 1u << 1,
    ORDO_SMT_CAP_QE              = 1u << 2,
    /* config.horn instances decide constrained Horn clauses, rel_app and
     * term_app exist (see ordo_smt_config.horn). */
    ORDO_SMT_CAP_HORN            = 1u << 3,
    ORDO_SMT_CAP_QUANTIFIERS     = 1u << 4,
    ORDO_SMT_CAP_UNSAT_CORES     = 1u << 5,
    /* interrupt() stops a running check (without it, an interrupted check
     * runs until its timeout and then reports UNKNOWN "interrupted"). */
    ORDO_SMT_CAP_INTERRUPT       = 1u << 6,
};

/* Operations of ordo_smt_app(). Arity in brackets; "n" = any >= 1. */
typedef enum {
    /* Boolean */
    ORDO_OP_NOT,      /* [1] */
    ORDO_OP_AND,      /* [n] (n = 0 gives true) */
    ORDO_OP_OR,       /* [n] (n = 0 gives false) */
    ORDO_OP_XOR,      /* [2] */
    ORDO_OP_IMPLIES,  /* [2] */
    ORDO_OP_ITE,      /* [3] cond, then, else (any sort) */
    ORDO_OP_EQ,       /* [2] any sort (Bool: iff) */
    ORDO_OP_DISTINCT, /* [n] */
    /* Integer arithmetic (mathematical integers) */
    ORDO_OP_ADD, ORDO_OP_SUB, ORDO_OP_MUL, /* [n] ([2] for SUB) */
    ORDO_OP_NEG,                           /* [1] */
    ORDO_OP_IDIV, ORDO_OP_IMOD,            /* [2] SMT-LIB div / mod (Euclidean) */
    ORDO_OP_LT, ORDO_OP_LE, ORDO_OP_GT, ORDO_OP_GE, /* [2] */
    /* Bit-vectors (operands of equal width) */
    ORDO_OP_BVADD, ORDO_OP_BVSUB, ORDO_OP_BVMUL, ORDO_OP_BVNEG,
    ORDO_OP_BVUDIV, ORDO_OP_BVSDIV, ORDO_OP_BVUREM, ORDO_OP_BVSREM,
    ORDO_OP_BVAND, ORDO_OP_BVOR, ORDO_OP_BVXOR, ORDO_OP_BVNOT,
    ORDO_OP_BVSHL, ORDO_OP_BVLSHR, ORDO_OP_BVASHR,
    ORDO_OP_BVULT, ORDO_OP_BVULE, ORDO_OP_BVUGT, ORDO_OP_BVUGE,
    ORDO_OP_BVSLT, ORDO_OP_BVSLE, ORDO_OP_BVSGT, ORDO_OP_BVSGE,
    ORDO_OP_CONCAT,   /* [2] */
    ORDO_OP_EXTRACT,  /* [1] p1 = high bit, p2 = low bit */
    ORDO_OP_ZEXT,     /* [1] p1 = bits added */
    ORDO_OP_SEXT,     /* [1] p1 = bits added */
    ORDO_OP_BV2NAT,   /* [1] unsigned value as Int */
    ORDO_OP_INT2BV,   /* [1] p1 = width; Int modulo 2^width */
    /* Arrays */
    ORDO_OP_SELECT,   /* [2] array, index */
    ORDO_OP_STORE,    /* [3] array, index, value */
    ORDO_OP__COUNT
} ordo_smt_op;

/* A key/value statistic, see ordo_smt_stats(). */
typedef void (*ordo_smt_stat_fn)(void *ud, const char *key, double value);

/* User propagator (ORDO_SMT_CAP_USER_PROPAGATOR). The engine registers
 * Boolean terms; the solver calls back as their values become fixed, at
 * push/pop of its decision levels, and on a complete assignment (final).
 * Inside a callback, `cb` is passed back to ordo_smt_prop_conflict() or
 * ordo_smt_prop_consequence(). */
typedef struct ordo_smt_prop_cb ordo_smt_prop_cb;
typedef struct {
    void *user;
    void (*push)(void *user);
    void (*pop)(void *user, unsigned levels);
    void (*fixed)(void *user, ordo_smt_prop_cb *cb, unsigned id, bool value);
    void (*final)(void *user, ordo_smt_prop_cb *cb); /* may be NULL */
} ordo_smt_propagator;

typedef struct {
    unsigned timeout_ms;     /* per check, wall-clock; 0 = none */
    const char *logic;       /* optional SMT-LIB logic hint, e.g. "QF_AUFLIA" */
    bool produce_cores;      /* enable unsat cores */
    bool produce_interpolants;
    bool user_propagator;    /* the instance will use a user propagator */
    /* The caller adds assertions between checks (a refinement loop): every
     * check, the first one too, runs in the solver's incremental core, so
     * that the first check is no different kind of search from the rest. */
    bool incremental;
    /* A hint for a caller that re-solves from scratch after each small
     * change (a refinement loop over many clauses): assign every atom
     * instead of filtering the relevant ones (Z3: smt.relevancy=0, whose
     * default pays per clause occurrence at every check). Back ends
     * without relevancy filtering ignore it. */
    bool no_relevancy;
    uint64_t random_seed;
    /* The instance decides systems of constrained Horn clauses
     * (CAP_HORN; then not incremental, no assumptions, no push/pop):
     * assert closed clauses "forall vars. body => head" (quantifier(); a
     * clause without variables is the implication itself), head an
     * application of a relation (rel_app) or false. check() gives SAT
     * when the clauses have a solution (relations interpreted so that
     * every clause holds: for a program's paths, a safety proof), UNSAT
     * when none exists; after SAT, model_eval(rel_app(R, args)) is R's
     * solution at args, a quantifier-free formula over args. For the
     * clauses of one path (linear, one relation per cut point), the
     * solutions are a sequence interpolant of the path. */
    bool horn;
} ordo_smt_config;

/* The table a solver plugin provides. Every entry is mandatory except those
 * marked optional (NULL when the capability is absent). */
typedef struct ordo_solver_ops {
    unsigned caps;
    ordo_smt *(*create)(const ordo_smt_config *cfg);
    void (*destroy)(ordo_smt *s);
    const char *(*error)(ordo_smt *s); /* NULL while not failed */

    ordo_sort (*bool_sort)(ordo_smt *s);
    ordo_sort (*int_sort)(ordo_smt *s);
    ordo_sort (*bv_sort)(ordo_smt *s, unsigned width);
    ordo_sort (*array_sort)(ordo_smt *s, ordo_sort index, ordo_sort elem);

    ordo_term (*bool_val)(ordo_smt *s, bool v);
    ordo_term (*int_val)(ordo_smt *s, int64_t v);
    ordo_term (*bv_val)(ordo_smt *s, uint64_t v, unsigned width); /* v mod 2^w */
    ordo_term (*numeral)(ordo_smt *s, const char *decimal, ordo_sort sort);
    ordo_term (*const_array)(ordo_smt *s, ordo_sort index, ordo_term value);
    /* The constant `name` of `sort`: the same name and sort give the same
     * constant; name NULL gives a fresh anonymous constant. */
    ordo_term (*var)(ordo_smt *s, const char *name, ordo_sort sort);
    ordo_term (*app)(ordo_smt *s, ordo_smt_op op, unsigned n, const ordo_term *args,
                     unsigned p1, unsigned p2);
    ordo_term (*quantifier)(ordo_smt *s, bool forall, unsigned n, const ordo_term *bound,
                            ordo_term body); /* optional (CAP_QUANTIFIERS) */

    void (*assert_)(ordo_smt *s, ordo_term t);
    void (*push)(ordo_smt *s);
    void (*pop)(ordo_smt *s, unsigned levels);
    ordo_smt_result (*check)(ordo_smt *s, unsigned n, const ordo_term *assumptions);
    /* After UNSAT under assumptions (Boolean terms, also formulas): the core
     * (a subset of them, as the same handles). Returns the count written to
     * out (at most cap); optional (CAP_UNSAT_CORES); needs
     * config.produce_cores, else an error. */
    unsigned (*unsat_core)(ordo_smt *s, ordo_term *out, unsigned cap);
    /* After SAT: the value of t (a constant term when completion is true;
     * without completion a symbol the model leaves free may stay symbolic).
     * The model lasts until the next assert, push, pop or check; calling
     * it without one is an error. */
    ordo_term (*model_eval)(ordo_smt *s, ordo_term t, bool completion);
    /* Read a constant: Bool -> 0/1; Int -> value; BV of width <= 64 -> its
     * unsigned value converted to int64_t (two's complement, so a 64-bit
     * value >= 2^63 reads negative: cast to uint64_t). false if not a
     * constant or out of range (then use term_to_string). */
    bool (*term_to_int64)(ordo_smt *s, ordo_term t, int64_t *out);
    /* SMT-LIB text of t, malloc'ed (caller frees). */
    char *(*term_to_string)(ordo_smt *s, ordo_term t);
    const char *(*reason_unknown)(ordo_smt *s);
    void (*set_timeout)(ordo_smt *s, unsigned ms);
    /* Thread-safe (call it from another thread, e.g. a watchdog; not from
     * a signal handler: Z3 takes a lock): makes a running check return
     * UNKNOWN "interrupted" (see ORDO_SMT_CAP_INTERRUPT). */
    void (*interrupt)(ordo_smt *s);
    /* Raw statistics under harmonized names (solver.decisions, ...) and the
     * solver's own keys under its prefix ("z3.", "cvc5."). */
    void (*stats)(ordo_smt *s, ordo_smt_stat_fn fn, void *ud);

    /* Optional capabilities. */
    /* CAP_USER_PROPAGATOR (config.user_propagator): prop_init once, then
     * prop_register Boolean terms. A term registered inside a push is
     * unregistered by its pop (its id is then reused): register at the base
     * level. push/pop callbacks cover the search's decision levels and the
     * user's scopes; fixed values arrive at any level. In callbacks, ids
     * passed as reasons must be currently fixed. */
    void (*prop_init)(ordo_smt *s, const ordo_smt_propagator *p);
    unsigned (*prop_register)(ordo_smt *s, ordo_term boolean_term); /* returns id */
    void (*prop_conflict)(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids);
    void (*prop_consequence)(ordo_smt_prop_cb *cb, unsigned n, const unsigned *ids,
                             ordo_term consequence);
    /* CAP_INTERPOLATION: a Craig interpolant I of A and B where A /\ B is
     * unsat (A => I, I /\ B unsat, I over the symbols A and B share); NULL
     * when sat, unknown or not computable (the instance stays usable).
     * Independent of the instance's assertions. */
    ordo_term (*interpolant)(ordo_smt *s, ordo_term a, ordo_term b);
    /* CAP_QE: a quantifier-free formula equivalent to exists vars. body
     * (vars: constants made by var()); NULL when the back end cannot
     * eliminate them (the instance stays usable). */
    ordo_term (*eliminate)(ordo_smt *s, unsigned n, const ordo_term *vars, ordo_term body);
    /* CAP_HORN: the relation `name` (an uninterpreted Bool function of
     * its arguments' sorts: the same name and sorts give the same
     * relation) applied to args (n >= 1). */
    ordo_term (*rel_app)(ordo_smt *s, const char *name, unsigned n, const ordo_term *args);
    /* CAP_HORN (reading a solution back): the operation t applies, with
     * its arguments (*n of them, the first cap written to args) and
     * indices (EXTRACT: *p1 high, *p2 low; ZEXT, SEXT: *p1 bits added;
     * INT2BV: *p1 width). An n-ary operation may come with any number of
     * arguments; an operation of the back end's own reads as its
     * meaning in these where it has one (z3's bit2bool: EQ of an EXTRACT
     * and 1). ORDO_OP__COUNT when t is no application of an
     * ordo_smt_op: a value (term_to_int64 reads it), a constant of var()
     * (the same handle), or something else. */
    ordo_smt_op (*term_app)(ordo_smt *s, ordo_term t, unsigned cap, ordo_term *args,
                            unsigned *n, unsigned *p1, unsigned *p2);
} ordo_solver_ops;

/* Every instance starts with this header (plugins embed it first). */
struct ordo_smt {
    const ordo_solver_ops *ops;
    /* Set by ordo_smt_create(); NULL = no deadline. Plugins bound each
     * check with ordo_smt_bound_begin() and the like. */
    const struct ordo_deadline *deadline;
};

/* What an engine receives: the run's solver plugin and its name. */
typedef struct ordo_solver_factory {
    const char *name;    /* "z3", "cvc5" */
    const char *version; /* library version */
    const ordo_solver_ops *ops;
    const struct ordo_deadline *deadline; /* checks are bounded by it */
} ordo_solver_factory;

/* Creates an instance whose checks stop at the run's deadline (f->deadline,
 * NULL = none). cfg NULL = all defaults. NULL when the back end cannot
 * create one. */
ordo_smt *ordo_smt_create(const ordo_solver_factory *f, const ordo_smt_config *cfg);

/* Value of one statistic of the instance (0 when the solver omits it). */
double ordo_smt_stat(ordo_smt *s, const char *key);

/* The harmonized keys every solver plugin's stats() reports (read one with
 * ordo_smt_stat, or all four counters with ordo_smt_counters_add). */
#define ORDO_SMT_STAT_DECISIONS    "solver.decisions"
#define ORDO_SMT_STAT_PROPAGATIONS "solver.propagations"
#define ORDO_SMT_STAT_CONFLICTS    "solver.conflicts"
#define ORDO_SMT_STAT_RESTARTS     "solver.restarts"
#define ORDO_SMT_STAT_MEMORY_MB    "solver.memory_mb"

/* The harmonized counters of solver instances (ORDO_SMT_STAT_*), summed
 * over the instances an engine made: read each instance's with
 * ordo_smt_counters_add() before destroying it, and report them with
 * ordo_smt_counters_record(). */
typedef struct {
    double decisions, propagations, conflicts, restarts;
} ordo_smt_counters;
void ordo_smt_counters_add(ordo_smt *s, ordo_smt_counters *c);
void ordo_smt_counters_sum(ordo_smt_counters *sum, const ordo_smt_counters *c);
struct ordo_stats;
/* Sets the run's statistics solver.decisions, ... (declared by every
 * solver plugin: ordo_smt_stat_descs) to c. */
void ordo_smt_counters_record(const ordo_smt_counters *c, struct ordo_stats *stats);

/* Name of a result: "unsat", "sat", "unknown". */
const char *ordo_smt_result_name(ordo_smt_result r);

/* ---- facade -------------------------------------------------------------- */

static inline void ordo_smt_destroy(ordo_smt *s) { s->ops->destroy(s); }
static inline const char *ordo_smt_error(ordo_smt *s) { return s->ops->error(s); }
static inline unsigned ordo_smt_caps(ordo_smt *s) { return s->ops->caps; }
static inline ordo_sort ordo_smt_bool_sort(ordo_smt *s) { return s->ops->bool_sort(s); }
static inline ordo_sort ordo_smt_int_sort(ordo_smt *s) { return s->ops->int_sort(s); }
static inline ordo_sort ordo_smt_bv_sort(ordo_smt *s, unsigned w) { return s->ops->bv_sort(s, w); }
static inline ordo_sort ordo_smt_array_sort(ordo_smt *s, ordo_sort i, ordo_sort e)
{ return s->ops->array_sort(s, i, e); }
static inline ordo_term ordo_smt_bool(ordo_smt *s, bool v) { return s->ops->bool_val(s, v); }
static inline ordo_term ordo_smt_int(ordo_smt *s, int64_t v) { return s->ops->int_val(s, v); }
static inline ordo_term ordo_smt_bv(ordo_smt *s, uint64_t v, unsigned w)
{ return s->ops->bv_val(s, v, w); }
static inline ordo_term ordo_smt_var(ordo_smt *s, const char *name, ordo_sort sort)
{ return s->ops->var(s, name, sort); }
static inline ordo_term ordo_smt_app(ordo_smt *s, ordo_smt_op op, unsigned n, const ordo_term *a)
{ return s->ops->app(s, op, n, a, 0, 0); }
static inline ordo_term ordo_smt_app1(ordo_smt *s, ordo_smt_op op, ordo_term a)
{ return s->ops->app(s, op, 1, &a, 0, 0); }
static inline ordo_term ordo_smt_app2(ordo_smt *s, ordo_smt_op op, ordo_term a, ordo_term b)
{ ordo_term args[2] = { a, b }; return s->ops->app(s, op, 2, args, 0, 0); }
static inline ordo_term ordo_smt_ite(ordo_smt *s, ordo_term c, ordo_term t, ordo_term e)
{ ordo_term args[3] = { c, t, e }; return s->ops->app(s, ORDO_OP_ITE, 3, args, 0, 0); }
static inline void ordo_smt_assert(ordo_smt *s, ordo_term t) { s->ops->assert_(s, t); }
static inline void ordo_smt_push(ordo_smt *s) { s->ops->push(s); }
static inline void ordo_smt_pop(ordo_smt *s, unsigned n) { s->ops->pop(s, n); }
static inline ordo_smt_result ordo_smt_check(ordo_smt *s) { return s->ops->check(s, 0, NULL); }
static inline ordo_smt_result ordo_smt_check_assuming(ordo_smt *s, unsigned n, const ordo_term *a)
{ return s->ops->check(s, n, a); }
static inline ordo_term ordo_smt_eval(ordo_smt *s, ordo_term t, bool completion)
{ return s->ops->model_eval(s, t, completion); }
/* Statistics of the instance, see ordo_solver_ops.stats. */
static inline void ordo_smt_stats(ordo_smt *s, ordo_smt_stat_fn fn, void *ud)
{ s->ops->stats(s, fn, ud); }
static inline ordo_term ordo_smt_numeral(ordo_smt *s, const char *decimal, ordo_sort sort)
{ return s->ops->numeral(s, decimal, sort); }
static inline ordo_term ordo_smt_const_array(ordo_smt *s, ordo_sort index, ordo_term value)
{ return s->ops->const_array(s, index, value); }
/* Indexed operations: EXTRACT (p1 = high, p2 = low), ZEXT/SEXT (p1 = bits
 * added), INT2BV (p1 = width). */
static inline ordo_term ordo_smt_app_indexed(ordo_smt *s, ordo_smt_op op, ordo_term a,
                                             unsigned p1, unsigned p2)
{ return s->ops->app(s, op, 1, &a, p1, p2); }
static inline ordo_term ordo_smt_quantifier(ordo_smt *s, bool forall, unsigned n,
                                            const ordo_term *bound, ordo_term body)
{ return s->ops->quantifier(s, forall, n, bound, body); }
static inline unsigned ordo_smt_unsat_core(ordo_smt *s, ordo_term *out, unsigned cap)
{ return s->ops->unsat_core(s, out, cap); }
static inline bool ordo_smt_to_int64(ordo_smt *s, ordo_term t, int64_t *out)
{ return s->ops->term_to_int64(s, t, out); }
static inline char *ordo_smt_to_string(ordo_smt *s, ordo_term t)
{ return s->ops->term_to_string(s, t); }
static inline const char *ordo_smt_reason_unknown(ordo_smt *s) { return s->ops->reason_unknown(s); }
static inline void ordo_smt_set_timeout(ordo_smt *s, unsigned ms) { s->ops->set_timeout(s, ms); }
static inline void ordo_smt_interrupt(ordo_smt *s) { s->ops->interrupt(s); }
static inline void ordo_smt_prop_init(ordo_smt *s, const ordo_smt_propagator *p)
{ s->ops->prop_init(s, p); }
static inline unsigned ordo_smt_prop_register(ordo_smt *s, ordo_term t)
{ return s->ops->prop_register(s, t); }
static inline void ordo_smt_prop_conflict(ordo_smt *s, ordo_smt_prop_cb *cb, unsigned n,
                                          const unsigned *ids)
{ s->ops->prop_conflict(cb, n, ids); }
static inline void ordo_smt_prop_consequence(ordo_smt *s, ordo_smt_prop_cb *cb, unsigned n,
                                             const unsigned *ids, ordo_term consequence)
{ s->ops->prop_consequence(cb, n, ids, consequence); }
static inline ordo_term ordo_smt_interpolant(ordo_smt *s, ordo_term a, ordo_term b)
{ return s->ops->interpolant(s, a, b); }
static inline ordo_term ordo_smt_rel_app(ordo_smt *s, const char *name, unsigned n,
                                         const ordo_term *args)
{ return s->ops->rel_app(s, name, n, args); }
static inline ordo_smt_op ordo_smt_term_app(ordo_smt *s, ordo_term t, unsigned cap,
                                            ordo_term *args, unsigned *n, unsigned *p1,
                                            unsigned *p2)
{ return s->ops->term_app(s, t, cap, args, n, p1, p2); }
static inline ordo_term ordo_smt_eliminate(ordo_smt *s, unsigned n, const ordo_term *vars,
                                           ordo_term body)
{ return s->ops->eliminate(s, n, vars, body); }

#ifdef __cplusplus
}
#endif
#endif
