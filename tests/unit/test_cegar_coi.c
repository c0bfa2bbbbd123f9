/* Unit tests of the cegar engine's dynamic cone of influence (thesis
 * Chapter 4): the data-flow graph of Figures 4.1/4.2 for two precisions
 * (exact edges), Example 9's state where x := 1 and x := 0 are not
 * observed, havoc against no-op, the per-statement rule of an LBE block
 * (also of one with a guard), a later write cutting the data flow (and a
 * block's own writes its reads), and a counterexample through simplified
 * actions that the refiner (on the original actions) refines to a proof
 * (Section 4.1.3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/ir_build.h>
#include <ordo/trace.h>
#include <ordo/xalloc.h>

#include "../../engines/cegar/cegar.h"
#include "../../engines/cegar/coi.h"
#include "../../engines/cegar/path.h"
#include "../../engines/cegar/refine.h"
#include "../support/smt_load.h"
#include "ir_fixtures.h"

static ordo_solver_factory z3;

static int setup(void **state)
{
    (void)state;
    return smt_load_plugin("z3", &z3) ? 0 : -1;
}

/* Figure 4.1 (the CFA of Figure 4.2): p1: L0 -x:=1-> L1 -y:=1-> L2, then
 * [y != 1] to ERROR or [y == 1] to its end; p2: L3 -y:=x-> L4 -x:=0-> L5.
 * main starts both. Statements carry their line: x:=1 1, y:=1 2,
 * [y!=1] 3, [y==1] 4, y:=x 11, x:=0 12. */
typedef struct {
    ordo_program *p;
    unsigned x, y, p1, p2;
    unsigned l0, l3, l4;   /* the locations of Example 9 */
} fig42;

static void at_line(ordo_stmt *s, unsigned line)
{
    s->file = "t.c";
    s->line = line;
}

static fig42 figure_4_2(void)
{
    fig42 f;
    ordo_program *p = f.p = ordo_program_new("fig4.1.c", ORDO_DM_LP64);
    f.x = ordo_add_var(p, "x", i32(), -1, 0);
    f.y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    f.p1 = ordo_add_proc(p, "p1");
    f.p2 = ordo_add_proc(p, "p2");
    p->main_proc = m;
    unsigned l = f.l0 = p->procs[f.p1].init_loc;
    then(p, f.p1, &l, assign(p, f.x, num(p, 1)), 1);
    then(p, f.p1, &l, assign(p, f.y, num(p, 1)), 2);
    unsigned l2 = l;
    then(p, f.p1, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, f.y), num(p, 1))), 3);
    then(p, f.p1, &l, ordo_s_new(p, ORDO_S_ERROR), 5);
    ordo_stmt *ok = ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, f.y), num(p, 1)));
    at_line(ok, 4);
    ordo_add_edge(p, f.p1, l2, p->procs[f.p1].final_loc, ok);
    l = f.l3 = p->procs[f.p2].init_loc;
    then(p, f.p2, &l, assign(p, f.y, var(p, f.x)), 11);
    f.l4 = l;
    then(p, f.p2, &l, assign(p, f.x, num(p, 0)), 12);
    finish(p, f.p2, l);
    l = p->procs[m].init_loc;
    then(p, m, &l, ordo_s_thread_start(p, NULL, f.p1, NULL), 20);
    then(p, m, &l, ordo_s_thread_start(p, NULL, f.p2, NULL), 21);
    finish(p, m, l);
    return f;
}

static unsigned line_of(const ordo_program *p, const cg_dfg *g, unsigned node)
{
    unsigned proc = g->node_proc[node];
    return p->procs[proc].edges[node - g->node_base[proc]].stmt->line;
}

/* The edges vars(Π) keeps, "src->dst:kinds" by line (D direct, I
 * indirect), in the graph's order. */
