/* Unit tests of the cegar engine's refinement options on small IR
 * programs: --pred-split (the exact predicates each mode adds, from an
 * unsat core and from an interpolant), --refinement bin-itp (every
 * chained sequence inductive and over its cut's symbols only), --prune
 * lazy (the POR re-expansion of reduced nodes; the verdicts of full). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>
#include <ordo/trace.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/fold.h"
#include "../../engines/cegar/itp.h"
#include "../../engines/cegar/itp_path.h"
#include "../../engines/cegar/por_source.h"
#include "../../engines/cegar/pred.h"
#include "../../engines/cegar/prune.h"
#include "../../engines/cegar/wp.h"
#include "../support/cegar_verify.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* An error path of p found at the empty precision (EXPL), or tracking
 * the variable `tracked` (>= 0). */
typedef struct {
    cg_model m;
    cg_prec prec;
    cg_arg arg;
    cg_action *actions;
    const cg_state **states;
    unsigned n;
} error_path;

static void find_error_path_tracking(error_path *e, const ordo_program *p, int tracked)
{
    e->m = cg_model_new(p, ORDO_ARITH_BV, 1);
    cg_prec_init(&e->prec, p->n_vars);
    if (tracked >= 0)
        cg_prec_add_var(&e->prec, (unsigned)tracked);
    e->m.prec = &e->prec;
    cg_arg_init(&e->arg);
    cg_search_stats st = { 0 };
    unsigned error;
    assert_int_equal(cg_search(&e->m, &e->arg, false, NULL, &st, &error), CG_SEARCH_ERROR);
    cg_arg_path(&e->arg, error, &e->actions, &e->states, &e->n);
}

static void find_error_path(error_path *e, const ordo_program *p)
{
    find_error_path_tracking(e, p, -1);
}

static void free_error_path(error_path *e)
{
    free(e->actions);
    free(e->states);
    cg_arg_free(&e->arg);
    cg_prec_free(&e->prec);
    cg_model_free(&e->m);
}

/* main: assume (x == 1 || y > 2) && z < 5; ERROR (x, y, z globals, 0):
 * spurious, its core the assume. */
static ordo_program *one_condition(const ordo_expr **cond)
{
    ordo_program *p = ordo_program_new("split.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned z = ordo_add_var(p, "z", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    *cond = bin(p, ORDO_B_LAND,
                bin(p, ORDO_B_LOR, bin(p, ORDO_B_EQ, var(p, x), num(p, 1)),
                    bin(p, ORDO_B_GT, var(p, y), num(p, 2))),
                bin(p, ORDO_B_LT, var(p, z), num(p, 5)));
    then(p, m, &l, ordo_s_assume(p, *cond), 1);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 2);
    finish(p, m, l);
    return p;
}

/* The predicates PRED's unsat-core refinement of p's error path (of
 * `steps` actions, found tracking `tracked`: find_error_path_tracking)
 * adds under `split` (built in p). */
static void core_predicates_tracking(ordo_program *p, cg_pred_split split, cg_prec *prec,
                                     unsigned steps, int tracked)
{
    error_path e;
    find_error_path_tracking(&e, p, tracked);
    assert_int_equal(e.n, steps);
    ordo_smt_config sc = { .produce_cores = true };
    ordo_smt *smt = ordo_smt_create(&z3, &sc);
    cg_path pf;
    cg_path_encode(&pf, smt, &e.m, p, e.actions, e.states, e.n);
    assert_int_equal(cg_path_check(&pf), ORDO_SMT_UNSAT);
    cg_prec_init(prec, p->n_vars);
    cg_refine_pred_wp(&pf, prec, p, split);
    cg_path_free(&pf);
    ordo_smt_destroy(smt);
    free_error_path(&e);
}

static void core_predicates_n(ordo_program *p, cg_pred_split split, cg_prec *prec,
                              unsigned steps)
{
    core_predicates_tracking(p, split, prec, steps, -1);
}

static void core_predicates(ordo_program *p, cg_pred_split split, cg_prec *prec)
{
    core_predicates_n(p, split, prec, 2);
}

/* --pred-split on an unsat core's condition c = (x == 1 || y > 2) && z < 5:
 * atoms x == 1, y > 2, z < 5; conjuncts (x == 1 || y > 2), z < 5; whole c. */
