/*
 * z3 plugin: quantifier elimination (tactic "qe") and Craig interpolation by
 * projection. Z3 4.8.12 has no interpolation API; for A /\ B unsat,
 *     I = exists (symbols of A not in B). A
 * is the strongest interpolant: A => I by construction, I /\ B is unsat
 * because B does not mention the projected symbols, and I only mentions
 * shared symbols. It exists as a term only when "qe" eliminates the
 * quantifier (linear integer arithmetic, Booleans, often bit-vectors);
 * otherwise no interpolant (NULL) is returned.
 */
#include <stdlib.h>

#include "z3_solver.h"

/* ---- sets of ASTs by id, and a walk over a term DAG ---------------------- */

typedef struct {
    unsigned char *bits;
    unsigned cap; /* in bits */
} ast_set;

static bool set_add(ast_set *set, unsigned id)
{
    if (id >= set->cap) {
        unsigned cap = set->cap ? set->cap : 1024;
        while (cap <= id)
            cap *= 2;
        set->bits = realloc(set->bits, cap / 8);
        for (unsigned i = set->cap / 8; i < cap / 8; i++)
            set->bits[i] = 0;
        set->cap = cap;
    }
    bool had = set->bits[id / 8] & (1u << (id % 8));
    set->bits[id / 8] |= (unsigned char)(1u << (id % 8));
    return !had;
}

static bool set_has(const ast_set *set, unsigned id)
{
    return id < set->cap && (set->bits[id / 8] & (1u << (id % 8)));
}

typedef void (*visit_fn)(void *ud, Z3_context c, Z3_ast a);

/* Visits every distinct sub-term of root once (iterative DFS). */
static void walk(Z3_context c, Z3_ast root, visit_fn fn, void *ud)
{
    ast_set seen = { 0 };
    unsigned n = 0, cap = 64;
    Z3_ast *stack = malloc(cap * sizeof *stack);
    stack[n++] = root;
    while (n) {
        Z3_ast a = stack[--n];
        if (!set_add(&seen, Z3_get_ast_id(c, a)))
            continue;
        fn(ud, c, a);
        Z3_ast_kind k = Z3_get_ast_kind(c, a);
        unsigned m = k == Z3_APP_AST ? Z3_get_app_num_args(c, Z3_to_app(c, a))
                     : k == Z3_QUANTIFIER_AST ? 1 : 0;
        if (n + m > cap) {
            cap = 2 * (n + m);
            stack = realloc(stack, cap * sizeof *stack);
        }
        for (unsigned i = 0; i < m; i++)
            stack[n++] = k == Z3_APP_AST ? Z3_get_app_arg(c, Z3_to_app(c, a), i)
                                         : Z3_get_quantifier_body(c, a);
    }
    free(stack);
    free(seen.bits);
}

static void find_quantifier(void *ud, Z3_context c, Z3_ast a)
{
    if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST)
        *(bool *)ud = true;
}

static bool quantifier_free(Z3_context c, Z3_ast a)
{
    bool found = false;
    walk(c, a, find_quantifier, &found);
    return !found;
}

/* Uninterpreted constants of a term, in an id set and a list. */
typedef struct {
    ast_set ids;
    Z3_app *apps;
    unsigned n, cap;
} symbol_set;

static void collect_symbol(void *ud, Z3_context c, Z3_ast a)
{
    symbol_set *syms = ud;
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST)
        return;
    Z3_app app = Z3_to_app(c, a);
    if (Z3_get_app_num_args(c, app) != 0 ||
        Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) != Z3_OP_UNINTERPRETED)
        return;
    set_add(&syms->ids, Z3_get_ast_id(c, a));
    if (syms->n == syms->cap) {
        syms->cap = syms->cap ? 2 * syms->cap : 16;
        syms->apps = realloc(syms->apps, syms->cap * sizeof *syms->apps);
    }
    syms->apps[syms->n++] = app;
}

static void symbols_free(symbol_set *syms)
{
    free(syms->ids.bits);
    free(syms->apps);
}

/* ---- quantifier elimination ---------------------------------------------- */