static void kept_edges(const ordo_program *p, const cg_dfg *g, const cg_prec *prec, char *out,
                       size_t size)
{
    cg_tracked t;
    cg_tracked_of(&t, prec);
    out[0] = '\0';
    for (unsigned e = 0; e < g->n_edges; e++) {
        unsigned char k = cg_dfg_tracked_kinds(g, e, &t);
        if (!k)
            continue;
        size_t n = strlen(out);
        snprintf(out + n, size - n, "%s%u->%u:%s%s", n ? " " : "",
                 line_of(p, g, g->edges[e].src), line_of(p, g, g->edges[e].dst),
                 k & CG_DFG_DIRECT ? "D" : "", k & CG_DFG_INDIRECT ? "I" : "");
    }
    cg_tracked_free(&t);
}

/* Figure 4.2's graphs: with vars(Π) = {x, y} x := 1 and x := 0 reach
 * y := x (indirect), which reaches both guards; y := 1 reaches the guards
 * of its own thread (direct) and of another p1 thread (footnote 1). With
 * {y} no edge leaves an assignment of x. */
static void dfg_of_figure_4_2(void **state)
{
    (void)state;
    fig42 f = figure_4_2();
    cg_dfg g;
    cg_dfg_build(&g, f.p);
    assert_false(g.overflow);
    cg_prec prec;
    cg_prec_init(&prec, f.p->n_vars);
    cg_prec_add_var(&prec, f.x);
    cg_prec_add_var(&prec, f.y);
    char got[512];
    kept_edges(f.p, &g, &prec, got, sizeof got);
    assert_string_equal(got, "1->11:I 2->3:DI 2->4:DI 11->3:I 11->4:I 12->11:I");
    cg_prec_free(&prec);
    cg_prec_init(&prec, f.p->n_vars);
    cg_prec_add_var(&prec, f.y);
    kept_edges(f.p, &g, &prec, got, sizeof got);
    assert_string_equal(got, "2->3:DI 2->4:DI 11->3:I 11->4:I");
    assert_int_equal(g.n_edges, 6); /* the graph itself does not change */
    cg_prec_free(&prec);
    cg_dfg_free(&g);
    ordo_program_free(f.p);
}

/* A state of Figure 4.1's program: main ended, p1 at l1, p2 at l2. */
static cg_state *state_at(const fig42 *f, unsigned l1, unsigned l2)
{
    cg_state *s = xcalloc(1, sizeof *s);
    s->atomic_owner = -1;
    unsigned m = f->p->main_proc;
    cg_state_add_thread(s, m, f->p->procs[m].final_loc);
    s->threads[0].done = true;
    cg_state_add_thread(s, f->p1, l1);
    cg_state_add_thread(s, f->p2, l2);
    return s;
}

/* What DCOI makes of the edge `edge` of thread t's procedure in s, at a
 * precision tracking the variables `vars` (n of them). */
static const ordo_stmt *simplified(cg_coi *coi, const fig42 *f, const unsigned *vars,
                                   unsigned n, const cg_state *s, unsigned t, unsigned edge)
{
    cg_prec prec;
    cg_prec_init(&prec, f->p->n_vars);
    for (unsigned i = 0; i < n; i++)
        cg_prec_add_var(&prec, vars[i]);
    cg_coi_set_precision(coi, &prec);
    const ordo_stmt *st = cg_coi_stmt(coi, s, t, edge);
    cg_prec_free(&prec);
    return st;
}

/* The edge of proc leaving location `from` first. */
static unsigned edge_from(const ordo_program *p, unsigned proc, unsigned from)
{
    for (unsigned e = 0; e < p->procs[proc].n_edges; e++)
        if (p->procs[proc].edges[e].from == from)
            return e;
    fail();
    return 0;
}

/* Example 9: vars(Π) = {x, y}. At (L0, L3) every edge is enabled and
 * x := 1 reaches [y == 1] through y := x: evaluated as written. At
 * (L0, L4) y := x can never run again: x := 1 and x := 0 are observed by
 * no real observer and become havoc x (x is tracked); y := 1 stays. */