static void pred_split_cuts_a_core_condition(void **state)
{
    (void)state;
    const ordo_expr *c;
    ordo_program *p = one_condition(&c);
    const ordo_expr *disjunction = c->kid[0];
    const ordo_expr *atoms[] = { disjunction->kid[0], disjunction->kid[1], c->kid[1] };
    const ordo_expr *conjuncts[] = { disjunction, c->kid[1] };
    const ordo_expr *whole[] = { c };
    struct {
        cg_pred_split split;
        const ordo_expr **want;
        unsigned n;
    } cases[] = { { CG_SPLIT_ATOMS, atoms, 3 }, { CG_SPLIT_CONJUNCTS, conjuncts, 2 },
                  { CG_SPLIT_WHOLE, whole, 1 } };
    for (unsigned k = 0; k < 3; k++) {
        cg_prec prec;
        core_predicates(p, cases[k].split, &prec);
        assert_int_equal(prec.n_preds, cases[k].n);
        for (unsigned i = 0; i < cases[k].n; i++)
            assert_true(expr_equal(prec.preds[i], cases[k].want[i]));
        cg_prec_free(&prec);
    }
    ordo_program_free(p);
}

/* A formula over the cut places x, y, z (32-bit globals 0, 1, 2 of p). */
typedef struct {
    ordo_smt *s;
    cg_itp_place places[3];
    cg_itp_cut cut;
} cut_xyz;

static void open_cut(cut_xyz *c)
{
    c->s = ordo_smt_create(&z3, NULL);
    const char *names[] = { "x", "y", "z" };
    for (unsigned v = 0; v < 3; v++)
        c->places[v] = (cg_itp_place){ CG_ITP_VAR,
                                       ordo_smt_var(c->s, names[v], ordo_smt_bv_sort(c->s, 32)),
                                       v, 0 };
    c->cut = (cg_itp_cut){ c->places, 3, 3 };
}

/* How an interpolant (x == 1 || y >s 2) && z <s 5 over a cut's places
 * becomes predicates: 3 atoms (comparisons), 2 conjuncts (a disjunction
 * and a comparison), 1 whole formula (the conjunction). */
static void pred_split_cuts_an_interpolant(void **state)
{
    (void)state;
    const ordo_expr *c;
    ordo_program *p = one_condition(&c);
    cut_xyz x;
    open_cut(&x);
    ordo_smt *s = x.s;
    ordo_term bx = x.places[0].term, by = x.places[1].term, bz = x.places[2].term;
    ordo_term f = ordo_smt_app2(
        s, ORDO_OP_AND,
        ordo_smt_app2(s, ORDO_OP_OR, ordo_smt_app2(s, ORDO_OP_EQ, bx, ordo_smt_bv(s, 1, 32)),
                      ordo_smt_app2(s, ORDO_OP_BVSGT, by, ordo_smt_bv(s, 2, 32))),
        ordo_smt_app2(s, ORDO_OP_BVSLT, bz, ordo_smt_bv(s, 5, 32)));
    cg_pred_split splits[] = { CG_SPLIT_ATOMS, CG_SPLIT_CONJUNCTS, CG_SPLIT_WHOLE };
    unsigned counts[] = { 3, 2, 1 };
    for (unsigned k = 0; k < 3; k++) {
        cg_itp itp = { 0 };
        cg_itp_read(&itp, s, p, &x.cut, f, splits[k]);
        assert_int_equal(itp.n_vars, 3);
        assert_int_equal(itp.n_dropped, 0);
        assert_int_equal(itp.n_atoms, counts[k]);
        for (unsigned i = 0; i < itp.n_atoms; i++)
            assert_int_equal(itp.atoms[i]->kind, ORDO_E_BINOP);
        const ordo_expr *first = itp.atoms[0], *last = itp.atoms[itp.n_atoms - 1];
        if (splits[k] == CG_SPLIT_ATOMS) {
            assert_int_equal(first->op, ORDO_B_EQ);
            assert_int_equal(itp.atoms[1]->op, ORDO_B_GT);
            assert_int_equal(last->op, ORDO_B_LT);
        } else if (splits[k] == CG_SPLIT_CONJUNCTS) {
            assert_int_equal(first->op, ORDO_B_LOR);
            assert_int_equal(first->kid[0]->op, ORDO_B_EQ);
            assert_int_equal(first->kid[1]->op, ORDO_B_GT);
            assert_int_equal(last->op, ORDO_B_LT);
        } else {
            assert_int_equal(first->op, ORDO_B_LAND);
            assert_int_equal(first->kid[0]->op, ORDO_B_LOR);
            assert_int_equal(first->kid[1]->op, ORDO_B_LT);
        }
        cg_itp_free(&itp);
    }
    ordo_smt_destroy(s);
    ordo_program_free(p);
}