/* The disjunction of the goals' conjunctions. */
static Z3_ast goals_formula(Z3_context c, Z3_apply_result r)
{
    unsigned n = Z3_apply_result_get_num_subgoals(c, r);
    Z3_ast *disjuncts = malloc((n + 1) * sizeof *disjuncts);
    for (unsigned i = 0; i < n; i++) {
        Z3_goal g = Z3_apply_result_get_subgoal(c, r, i);
        Z3_goal_inc_ref(c, g);
        unsigned m = Z3_goal_size(c, g);
        Z3_ast *conjuncts = malloc((m + 1) * sizeof *conjuncts);
        for (unsigned j = 0; j < m; j++)
            conjuncts[j] = Z3_goal_formula(c, g, j);
        disjuncts[i] = Z3_mk_and(c, m, conjuncts);
        free(conjuncts);
        Z3_goal_dec_ref(c, g);
    }
    Z3_ast f = Z3_mk_or(c, n, disjuncts);
    free(disjuncts);
    return Z3_simplify(c, f);
}

/* exists apps. body without quantifiers, or NULL. */
static Z3_ast project(z3_smt *s, unsigned n, Z3_app *apps, Z3_ast body)
{
    Z3_context c = s->ctx;
    unsigned budget;
    if (!ordo_smt_check_budget(&s->base, s->timeout_ms, &budget))
        return NULL;
    Z3_ast q = Z3_mk_exists_const(c, 0, n, apps, 0, NULL, body);
    if (!q)
        return NULL;
    Z3_tactic t = Z3_mk_tactic(c, "qe");
    Z3_tactic_inc_ref(c, t);
    if (budget) {
        Z3_tactic bounded = Z3_tactic_try_for(c, t, budget);
        Z3_tactic_inc_ref(c, bounded);
        Z3_tactic_dec_ref(c, t);
        t = bounded;
    }
    Z3_goal g = Z3_mk_goal(c, false, false, false);
    Z3_goal_inc_ref(c, g);
    Z3_goal_assert(c, g, q);
    Z3_apply_result r = Z3_tactic_apply(c, t, g);
    Z3_ast f = NULL;
    if (r) {
        Z3_apply_result_inc_ref(c, r);
        f = goals_formula(c, r);
        Z3_apply_result_dec_ref(c, r);
    }
    Z3_goal_dec_ref(c, g);
    Z3_tactic_dec_ref(c, t);
    return f && quantifier_free(c, f) ? f : NULL;
}

ordo_term z3_eliminate(ordo_smt *base, unsigned n, const ordo_term *vars, ordo_term body)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return NULL;
    Z3_app *apps = malloc((n + 1) * sizeof *apps);
    for (unsigned i = 0; i < n; i++)
        apps[i] = Z3_to_app(s->ctx, z3_ast(vars[i]));
    Z3_ast f = project(s, n, apps, z3_ast(body));
    free(apps);
    return z3_term(f);
}

/* ---- interpolation -------------------------------------------------------- */

static bool unsat_together(z3_smt *s, Z3_ast a, Z3_ast b)
{
    unsigned budget;
    if (!ordo_smt_check_budget(&s->base, s->timeout_ms, &budget))
        return false;
    Z3_context c = s->ctx;
    Z3_solver solver = Z3_mk_simple_solver(c);
    Z3_solver_inc_ref(c, solver);
    if (budget)
        z3_set_uint_param(c, solver, "timeout", budget);
    Z3_solver_assert(c, solver, a);
    Z3_solver_assert(c, solver, b);
    bool unsat = Z3_solver_check(c, solver) == Z3_L_FALSE;
    Z3_solver_dec_ref(c, solver);
    return unsat;
}

ordo_term z3_interpolant(ordo_smt *base, ordo_term a, ordo_term b)
{
    z3_smt *s = z3_of(base);
    if (s->error || !a || !b || !unsat_together(s, z3_ast(a), z3_ast(b)))
        return NULL;
    Z3_context c = s->ctx;
    symbol_set in_a = { 0 }, in_b = { 0 };
    walk(c, z3_ast(a), collect_symbol, &in_a);
    walk(c, z3_ast(b), collect_symbol, &in_b);
    unsigned n_local = 0;
    for (unsigned i = 0; i < in_a.n; i++)
        if (!set_has(&in_b.ids, Z3_get_ast_id(c, Z3_app_to_ast(c, in_a.apps[i]))))
            in_a.apps[n_local++] = in_a.apps[i];
    Z3_ast itp = n_local ? project(s, n_local, in_a.apps, z3_ast(a)) : z3_ast(a);
    symbols_free(&in_a);
    symbols_free(&in_b);
    return z3_term(itp);
}