static void example_9_unobserved_writes_of_x(void **state)
{
    (void)state;
    fig42 f = figure_4_2();
    cg_coi *coi = cg_coi_new(f.p);
    unsigned xy[2] = { f.x, f.y };
    unsigned x1 = edge_from(f.p, f.p1, f.l0), x0 = edge_from(f.p, f.p2, f.l4);
    unsigned y_x = edge_from(f.p, f.p2, f.l3);
    cg_state *s = state_at(&f, f.l0, f.l3);
    assert_ptr_equal(simplified(coi, &f, xy, 2, s, 1, x1), f.p->procs[f.p1].edges[x1].stmt);
    assert_ptr_equal(simplified(coi, &f, xy, 2, s, 2, y_x), f.p->procs[f.p2].edges[y_x].stmt);
    cg_state_free(s);
    s = state_at(&f, f.l0, f.l4);
    const ordo_stmt *a = simplified(coi, &f, xy, 2, s, 1, x1);
    assert_int_equal(a->kind, ORDO_S_HAVOC);
    assert_int_equal(a->lhs.var, f.x);
    const ordo_stmt *b = cg_coi_stmt(coi, s, 2, x0);
    assert_int_equal(b->kind, ORDO_S_HAVOC);
    assert_int_equal(b->lhs.var, f.x);
    const cg_coi_stats *st = cg_coi_stats_of(coi);
    assert_int_equal(st->havoc, 2);
    assert_int_equal(st->nop, 0);
    assert_int_equal(st->evaluated, 4);
    cg_state_free(s);
    cg_coi_free(coi);
    ordo_program_free(f.p);
}

/* Example 9's states, the dead variables (cg_coi_dead_vars: PRED does not
 * re-check them, EXPL forgets them): at (L0, L3) y := x may still read x
 * for the guards; at (L0, L4) nothing observed reads x any more; the
 * guards read y. */
static void example_9_x_is_dead_once_y_x_has_run(void **state)
{
    (void)state;
    fig42 f = figure_4_2();
    cg_coi *coi = cg_coi_new(f.p);
    unsigned xy[2] = { f.x, f.y };
    unsigned x1 = edge_from(f.p, f.p1, f.l0);
    cg_state *s = state_at(&f, f.l0, f.l3);
    simplified(coi, &f, xy, 2, s, 1, x1);
    const bool *dead = cg_coi_dead_vars(coi, s);
    assert_false(dead[f.x]);
    assert_false(dead[f.y]);
    cg_state_free(s);
    s = state_at(&f, f.l0, f.l4);
    dead = cg_coi_dead_vars(coi, s);
    assert_true(dead[f.x]);
    assert_false(dead[f.y]);
    /* EXPL forgets x there (coverage), keeps y. */
    expl_set(s, cg_var_key(0, f.x), 1);
    expl_set(s, cg_var_key(0, f.y), 0);
    cg_coi_forget_dead(coi, s);
    int64_t v;
    assert_false(expl_get(s, cg_var_key(0, f.x), &v));
    assert_true(expl_get(s, cg_var_key(0, f.y), &v));
    assert_int_equal(v, 0);
    cg_state_free(s);
    cg_coi_free(coi);
    ordo_program_free(f.p);
}

/* vars(Π) = {y}: no edge leaves x := 1, even in the initial state, and x
 * is not tracked: a no-op. y := 1 is read by the guards: kept. */