/* main: x := 0; y := 7; assume x == 1; ERROR (x, y globals). */
static ordo_program *spurious(void)
{
    ordo_program *p = ordo_program_new("spurious.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 5), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, x, num(p, 0)), 1);
    then(p, m, &l, assign(p, y, num(p, 7)), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, 1))), 3);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, m, l);
    return p;
}

/* Does t read no constant but the cut's (values aside)? */
static bool over_cut_only(ordo_smt *s, const cg_itp_cut *cut, ordo_term t)
{
    ordo_term args[16];
    unsigned n, p1, p2;
    int64_t v;
    ordo_smt_op op = ordo_smt_term_app(s, t, 16, args, &n, &p1, &p2);
    if (n > 16)
        return false;
    if (op != ORDO_OP__COUNT) {
        for (unsigned i = 0; i < n; i++)
            if (!over_cut_only(s, cut, args[i]))
                return false;
        return true;
    }
    for (unsigned i = 0; i < cut->n; i++)
        if (cut->v[i].term == t)
            return true;
    return ordo_smt_to_int64(s, t, &v);
}

static bool valid(ordo_smt *s, ordo_term premise, ordo_term conclusion)
{
    ordo_smt_push(s);
    ordo_smt_assert(s, premise);
    ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, conclusion));
    ordo_smt_result r = ordo_smt_check(s);
    ordo_smt_pop(s, 1);
    return r == ORDO_SMT_UNSAT;
}

/* --refinement bin-itp on p's spurious error path: I_0 = true, I_n =
 * false, I_k-1 /\ T_k => I_k for every step (the last: I_n-1 /\ T_n is
 * unsat), each I_k over cut k's constants only; returns the steps. */
static unsigned assert_chain_inductive(const ordo_program *p)
{
    error_path e;
    find_error_path(&e, p);
    ordo_smt *s = ordo_smt_create(&z3, NULL);
    cg_itp_path ip;
    assert_null(cg_itp_path_open(&ip, s, &e.m, p, e.actions, e.states, e.n));
    assert_null(cg_itp_path_chain(&ip));
    int64_t v;
    assert_true(ordo_smt_to_int64(s, ip.itp[0], &v) && v == 1);
    assert_true(ordo_smt_to_int64(s, ip.itp[e.n], &v) && v == 0);
    for (unsigned k = 1; k <= e.n; k++) {
        ordo_term before = ordo_smt_app2(s, ORDO_OP_AND, ip.itp[k - 1], cg_itp_path_step(&ip, k));
        assert_true(valid(s, before, ip.itp[k]));
        assert_true(over_cut_only(s, &ip.cuts[k], ip.itp[k]));
    }
    unsigned n = e.n;
    cg_itp_path_free(&ip);
    ordo_smt_destroy(s);
    free_error_path(&e);
    return n;
}

static void bin_itp_chains_an_inductive_sequence(void **state)
{
    (void)state;
    ordo_program *p = spurious();
    assert_int_equal(assert_chain_inductive(p), 4);
    ordo_program_free(p);
    p = fixture_loop(2, NULL);
    assert_true(assert_chain_inductive(p) > 4);
    ordo_program_free(p);
}

static cg_outcome verify(const ordo_program *p, const cg_config *cfg, cg_counters *c)
{
    return cegar_verify_replayed(p, cfg, &z3, c);
}

/* bin-itp refines like seq-itp: the spurious path in one refinement (EXPL
 * tracks x alone), the loop of two rounds proved. */
static void bin_itp_refines_both_domains(void **state)
{
    (void)state;
    for (int pred = 0; pred < 2; pred++) {
        cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred, .bin_itp = true };
        cg_counters c;
        ordo_program *p = spurious();
        assert_int_equal(verify(p, &cfg, &c).verdict, ORDO_VERDICT_SAFE);
        assert_int_equal(c.iterations, 2);
        if (!pred)
            assert_int_equal(c.precision_size, 1);
        ordo_program_free(p);
        p = fixture_loop(2, NULL);
        assert_int_equal(verify(p, &cfg, &c).verdict, ORDO_VERDICT_SAFE);
        ordo_program_free(p);
    }
}