static void an_untracked_unobserved_write_is_a_no_op(void **state)
{
    (void)state;
    fig42 f = figure_4_2();
    cg_coi *coi = cg_coi_new(f.p);
    unsigned y[1] = { f.y };
    unsigned x1 = edge_from(f.p, f.p1, f.l0);
    cg_state *s = state_at(&f, f.l0, f.l3);
    const ordo_stmt *a = simplified(coi, &f, y, 1, s, 1, x1);
    assert_int_equal(a->kind, ORDO_S_SKIP);
    assert_int_equal(a->line, 1);
    assert_int_equal(cg_coi_stats_of(coi)->nop, 1);
    cg_state_free(s);
    s = state_at(&f, f.p->procs[f.p1].edges[x1].to, f.l3);
    unsigned y1 = edge_from(f.p, f.p1, f.p->procs[f.p1].edges[x1].to);
    assert_ptr_equal(cg_coi_stmt(coi, s, 1, y1), f.p->procs[f.p1].edges[y1].stmt);
    cg_state_free(s);
    cg_coi_free(coi);
    ordo_program_free(f.p);
}

/* main runs `block`, then [guard], with every variable tracked: what
 * DCOI makes of the block in the initial state (*coi: the caller frees
 * it). */
static const ordo_stmt *simplified_block(ordo_program *p, ordo_stmt *block,
                                         const ordo_expr *guard, cg_coi **coi)
{
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, block, 1);
    then(p, m, &l, ordo_s_assume(p, guard), 2);
    finish(p, m, l);
    *coi = cg_coi_new(p);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    for (unsigned v = 0; v < p->n_vars; v++)
        cg_prec_add_var(&prec, v);
    cg_coi_set_precision(*coi, &prec);
    cg_prec_free(&prec);
    cg_state *s = xcalloc(1, sizeof *s);
    s->atomic_owner = -1;
    cg_state_add_thread(s, m, p->procs[m].init_loc);
    const ordo_stmt *x = cg_coi_stmt(*coi, s, 0, 0);
    cg_state_free(s);
    return x;
}

/* An LBE block of one thread: a := 1; b := a; c := 2, then [b > 0]
 * (a, b, c globals, all tracked). b is read by the guard, a by the kept
 * b := a; c by nobody: only c := 2 becomes havoc. */
static void a_block_is_simplified_per_written_place(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("block.c", ORDO_DM_LP64);
    unsigned a = ordo_add_var(p, "a", i32(), -1, 0), b = ordo_add_var(p, "b", i32(), -1, 0);
    unsigned c = ordo_add_var(p, "c", i32(), -1, 0);
    const ordo_stmt *parts[3] = { assign(p, a, num(p, 1)), assign(p, b, var(p, a)),
                                  assign(p, c, num(p, 2)) };
    cg_coi *coi;
    const ordo_stmt *x = simplified_block(p, ordo_s_seq(p, 3, parts),
                                          bin(p, ORDO_B_GT, var(p, b), num(p, 0)), &coi);
    assert_int_equal(x->kind, ORDO_S_SEQ);
    assert_int_equal(x->n_stmts, 3);
    assert_ptr_equal(x->stmts[0], parts[0]);
    assert_ptr_equal(x->stmts[1], parts[1]);
    assert_int_equal(x->stmts[2]->kind, ORDO_S_HAVOC);
    assert_int_equal(x->stmts[2]->lhs.var, c);
    assert_int_equal(cg_coi_stats_of(coi)->evaluated, 3);
    cg_coi_free(coi);
    ordo_program_free(p);
}

/* A block with a guard is a real observer, but only its guard and what
 * the guard or a later observer reads must stay: [c > 0]; a := 1;
 * b := 2; d := 10 / c, then [a > 0] (all tracked). b := 2 is read by
 * nobody: havoc. d := 10 / c is read by nobody either, but its division
 * may be undefined (it can block, like the guard): kept. */
static void a_guarded_block_keeps_only_what_is_observed(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("guarded.c", ORDO_DM_LP64);
    unsigned a = ordo_add_var(p, "a", i32(), -1, 0), b = ordo_add_var(p, "b", i32(), -1, 0);
    unsigned c = ordo_add_var(p, "c", i32(), -1, 0), d = ordo_add_var(p, "d", i32(), -1, 0);
    const ordo_stmt *parts[4] = {
        ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, c), num(p, 0))), assign(p, a, num(p, 1)),
        assign(p, b, num(p, 2)), assign(p, d, bin(p, ORDO_B_DIV, num(p, 10), var(p, c))) };
    cg_coi *coi;
    const ordo_stmt *x = simplified_block(p, ordo_s_seq(p, 4, parts),
                                          bin(p, ORDO_B_GT, var(p, a), num(p, 0)), &coi);
    assert_int_equal(x->kind, ORDO_S_SEQ);
    assert_int_equal(x->n_stmts, 4);
    assert_ptr_equal(x->stmts[0], parts[0]);
    assert_ptr_equal(x->stmts[1], parts[1]);
    assert_int_equal(x->stmts[2]->kind, ORDO_S_HAVOC);
    assert_int_equal(x->stmts[2]->lhs.var, b);
    assert_ptr_equal(x->stmts[3], parts[3]);
    assert_int_equal(cg_coi_stats_of(coi)->havoc, 1);
    cg_coi_free(coi);
    ordo_program_free(p);
}

/* A thread's own later write cuts its data flow (Definition 11's
 * over-approximation `x = 1, x = 2, y = x`, dfg_clear.c) and a block's
 * reads are those before its own writes (dfg_places.c). main, with the
 * locals t, u, c, g all tracked: havoc t (1); { t := u; c := (t == 5) } (2);
 * [c != 0] (3); g := t (4); [g == 5] (5). Only the block's t reaches
 * g := t, and the block reads no t of another action: no edge leaves
 * havoc t, which is unobserved from the start. It stays havoc, but as a
 * copy: the abstractor then knows it unobserved (PRED leaves what it
 * touches unknown without checks). */
static void a_later_write_cuts_the_data_flow(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("kill.c", ORDO_DM_LP64);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned t = ordo_add_var(p, "t", i32(), (int)m, 0), u = ordo_add_var(p, "u", i32(), (int)m, 0);
    unsigned c = ordo_add_var(p, "c", i32(), (int)m, 0), g = ordo_add_var(p, "g", i32(), (int)m, 0);
    unsigned l = p->procs[m].init_loc;
    ordo_stmt *havoc_t = ordo_s_havoc(p, (ordo_lvalue){ .var = t });
    then(p, m, &l, havoc_t, 1);
    const ordo_stmt *block[2] = { assign(p, t, var(p, u)),
                                  assign(p, c, bin(p, ORDO_B_EQ, var(p, t), num(p, 5))) };
    then(p, m, &l, ordo_s_seq(p, 2, block), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, c), num(p, 0))), 3);
    then(p, m, &l, assign(p, g, var(p, t)), 4);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, g), num(p, 5))), 5);
    finish(p, m, l);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    for (unsigned v = 0; v < p->n_vars; v++)
        cg_prec_add_var(&prec, v);
    cg_coi *coi = cg_coi_new(p);
    char got[256];
    kept_edges(p, cg_coi_dfg(coi), &prec, got, sizeof got);
    assert_string_equal(got, "2->3:D 2->4:D 4->5:D");
    cg_coi_set_precision(coi, &prec);
    cg_state *s = xcalloc(1, sizeof *s);
    s->atomic_owner = -1;
    cg_state_add_thread(s, m, p->procs[m].init_loc);
    const ordo_stmt *x = cg_coi_stmt(coi, s, 0, edge_from(p, m, p->procs[m].init_loc));
    assert_ptr_not_equal(x, havoc_t);
    assert_int_equal(x->kind, ORDO_S_HAVOC);
    assert_int_equal(x->lhs.var, t);
    assert_int_equal(cg_coi_stats_of(coi)->havoc, 0); /* it was a havoc already */
    cg_state_free(s);
    cg_prec_free(&prec);
    cg_coi_free(coi);
    ordo_program_free(p);
}

/* A local's value is dead where its thread writes it again before any
 * observed action reads it (coi_live.c): main, t a tracked local:
 * t := 1 (1); [t == 1] (2); t := 2 (3); [t == 2] (4). Before [t == 1]
 * and [t == 2] the guard reads t; before t := 1 and t := 2 nothing reads
 * the value t holds, although a guard reads t later. */