/* t1: assume x == 5; y := 1.  main: start t1; havoc x; assume x != 5;
 * y := 0; assume y == 1; ERROR (x = 5, y = 0 at first). The error is
 * real, and needs t1's assume before main's havoc. */
static ordo_program *postponed_reader(void)
{
    ordo_program *p = ordo_program_new("postponed.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 5), y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main"), t = ordo_add_proc(p, "t1");
    p->main_proc = m;
    unsigned l = p->procs[t].init_loc;
    then(p, t, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, 5))), 1);
    then(p, t, &l, assign(p, y, num(p, 1)), 2);
    finish(p, t, l);
    l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_thread_start(p, NULL, t, NULL), 10);
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, x)), 11);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, x), num(p, 5))), 12);
    then(p, m, &l, assign(p, y, num(p, 0)), 13);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, y), num(p, 1))), 14);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 15);
    finish(p, m, l);
    return p;
}

/* Does node n of arg have a child by thread t? */
static bool has_child_of(const cg_arg *arg, unsigned n, unsigned t)
{
    for (unsigned i = n + 1; i < arg->n; i++)
        if (arg->nodes[i].parent == (int)n && arg->nodes[i].state &&
            arg->nodes[i].action.thread == t)
            return true;
    return false;
}

/* --prune lazy with AASPOR on postponed_reader: at the empty precision
 * the node after the start (both threads may run) takes main's havoc
 * only, and the abstract error path (y := 0; assume y == 1) is spurious.
 * Tracking x and y makes main's havoc of x dependent on t1's assume; the
 * pivot is main's y := 0 (havoc and assume of an unknown x change
 * nothing), two nodes below, so only the POR rule re-opens the node, and
 * its re-expansion adds t1's assume, the first step of the real error.
 * Without the rule the node keeps its old reduction. */
static void lazy_aaspor_reexpands_reduced_nodes(void **state)
{
    (void)state;
    ordo_program *p = postponed_reader();
    for (int rule = 0; rule < 2; rule++) {
        error_path e;
        e.m = cg_model_new(p, ORDO_ARITH_BV, 1);
        cg_prec_init(&e.prec, p->n_vars);
        e.m.prec = &e.prec;
        cg_por por;
        cg_por_init(&por, p, true);
        cg_por_set_precision(&por, &e.prec);
        e.m.por = &por;
        cg_arg_init(&e.arg);
        cg_search_stats st = { 0 };
        unsigned error;
        assert_int_equal(cg_search(&e.m, &e.arg, false, NULL, &st, &error), CG_SEARCH_ERROR);
        assert_true(e.arg.nodes[1].reduced);
        assert_false(has_child_of(&e.arg, 1, 1));
        cg_prec_add_var(&e.prec, 0); /* x: havoc x and t1's assume become dependent */
        cg_prec_add_var(&e.prec, 1); /* y: y := 0 is the pivot */
        cg_por_set_precision(&por, &e.prec);
        assert_true(cg_prune_lazy(&e.m, &e.arg, error, rule));
        assert_int_equal(e.arg.nodes[3].expanded, false); /* the pivot's parent */
        assert_int_equal(cg_arg_open(&e.arg, 1), rule);
        if (rule) {
            /* expanding it again (a search from there) adds t1's assume */
            for (unsigned i = 2; i < e.arg.n; i++)
                e.arg.nodes[i].expanded = true;
            cg_search(&e.m, &e.arg, false, NULL, &st, &error);
            assert_true(has_child_of(&e.arg, 1, 1));
        }
        e.actions = NULL;
        e.states = NULL;
        cg_por_free(&por);
        free_error_path(&e);
    }
    ordo_program_free(p);
}

/* --prune lazy gives the verdicts of --prune full on the tiny programs,
 * in both domains, with NOPOR and AASPOR (every UNSAFE replayed). */