static void a_local_is_dead_until_its_thread_writes_it_again(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("live.c", ORDO_DM_LP64);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned t = ordo_add_var(p, "t", i32(), (int)m, 0);
    unsigned l = p->procs[m].init_loc, at[4];
    for (unsigned i = 0; i < 4; i++) {
        at[i] = l;
        ordo_stmt *st = i % 2 ? ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, t), num(p, (i + 1) / 2)))
                              : assign(p, t, num(p, i / 2 + 1));
        then(p, m, &l, st, i + 1);
    }
    finish(p, m, l);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_var(&prec, t);
    cg_coi *coi = cg_coi_new(p);
    cg_coi_set_precision(coi, &prec);
    const bool expected[4] = { true, false, true, false }; /* before statement 1..4 */
    for (unsigned i = 0; i < 4; i++) {
        cg_state *s = xcalloc(1, sizeof *s);
        s->atomic_owner = -1;
        cg_state_add_thread(s, m, at[i]);
        assert_int_equal(cg_coi_dead_vars(coi, s)[t], expected[i]);
        cg_state_free(s);
    }
    cg_prec_free(&prec);
    cg_coi_free(coi);
    ordo_program_free(p);
}

/* The two ways to over-approximate which edges a thread may still take
 * (dfg.h, cg_reach): main is L0 -a-> L1 -b-> L2 -c-> L1 (a loop),
 * L2 -d-> L3, and L0 -e-> L4 -f-> L3. The components never answer "not
 * reachable" where the matrix says reachable, and agree with it wherever
 * the components' order decides: from L0 everything, from L1 the loop
 * and its exit but not a or e, from L3 nothing. */
static void scc_reachability_over_approximates_the_matrix(void **state)
{
    (void)state;
    ordo_program *p = ordo_program_new("reach.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l[5] = { p->procs[m].init_loc };
    for (unsigned i = 1; i < 5; i++)
        l[i] = ordo_add_loc(p, m);
    const unsigned from[6] = { 0, 1, 2, 2, 0, 4 }, to[6] = { 1, 2, 1, 3, 4, 3 };
    for (unsigned e = 0; e < 6; e++) /* edges a..f */
        ordo_add_edge(p, m, l[from[e]], l[to[e]], assign(p, x, num(p, (int64_t)e)));
    cg_reach matrix, scc;
    cg_reach_build(&matrix, p);
    cg_reach_build_limited(&scc, p, 0);
    assert_non_null(matrix.bits[m]);
    assert_null(scc.bits[m]);
    for (unsigned i = 0; i < 5; i++)
        for (unsigned e = 0; e < 6; e++)
            if (cg_reach_edge(&matrix, m, l[i], e))
                assert_true(cg_reach_edge(&scc, m, l[i], e));
    const char *expected[3] = { "111111", "011100", "000000" }; /* from L0, L1, L3 */
    const unsigned at[3] = { 0, 1, 3 }, decided[3][6] = { { 1, 1, 1, 1, 1, 1 },
                                                          { 1, 1, 1, 1, 1, 0 },
                                                          { 1, 1, 1, 1, 1, 1 } };
    for (unsigned k = 0; k < 3; k++)
        for (unsigned e = 0; e < 6; e++)
            if (decided[k][e])
                assert_int_equal(cg_reach_edge(&scc, m, l[at[k]], e), expected[k][e] == '1');
    cg_reach_free(&matrix);
    cg_reach_free(&scc);
    ordo_program_free(p);
}

/* Section 4.1.3's program: x := 1; y := x; [y != 1]; ERROR. At
 * vars(Π) = {x} neither assignment is observed: x := 1 becomes havoc (the
 * state after it does not claim x = 0) and y := x a no-op, so the
 * abstractor reaches ERROR. The refiner encodes the original actions: the
 * path is infeasible and its core makes y tracked; then the program is
 * proved (no endless loop). */
static ordo_program *section_4_1_3(unsigned *x, unsigned *y)
{
    ordo_program *p = ordo_program_new("sec4.1.3.c", ORDO_DM_LP64);
    *x = ordo_add_var(p, "x", i32(), -1, 0);
    *y = ordo_add_var(p, "y", i32(), -1, 0);
    unsigned m = ordo_add_proc(p, "main");
    p->main_proc = m;
    unsigned l = p->procs[m].init_loc;
    then(p, m, &l, assign(p, *x, num(p, 1)), 1);
    then(p, m, &l, assign(p, *y, var(p, *x)), 2);
    then(p, m, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, *y), num(p, 1))), 3);
    then(p, m, &l, ordo_s_new(p, ORDO_S_ERROR), 4);
    finish(p, m, l);
    return p;
}

static void a_counterexample_through_simplified_actions_refines(void **state)
{
    (void)state;
    unsigned x, y;
    ordo_program *p = section_4_1_3(&x, &y);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    cg_prec_add_var(&prec, x);
    cg_coi *coi = cg_coi_new(p);
    cg_coi_set_precision(coi, &prec);
    cg_model m = cg_model_new(p, ORDO_ARITH_BV, 1);
    m.prec = &prec;
    m.coi = coi;
    cg_arg arg;
    cg_arg_init(&arg);
    cg_search_stats st = { 0 };
    unsigned error;
    assert_int_equal(cg_search(&m, &arg, false, NULL, &st, &error), CG_SEARCH_ERROR);
    cg_action *actions;
    const cg_state **states;
    unsigned n;
    cg_arg_path(&arg, error, &actions, &states, &n);
    assert_int_equal(n, 4);
    int64_t v;
    assert_false(expl_get(states[1], cg_var_key(0, x), &v)); /* havoc x, not x = 0 */
    assert_int_equal(cg_coi_stats_of(coi)->havoc, 1);
    assert_int_equal(cg_coi_stats_of(coi)->nop, 1);
    ordo_smt_config sc = { .produce_cores = true };
    ordo_smt *smt = ordo_smt_create(&z3, &sc);
    cg_path pf;
    cg_path_encode(&pf, smt, &m, p, actions, states, n);
    assert_int_equal(cg_path_check(&pf), ORDO_SMT_UNSAT);
    assert_int_equal(cg_refine_unsat_core(&pf, &prec), 1);
    assert_true(prec.vars[y]);
    cg_path_free(&pf);
    ordo_smt_destroy(smt);
    free(actions);
    free(states);
    cg_arg_free(&arg);
    cg_model_free(&m);
    cg_coi_free(coi);
    cg_prec_free(&prec);

    for (int pred = 0; pred < 2; pred++) {
        cg_config cfg = { .mode = ORDO_ARITH_BV, .maxenum = 1, .pred = pred, .dcoi = true };
        cg_counters c = { 0 };
        cg_outcome o = cg_verify(p, &cfg, &z3, NULL, &c);
        assert_int_equal(o.verdict, ORDO_VERDICT_SAFE);
        assert_int_equal(c.iterations, 2);
        assert_true(c.coi_nop > 0);
    }
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dfg_of_figure_4_2),
        cmocka_unit_test(example_9_unobserved_writes_of_x),
        cmocka_unit_test(example_9_x_is_dead_once_y_x_has_run),
        cmocka_unit_test(an_untracked_unobserved_write_is_a_no_op),
        cmocka_unit_test(a_block_is_simplified_per_written_place),
        cmocka_unit_test(a_guarded_block_keeps_only_what_is_observed),
        cmocka_unit_test(a_later_write_cuts_the_data_flow),
        cmocka_unit_test(a_local_is_dead_until_its_thread_writes_it_again),
        cmocka_unit_test(scc_reachability_over_approximates_the_matrix),
        cmocka_unit_test(a_counterexample_through_simplified_actions_refines),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