static void lazy_and_full_agree(void **state)
{
    (void)state;
    ordo_program *programs[] = { spurious(), fixture_counter(true, NULL),
                                 fixture_counter(false, NULL), fixture_loop(2, NULL),
                                 postponed_reader() };
    ordo_verdict want[] = { ORDO_VERDICT_SAFE, ORDO_VERDICT_SAFE, ORDO_VERDICT_UNSAFE,
                            ORDO_VERDICT_SAFE, ORDO_VERDICT_UNSAFE };
    for (unsigned i = 0; i < 5; i++)
        for (int config = 0; config < 8; config++) {
            cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = config & 1,
                              .por = config & 2 ? CG_AASPOR : CG_NOPOR, .lazy = config & 4 };
            cg_counters c;
            cg_outcome o = verify(programs[i], &cfg, &c);
            if (o.verdict != want[i])
                fail_msg("program %u, pred %d, por %d, lazy %d: verdict %d (%s)", i, config & 1,
                         config & 2, config & 4, (int)o.verdict, o.reason ? o.reason : "");
            free(o.reason);
        }
    for (unsigned i = 0; i < 5; i++)
        ordo_program_free(programs[i]);
}

/* main: havoc g; t := g; assume t > 5; u := g; assume u < 3; ERROR (t, u
 * locals of main), each statement an action of its own, as thread-safe
 * LBE cuts reads of globals. */
static ordo_program *copies_then_assumes(unsigned *g, unsigned *t, unsigned *u)
{
    ordo_program *p = ordo_program_new("copies.c", ORDO_DM_LP64);
    *g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    *t = ordo_add_var(p, "t", i32(), (int)m, 0);
    *u = ordo_add_var(p, "u", i32(), (int)m, 0);
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, *g)), 1);
    then(p, m, &l, assign(p, *t, var(p, *g)), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, *t), num(p, 5))), 3);
    then(p, m, &l, assign(p, *u, var(p, *g)), 4);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, *u), num(p, 3))), 5);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 6);
    finish(p, m, l);
    return p;
}

/* PRED's unsat-core refinement of copies_then_assumes keeps the copies
 * t == g and u == g beside the weakest preconditions (u < 3, g < 3,
 * t > 5, g > 5): without them the abstract state after `assume t > 5`
 * knows t > 5 but not g > 5, the path stays feasible and the run ended
 * unknown ("tracks nothing new"); with them one refinement proves it. */
static void wp_keeps_copies(void **state)
{
    (void)state;
    unsigned g, t, u;
    ordo_program *p = copies_then_assumes(&g, &t, &u);
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true };
    cg_counters c;
    cg_outcome o = verify(p, &cfg, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    free(o.reason);
    assert_int_equal(c.iterations, 2);
    const ordo_expr *want[] = {
        bin(p, ORDO_B_LT, var(p, u), num(p, 3)), bin(p, ORDO_B_LT, var(p, g), num(p, 3)),
        bin(p, ORDO_B_EQ, var(p, u), var(p, g)), bin(p, ORDO_B_GT, var(p, t), num(p, 5)),
        bin(p, ORDO_B_GT, var(p, g), num(p, 5)), bin(p, ORDO_B_EQ, var(p, t), var(p, g)),
    };
    cg_prec prec;
    core_predicates_n(p, CG_SPLIT_ATOMS, &prec, 6);
    assert_int_equal(prec.n_preds, 6);
    for (unsigned i = 0; i < 6; i++)
        assert_true(expr_equal(prec.preds[i], want[i]));
    cg_prec_free(&prec);
    ordo_program_free(p);
}

/* Weakest preconditions through g := g + 1 and g := g - 1 fold their
 * constant offsets (fold.h): ((g + 1) - 1) <= 0 is g <= 0 and adds no
 * predicate beside it, ((g - 1) - 1) <= 0 is (g - 2) <= 0; an offset
 * the type cannot hold stays as written. */
static void wp_offsets_fold(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("fold.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    const ordo_expr *g_le_0 = bin(p, ORDO_B_LE, var(p, g), num(p, 0));
    const ordo_expr *up_down = bin(p, ORDO_B_SUB, bin(p, ORDO_B_ADD, var(p, g), num(p, 1)), num(p, 1));
    assert_true(expr_equal(cg_fold_offsets(p, bin(p, ORDO_B_LE, up_down, num(p, 0))), g_le_0));
    const ordo_expr *down2 = bin(p, ORDO_B_SUB, bin(p, ORDO_B_SUB, var(p, g), num(p, 1)), num(p, 1));
    assert_true(expr_equal(cg_fold_offsets(p, down2), bin(p, ORDO_B_SUB, var(p, g), num(p, 2))));
    const ordo_expr *far = bin(p, ORDO_B_ADD, bin(p, ORDO_B_ADD, var(p, g), num(p, 1)),
                               num(p, INT32_MAX));
    assert_ptr_equal(cg_fold_offsets(p, far), far);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_atoms(&prec, p, g_le_0);
    assert_int_equal(cg_prec_add_atoms(&prec, p, bin(p, ORDO_B_LE, up_down, num(p, 0))), 0);
    assert_int_equal(prec.n_preds, 1);
    cg_prec_free(&prec);
    ordo_program_free(p);
}

/* main (globals x, a 32-bit int, and q, a pointer):
 *   q := alloc(1) | havoc x | mem[q] := x | assume x == 0 | assume mem[q] == 1; ERROR
 * ('|': a block ends). The store's cell is read two blocks later, after
 * a condition on the value stored: a predicate on the cell alone (mem[q]
 * == 1) is unknown after the store and stays so, a condition on x alone
 * says nothing about the cell. */
static ordo_program *store_into_allocated_memory(unsigned *x, unsigned *q)
{
    ordo_program *p = ordo_program_new("heap-store.c", ORDO_DM_LP64);
    ordo_type ptr = ordo_ty_ptr(ORDO_DM_LP64);
    *x = ordo_add_var(p, "x", i32(), -1, 0);
    *q = ordo_add_var(p, "q", ptr, -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_alloc(p, ordo_lv_var(p, *q), num(p, 1)), 1);
    then(p, m, &l, ordo_s_havoc(p, ordo_lv_var(p, *x)), 2);
    fork_exit(p, m, l, 3);
    then(p, m, &l, ordo_s_assign(p, ordo_lv_mem(i32(), var(p, *q)), var(p, *x)), 4);
    fork_exit(p, m, l, 5);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, *x), num(p, 0))), 6);
    fork_exit(p, m, l, 7);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, ordo_e_load(p, i32(), var(p, *q)),
                                        num(p, 1))), 8);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 9);
    finish(p, m, l);
    return p;
}

/* PRED's weakest preconditions through a store into allocated memory,
 * where the state knows the pointer (q tracked): mem[q] == 1 and x == 0
 * (the core's conditions), then through mem[q] := x, x == 1 and the
 * cell's copy mem[c] == x (c the cell q points to). Before, the store was
 * passed over: mem[q] == 1 and x == 0 alone, which the spurious path
 * meets again. */
static void wp_carries_a_condition_through_a_store_into_allocated_memory(void **state)
{
    (void)state;
    unsigned x, q;
    ordo_program *p = store_into_allocated_memory(&x, &q);
    cg_prec prec;
    core_predicates_tracking(p, CG_SPLIT_ATOMS, &prec, 6, (int)q);
    const ordo_expr *cell = ordo_e_load(p, i32(), ordo_e_const(p, ordo_ty_ptr(ORDO_DM_LP64),
                                                               (int64_t)p->next_address));
    const ordo_expr *want[] = {
        bin(p, ORDO_B_EQ, ordo_e_load(p, i32(), var(p, q)), num(p, 1)),
        bin(p, ORDO_B_EQ, var(p, x), num(p, 0)),
        bin(p, ORDO_B_EQ, var(p, x), num(p, 1)),
        bin(p, ORDO_B_EQ, cell, var(p, x)),
    };
    assert_int_equal(prec.n_preds, 4);
    for (unsigned i = 0; i < 4; i++)
        assert_true(expr_equal(prec.preds[i], want[i]));
    cg_prec_free(&prec);
    /* the loop: the first refinement finds mem[q] == 1 and x == 0, the
     * second none new (q unknown: the core's places become tracked), the
     * third goes through the store */
    cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = true };
    cg_counters c;
    cg_outcome o = verify(p, &cfg, &c);
    assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
    assert_int_equal(c.iterations, 4);
    free(o.reason);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pred_split_cuts_a_core_condition),
        cmocka_unit_test(wp_offsets_fold),
        cmocka_unit_test(wp_keeps_copies),
        cmocka_unit_test(wp_carries_a_condition_through_a_store_into_allocated_memory),
        cmocka_unit_test(pred_split_cuts_an_interpolant),
        cmocka_unit_test(bin_itp_chains_an_inductive_sequence),
        cmocka_unit_test(bin_itp_refines_both_domains),
        cmocka_unit_test(lazy_aaspor_reexpands_reduced_nodes),
        cmocka_unit_test(lazy_and_full_agree),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
