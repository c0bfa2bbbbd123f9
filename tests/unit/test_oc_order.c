/* Unit tests of the oc engine's ordering reasoning without a solver:
 * the event graph (thesis Section 5.3.2), the conflict finder (Algorithm 3)
 * and Theorem 5 by brute force. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../engines/oc/clauses.h"
#include "../../engines/oc/events.h"
#include "../../engines/oc/finder.h"
#include "../../engines/oc/graph.h"
#include "../../engines/oc/po.h"
#include "../../engines/oc/prp.h"

enum { X = 0, Y = 1, Z = 2 };

/* Appends an event of `thread` after `prev` (po), or first if prev < 0. */
static unsigned ev(oc_events *es, int prev, oc_event_kind k, unsigned thread, unsigned loc,
                   oc_lit guard)
{
    unsigned e = oc_events_add(es, k, thread, loc, guard);
    if (prev >= 0)
        oc_events_add_po(es, (unsigned)prev, e, 0);
    return e;
}

static oc_lit rf_lit(const oc_events *es, unsigned w, unsigned r)
{
    for (size_t i = 0; i < es->n_rf; i++)
        if (es->rf[i].w == w && es->rf[i].r == r)
            return es->rf[i].lit;
    fail_msg("no rf pair %u -> %u", w, r);
    return 0;
}

static void finish(oc_events *es, oc_po *po)
{
    assert_true(oc_po_build(po, es));
    oc_events_pair_up(es, oc_po_query_fn, po);
    oc_events_index(es);
}

static int cmp_lit(const void *a, const void *b)
{
    oc_lit x = *(const oc_lit *)a, y = *(const oc_lit *)b;
    return (x > y) - (x < y);
}

/* Is the set want[0..n) (any order) one of the conflicts? */
static bool has_conflict(const oc_clauses *c, oc_lit *want, size_t n)
{
    qsort(want, n, sizeof *want, cmp_lit);
    for (size_t i = 0; i < c->n; i++) {
        size_t m;
        const oc_lit *l = oc_clauses_get(c, i, &m);
        if (m == n && !memcmp(l, want, n * sizeof *l))
            return true;
    }
    return false;
}

/* Runs the finder in mode on the finished es and po into c, which it
 * initializes (the caller frees it); returns the finder's statistics. */
static oc_finder_stats find(const oc_events *es, const oc_po *po, oc_finder_mode mode,
                            size_t max, oc_clauses *c)
{
    oc_clauses_init(c);
    oc_finder_stats st = { 0 };
    oc_find_conflicts(es, po, mode, &(oc_finder_limits){ .max_per_kind = max }, c, &st);
    return st;
}

/* The reason of g's first conflict is exactly {a, b}. */
static void expect_reason(const oc_graph *g, oc_lit a, oc_lit b)
{
    size_t n;
    const oc_lit *r = oc_graph_conflict(g, 0, &n);
    oc_lit want[2] = { a < b ? a : b, a < b ? b : a };
    assert_int_equal(n, 2);
    assert_memory_equal(r, want, sizeof want);
}

/* Thesis Figure 5.3: init writes x0, y0; thread 1: if (y1 == 1) x1 = 1;
 * else x2 = 1 - y2; thread 2: y3 = x3; x4 = 1 - y4; assert on x5, y5. */
typedef struct {
    oc_events es;
    oc_po po;
    unsigned wx0, wy0, ry1, wx1, ry2, wx2, rx3, wy3, ry4, wx4, rx5, ry5;
    oc_lit g_then, g_else;
} figure53;

static void build_figure53(figure53 *f)
{
    oc_events *es = &f->es;
    oc_events_init(es);
    f->g_then = oc_events_new_lit(es);
    f->g_else = oc_events_new_lit(es);
    f->wx0 = ev(es, -1, OC_WRITE, 0, X, 0);
    f->wy0 = ev(es, (int)f->wx0, OC_WRITE, 0, Y, 0);
    f->ry1 = ev(es, -1, OC_READ, 1, Y, 0);
    oc_events_add_po(es, f->wy0, f->ry1, 0);
    f->wx1 = ev(es, (int)f->ry1, OC_WRITE, 1, X, f->g_then);
    f->ry2 = ev(es, (int)f->wx1, OC_READ, 1, Y, f->g_else);
    f->wx2 = ev(es, (int)f->ry2, OC_WRITE, 1, X, f->g_else);
    f->rx3 = ev(es, -1, OC_READ, 2, X, 0);
    oc_events_add_po(es, f->wy0, f->rx3, 0);
    f->wy3 = ev(es, (int)f->rx3, OC_WRITE, 2, Y, 0);
    f->ry4 = ev(es, (int)f->wy3, OC_READ, 2, Y, 0);
    f->wx4 = ev(es, (int)f->ry4, OC_WRITE, 2, X, 0);
    f->rx5 = ev(es, (int)f->wx4, OC_READ, 2, X, 0);
    f->ry5 = ev(es, (int)f->rx5, OC_READ, 2, Y, 0);
    finish(es, &f->po);
}

static void free_figure53(figure53 *f)
{
    oc_po_free(&f->po);
    oc_events_free(&f->es);
}

/* Section 5.3.2: with rf_{2,3} and rf_{2,5} true, Axiom 2 derives
 * w_x4 ≺ws w_x2 and the cycle's reason is exactly rf_{2,3} ∧ rf_{2,5}. */
static void figure53_conflict_clause(void **state)
{
    (void)state;
    figure53 f;
    build_figure53(&f);
    oc_lit rf23 = rf_lit(&f.es, f.wx2, f.rx3), rf25 = rf_lit(&f.es, f.wx2, f.rx5);
    oc_graph *g = oc_graph_new(&f.es, NULL);
    oc_graph_push(g);
    oc_graph_assign(g, f.g_else, true);
    oc_graph_assign(g, f.g_then, false);
    oc_graph_assign(g, rf23, true);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    oc_graph_assign(g, rf25, true);
    assert_int_equal(oc_graph_propagate(g, 1), 1);
    expect_reason(g, rf23, rf25);
    /* Undo: without rf_{2,5} the graph is consistent again. */
    oc_graph_pop(g, 1);
    oc_graph_push(g);
    oc_graph_assign(g, rf23, true);
    assert_int_equal(oc_graph_propagate(g, 8), 0);
    oc_graph_free(g);
    free_figure53(&f);
}

/* The finder discovers the same clause before solving (Figure 5.4b). */
static void figure53_finder_clause(void **state)
{
    (void)state;
    figure53 f;
    build_figure53(&f);
    oc_clauses c;
    oc_finder_stats st = find(&f.es, &f.po, OC_FINDER_RF_WS_FR, 100000, &c);
    oc_lit rf23 = rf_lit(&f.es, f.wx2, f.rx3), rf25 = rf_lit(&f.es, f.wx2, f.rx5);
    assert_true(has_conflict(&c, (oc_lit[]){ rf23, rf25 }, 2));
    assert_true(st.conflicts_rf > 1);
    assert_true(st.conflicts_ws_fr > 2);
    assert_false(st.truncated);
    oc_clauses_free(&c);
    /* Limit 1: one clause of each kind (the rf limit leaves the ws/fr kind
     * its own), and past the longer ones' limit a short ws/fr conflict:
     * x5 cannot read x0 over thread 2's unconditional x4 (one literal). */
    st = find(&f.es, &f.po, OC_FINDER_RF_WS_FR, 1, &c);
    assert_int_equal(c.n, 3);
    assert_true(has_conflict(&c, (oc_lit[]){ rf_lit(&f.es, f.wx0, f.rx5) }, 1));
    assert_int_equal(st.conflicts_rf, 1);
    assert_int_equal(st.conflicts_ws_fr, 4);
    assert_true(st.truncated);
    oc_clauses_free(&c);
    free_figure53(&f);
}

/* Two threads that cross: thread 1 reads y and then writes x, thread 2
 * reads x and then writes y, both after event `after` in program order
 * (-1: none). */
typedef struct {
    unsigned ry, wx, rx, wy;
} crossing;

static crossing add_crossing(oc_events *es, int after)
{
    crossing t;
    t.ry = ev(es, after, OC_READ, 1, Y, 0);
    t.wx = ev(es, (int)t.ry, OC_WRITE, 1, X, 0);
    t.rx = ev(es, after, OC_READ, 2, X, 0);
    t.wy = ev(es, (int)t.rx, OC_WRITE, 2, Y, 0);
    return t;
}

/* Sets rf from the writes of x to rx and of y to ry: x_from's and
 * y_from's pairs true, the others false. */
static oc_graph *model(const oc_events *es, unsigned rx, unsigned x_from, unsigned ry,
                       unsigned y_from)
{
    oc_graph *g = oc_graph_new(es, NULL);
    for (size_t i = 0; i < es->n_rf; i++)
        if (es->rf[i].r == rx || es->rf[i].r == ry)
            oc_graph_assign(g, es->rf[i].lit, es->rf[i].w == x_from || es->rf[i].w == y_from);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    return g;
}

/* Groups of oc_graph_linearize (a statement's events, cex.c): init writes
 * x0, y0; thread 1 reads y then writes x in one statement, thread 2 reads
 * x then writes y in another. */
static void linearize_keeps_groups_together(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned wx0 = ev(&es, -1, OC_WRITE, 0, X, 0);
    unsigned wy0 = ev(&es, (int)wx0, OC_WRITE, 0, Y, 0);
    crossing t = add_crossing(&es, (int)wy0);
    unsigned ry = t.ry, wx = t.wx, rx = t.rx, wy = t.wy;
    finish(&es, &po);
    unsigned group[6] = { wx0, wy0, ry, ry, rx, rx }, order[6], pos[6];
    /* rx reads x0 (so rx ≺ wx), ry reads wy: thread 2's statement, then
     * thread 1's, each in one piece */
    oc_graph *g = model(&es, rx, wx0, ry, wy);
    assert_true(oc_graph_linearize(g, group, order));
    for (unsigned i = 0; i < 6; i++)
        pos[order[i]] = i;
    assert_int_equal(pos[wy], pos[rx] + 1);
    assert_int_equal(pos[wx], pos[ry] + 1);
    assert_true(pos[rx] < pos[ry]);
    oc_graph_free(g);
    /* Both read the initial values (store buffering): each statement must
     * come first. Events alone have an order; the statements have none. */
    g = model(&es, rx, wx0, ry, wy0);
    assert_true(oc_graph_linearize(g, NULL, order));
    assert_false(oc_graph_linearize(g, group, order));
    oc_graph_free(g);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* Figure 5.4a: w <rf r <po w' <rf r' <po w. */
static void finder_shape_rf(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    crossing t = add_crossing(&es, -1);
    finish(&es, &po);
    oc_clauses c;
    oc_finder_stats st = find(&es, &po, OC_FINDER_RF, 100, &c);
    oc_lit a = rf_lit(&es, t.wx, t.rx), b = rf_lit(&es, t.wy, t.ry);
    assert_int_equal(c.n, 1);
    assert_true(has_conflict(&c, (oc_lit[]){ a, b }, 2));
    assert_int_equal(st.conflicts_rf, 1);
    assert_int_equal(st.conflicts_ws_fr, 0);
    /* The graph agrees: both rf true close a cycle. */
    oc_graph *g = oc_graph_new(&es, NULL);
    oc_graph_assign(g, a, true);
    oc_graph_assign(g, b, true);
    assert_int_equal(oc_graph_propagate(g, 4), 1);
    oc_graph_free(g);
    oc_clauses_free(&c);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* Figure 5.4a's limit is shared out: thread 1 reads y, writes x; thread 2
 * reads x, writes y, twice. Three conflicts, two of them with rf(wx, rx1);
 * at limit 2 each rf pair keeps one partner, so the second round's
 * conflict is still found. */
static void finder_rf_limit_is_shared(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned ry = ev(&es, -1, OC_READ, 1, Y, 0);
    unsigned wx = ev(&es, (int)ry, OC_WRITE, 1, X, 0);
    unsigned rx1 = ev(&es, -1, OC_READ, 2, X, 0);
    unsigned wy1 = ev(&es, (int)rx1, OC_WRITE, 2, Y, 0);
    unsigned rx2 = ev(&es, (int)wy1, OC_READ, 2, X, 0);
    unsigned wy2 = ev(&es, (int)rx2, OC_WRITE, 2, Y, 0);
    finish(&es, &po);
    oc_lit first = rf_lit(&es, wx, rx1), second = rf_lit(&es, wx, rx2);
    oc_lit from_wy1 = rf_lit(&es, wy1, ry), from_wy2 = rf_lit(&es, wy2, ry);
    oc_clauses c;
    oc_finder_stats st = find(&es, &po, OC_FINDER_RF, 100, &c);
    assert_int_equal(c.n, 3);
    assert_false(st.truncated);
    oc_clauses_free(&c);
    st = find(&es, &po, OC_FINDER_RF, 2, &c);
    assert_int_equal(c.n, 2);
    assert_true(has_conflict(&c, (oc_lit[]){ first, from_wy1 }, 2) ||
                has_conflict(&c, (oc_lit[]){ first, from_wy2 }, 2));
    assert_true(has_conflict(&c, (oc_lit[]){ second, from_wy2 }, 2));
    assert_true(st.truncated);
    oc_clauses_free(&c);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* Figures 5.4b/c: w <rf r, w' <po r, and w <po-rf-po w' through another rf. */
static void finder_shape_ws_fr(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    oc_lit g = oc_events_new_lit(&es);
    unsigned wx = ev(&es, -1, OC_WRITE, 1, X, 0);
    unsigned wy = ev(&es, (int)wx, OC_WRITE, 1, Y, 0);
    unsigned ry = ev(&es, -1, OC_READ, 2, Y, 0);
    unsigned wx2 = ev(&es, (int)ry, OC_WRITE, 2, X, g);
    unsigned rx = ev(&es, (int)wx2, OC_READ, 2, X, 0);
    finish(&es, &po);
    oc_clauses c;
    oc_finder_stats st = find(&es, &po, OC_FINDER_RF, 100, &c);
    assert_int_equal(c.n, 0); /* no 5.4a shape here */
    oc_find_conflicts(&es, &po, OC_FINDER_RF_WS_FR, &(oc_finder_limits){ .max_per_kind = 100 }, &c, &st);
    oc_lit want[3] = { g, rf_lit(&es, wy, ry), rf_lit(&es, wx, rx) };
    assert_int_equal(c.n, 1);
    assert_true(has_conflict(&c, want, 3));
    assert_int_equal(st.conflicts_ws_fr, 2); /* 5.4b and 5.4c */
    oc_clauses_free(&c);
    /* a CPU stop already passed: nothing found, the set marked truncated */
    oc_clauses_init(&c);
    st = (oc_finder_stats){ 0 };
    oc_find_conflicts(&es, &po, OC_FINDER_RF_WS_FR, &(oc_finder_limits){ .max_per_kind = 100, .cpu_stop_s = 1e-9 }, &c, &st);
    assert_int_equal(c.n, 0);
    assert_true(st.truncated);
    oc_clauses_free(&c);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* Within one thread, reading a value that program order overwrote:
 * w <po w' <po r and w <rf r is a conflict with the single literal rf. */
static void finder_shape_po_only(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned w = ev(&es, -1, OC_WRITE, 1, X, 0);
    unsigned w2 = ev(&es, (int)w, OC_WRITE, 1, X, 0);
    unsigned r = ev(&es, (int)w2, OC_READ, 1, X, 0);
    finish(&es, &po);
    oc_clauses c;
    find(&es, &po, OC_FINDER_RF_WS_FR, 100, &c);
    assert_int_equal(c.n, 1);
    assert_true(has_conflict(&c, (oc_lit[]){ rf_lit(&es, w, r) }, 1));
    oc_clauses_free(&c);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* PROP's reason is minimal: the cycle closed by L0 = rf(b2 -> a1) can be
 * explained through rf(a2 -> b1) alone or through rf(a2 -> c1) and
 * rf(c2 -> b0); the reason picks the single literal. */
static void reasons_are_minimal(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned a1 = ev(&es, -1, OC_READ, 1, Y, 0);
    unsigned a2 = ev(&es, (int)a1, OC_WRITE, 1, X, 0);
    unsigned b0 = ev(&es, -1, OC_READ, 2, Z, 0);
    unsigned b1 = ev(&es, (int)b0, OC_READ, 2, X, 0);
    unsigned b2 = ev(&es, (int)b1, OC_WRITE, 2, Y, 0);
    unsigned c1 = ev(&es, -1, OC_READ, 3, X, 0);
    unsigned c2 = ev(&es, (int)c1, OC_WRITE, 3, Z, 0);
    finish(&es, &po);
    oc_lit l0 = rf_lit(&es, b2, a1), l1 = rf_lit(&es, a2, b1), l2 = rf_lit(&es, a2, c1),
           l3 = rf_lit(&es, c2, b0);
    oc_graph *g = oc_graph_new(&es, NULL);
    oc_graph_push(g);
    oc_graph_assign(g, l2, true);
    oc_graph_assign(g, l3, true);
    oc_graph_assign(g, l1, true);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    oc_graph_push(g);
    oc_graph_assign(g, l0, true);
    assert_int_equal(oc_graph_propagate(g, 1), 1);
    expect_reason(g, l0, l1);
    /* Without l1 the longer explanation is the only one. */
    oc_graph_pop(g, 2);
    oc_graph_push(g);
    oc_graph_assign(g, l2, true);
    oc_graph_assign(g, l3, true);
    oc_graph_assign(g, l0, true);
    assert_int_equal(oc_graph_propagate(g, 1), 1);
    size_t n;
    oc_graph_conflict(g, 0, &n);
    assert_int_equal(n, 3);
    oc_graph_free(g);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* What oc_graph_prevent reported, in order. */
typedef struct {
    size_t n;
    oc_lit lit[16];
    size_t n_reason[16];
    oc_lit reason[16][8];
} reports;

static void record_report(void *ud, oc_lit lit, const oc_lit *reason, size_t n)
{
    reports *r = ud;
    assert_true(r->n < 16 && n <= 8);
    r->lit[r->n] = lit;
    r->n_reason[r->n] = n;
    memcpy(r->reason[r->n], reason, n * sizeof *reason);
    r->n++;
}

/* The report of lit, which must be there once, has the reason {want}. */
static void expect_report(const reports *r, oc_lit lit, oc_lit want)
{
    size_t found = 0;
    for (size_t i = 0; i < r->n; i++)
        if (r->lit[i] == lit) {
            found++;
            assert_int_equal(r->n_reason[i], 1);
            assert_int_equal(r->reason[i][0], want);
        }
    assert_int_equal(found, 1);
}

/* The ws literal of the pair {a, b} that orders a before b. */
static oc_lit ws_lit(const oc_events *es, unsigned a, unsigned b)
{
    for (size_t i = 0; i < es->n_ws; i++) {
        if (es->ws[i].a == a && es->ws[i].b == b)
            return es->ws[i].ab;
        if (es->ws[i].a == b && es->ws[i].b == a)
            return es->ws[i].ba;
    }
    fail_msg("no ws pair %u, %u", a, b);
    return 0;
}

/* Preventive propagation (Sun et al.): thread 1 is a0: r z, a1: w x,
 * a2: w y; thread 2 is b0: r y, b1: w x, b2: w z. With rf(a2 -> b0),
 * a0 ≺ a1 ≺ a2 ≺ b0 ≺ b1 ≺ b2: rf(b2 -> a0) and ws "b1 before a1" would
 * each close a cycle, so both are false, each by reason {rf(a2 -> b0)};
 * nothing else is. Reported once; after a pop, nothing is; then the ws
 * literal "a1 before b1" closes the same two by itself. */
static void prevention_reports_closing_literals(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned a0 = ev(&es, -1, OC_READ, 1, Z, 0);
    unsigned a1 = ev(&es, (int)a0, OC_WRITE, 1, X, 0);
    unsigned a2 = ev(&es, (int)a1, OC_WRITE, 1, Y, 0);
    unsigned b0 = ev(&es, -1, OC_READ, 2, Y, 0);
    unsigned b1 = ev(&es, (int)b0, OC_WRITE, 2, X, 0);
    unsigned b2 = ev(&es, (int)b1, OC_WRITE, 2, Z, 0);
    finish(&es, &po);
    oc_events_add_ws_lits(&es);
    oc_lit link = rf_lit(&es, a2, b0), back = rf_lit(&es, b2, a0), ws_back = ws_lit(&es, b1, a1);
    assert_int_equal(es.n_rf, 2);
    assert_int_equal(es.n_ws, 1);
    oc_graph *g = oc_graph_new(&es, &po);
    reports r = { 0 };
    assert_int_equal(oc_graph_prevent(g, 0, record_report, &r), 0); /* po alone: nothing */
    oc_graph_push(g);
    oc_graph_assign(g, link, true);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    assert_int_equal(oc_graph_prevent(g, 64, record_report, &r), 2);
    assert_int_equal(r.n, 2);
    expect_report(&r, back, link);
    expect_report(&r, ws_back, link);
    r.n = 0;
    assert_int_equal(oc_graph_prevent(g, 64, record_report, &r), 0); /* no new edge */
    oc_graph_pop(g, 1);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    assert_int_equal(oc_graph_prevent(g, 64, record_report, &r), 0);
    /* An order of a ws literal, a1 ≺ b1, closes the same two. */
    oc_lit ws_forth = ws_lit(&es, a1, b1);
    oc_graph_push(g);
    oc_graph_assign(g, ws_forth, true);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    assert_int_equal(oc_graph_prevent(g, 64, record_report, &r), 2);
    expect_report(&r, back, ws_forth);
    expect_report(&r, ws_back, ws_forth);
    oc_graph_free(g);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* An atomic block [B; x = 1; x = 2; E] cannot be observed in the middle:
 * another thread reading x = 1 (the first write) closes a cycle through
 * the block's end, with reason rf alone. */
static void atomic_block_is_not_interleaved(void **state)
{
    (void)state;
    oc_events es;
    oc_po po;
    oc_events_init(&es);
    unsigned b = ev(&es, -1, OC_SYNC, 1, 0, 0);
    unsigned w1 = ev(&es, (int)b, OC_WRITE, 1, X, 0);
    unsigned w2 = ev(&es, (int)w1, OC_WRITE, 1, X, 0);
    unsigned e = ev(&es, (int)w2, OC_SYNC, 1, 0, 0);
    es.ev[w1].block = es.ev[w2].block = 0;
    oc_events_add_block(&es, b, e);
    unsigned r = ev(&es, -1, OC_READ, 2, X, 0);
    finish(&es, &po);
    oc_lit l = rf_lit(&es, w1, r);
    oc_graph *g = oc_graph_new(&es, NULL);
    oc_graph_assign(g, l, true);
    assert_int_equal(oc_graph_propagate(g, 1), 1);
    size_t n;
    const oc_lit *reason = oc_graph_conflict(g, 0, &n);
    assert_int_equal(n, 1);
    assert_int_equal(reason[0], l);
    oc_graph_free(g);
    /* Reading the last write of the block is fine. */
    g = oc_graph_new(&es, NULL);
    oc_graph_assign(g, rf_lit(&es, w2, r), true);
    assert_int_equal(oc_graph_propagate(g, 1), 0);
    oc_graph_free(g);
    oc_po_free(&po);
    oc_events_free(&es);
}

/* The graph's searches trust a topological order of its edges. Thread 1
 * is a0 a1 a2, thread 2 is b0 b1 b2. Both initial orders (event order
 * without po; po's topological order, which interleaves the threads) rank
 * b2 after a0, so rf(b2 -> a0) goes against them and must repair them. Then rf(a2 -> b0)
 * closes the cycle a0 a1 a2 b0 b1 b2 a0, found only if the repair moved
 * thread 2 before thread 1 (else the search from b0 stops at b2's old
 * rank). The static order (po) must not change the answer. */
static void cycle_through_an_order_against_the_ranks(void **state)
{
    (void)state;
    for (int with_po = 0; with_po < 2; with_po++) {
        oc_events es;
        oc_po po;
        oc_events_init(&es);
        unsigned a0 = ev(&es, -1, OC_READ, 1, X, 0);
        unsigned a1 = ev(&es, (int)a0, OC_READ, 1, Z, 0);
        unsigned a2 = ev(&es, (int)a1, OC_WRITE, 1, Y, 0);
        unsigned b0 = ev(&es, -1, OC_READ, 2, Y, 0);
        unsigned b1 = ev(&es, (int)b0, OC_READ, 2, Z, 0);
        unsigned b2 = ev(&es, (int)b1, OC_WRITE, 2, X, 0);
        finish(&es, &po);
        oc_lit back = rf_lit(&es, b2, a0), forth = rf_lit(&es, a2, b0);
        oc_graph *g = oc_graph_new(&es, with_po ? &po : NULL);
        oc_graph_push(g);
        oc_graph_assign(g, back, true);
        assert_int_equal(oc_graph_propagate(g, 1), 0);
        assert_true(oc_graph_reaches(g, b0, a2));
        assert_false(oc_graph_reaches(g, a0, b2));
        oc_graph_push(g);
        oc_graph_assign(g, forth, true);
        assert_int_equal(oc_graph_propagate(g, 1), 1);
        expect_reason(g, back, forth);
        /* Undone: the other direction alone is fine, whatever the ranks. */
        oc_graph_pop(g, 2);
        oc_graph_push(g);
        oc_graph_assign(g, forth, true);
        assert_int_equal(oc_graph_propagate(g, 1), 0);
        assert_true(oc_graph_reaches(g, a0, b2));
        oc_graph_free(g);
        oc_po_free(&po);
        oc_events_free(&es);
    }
}

static bool po_le(const oc_po *po, unsigned a, unsigned b)
{
    return a == b || oc_po_before(po, a, b);
}

/* Section 5.4.2 by definition: a <po b (reason 0), else the rf pair of
 * least index with a <=po w and r <=po b (its literal), else none (-1). */
static long po_rf_po_by_definition(const oc_events *es, const oc_po *po, unsigned a, unsigned b)
{
    if (oc_po_before(po, a, b))
        return 0;
    for (size_t i = 0; i < es->n_rf; i++)
        if (po_le(po, a, es->rf[i].w) && po_le(po, es->rf[i].r, b))
            return es->rf[i].lit;
    return -1;
}

/* The po-rf-po relation, with and without its index, answers as the
 * definition does, with the same reason: the connecting pair of least
 * index. */
static void prp_index_agrees_with_the_scan(void **state)
{
    (void)state;
    figure53 f;
    build_figure53(&f);
    const oc_events *es = &f.es;
    oc_prp indexed, scan;
    oc_prp_build(&indexed, es, &f.po, 1 << 20);
    oc_prp_build(&scan, es, &f.po, 0);
    assert_true(oc_prp_indexed(&indexed));
    assert_false(oc_prp_indexed(&scan));
    size_t through_rf = 0;
    for (unsigned a = 0; a < es->n; a++)
        for (unsigned b = 0; b < es->n; b++) {
            oc_lit via_i, via_s;
            long want = po_rf_po_by_definition(es, &f.po, a, b);
            bool yes = oc_prp_query(&indexed, a, b, &via_i);
            assert_int_equal(yes, want >= 0);
            assert_int_equal(yes, oc_prp_query(&scan, a, b, &via_s));
            if (yes) {
                assert_int_equal(via_i, want);
                assert_int_equal(via_s, want);
            }
            through_rf += yes && via_i;
        }
    assert_true(through_rf > 0);
    /* thread 1's read of y reaches thread 2's write of x only through rf:
     * wx1 (then branch) is read by rx3 */
    oc_lit via;
    assert_false(oc_po_before(&f.po, f.ry1, f.wx4));
    assert_true(oc_prp_query(&indexed, f.ry1, f.wx4, &via));
    assert_int_equal(via, rf_lit(es, f.wx1, f.rx3));
    oc_prp_free(&indexed);
    oc_prp_free(&scan);
    free_figure53(&f);
}

/* Only subset-minimal conflicts stay (the finder's and BASIC's kernel
 * reasons): small ones by looking their subsets up, large ones by
 * comparison. */
static void clauses_keep_the_minimal_ones(void **state)
{
    (void)state;
    oc_clauses c;
    oc_clauses_init(&c);
    oc_clauses_add(&c, (oc_lit[]){ 2, 1 }, 2);
    oc_clauses_add(&c, (oc_lit[]){ 1, 2, 3 }, 3);     /* contains {1, 2} */
    oc_clauses_add(&c, (oc_lit[]){ 3, 4, 5, 6 }, 4);
    oc_clauses_add(&c, (oc_lit[]){ 6, 4 }, 2);        /* added after its superset */
    oc_clauses_add(&c, (oc_lit[]){ 9, 8, 7, 3, 10, 11, 12 }, 7); /* contains {7} */
    oc_clauses_add(&c, (oc_lit[]){ 7 }, 1);
    oc_clauses_add(&c, (oc_lit[]){ 3, 5, 8, 9, 10, 11, 12 }, 7);
    assert_false(oc_clauses_add(&c, (oc_lit[]){ 1, 2 }, 2)); /* present */
    oc_clauses_keep_minimal(&c);
    assert_int_equal(c.n, 4);
    assert_true(has_conflict(&c, (oc_lit[]){ 1, 2 }, 2));
    assert_true(has_conflict(&c, (oc_lit[]){ 4, 6 }, 2));
    assert_true(has_conflict(&c, (oc_lit[]){ 7 }, 1));
    assert_true(has_conflict(&c, (oc_lit[]){ 3, 5, 8, 9, 10, 11, 12 }, 7));
    oc_clauses_free(&c);
}

/* The per-literal cap keeps conflicts in order while none of their
 * literals is in `cap` kept ones: a hub literal's later conflicts go. */
static void clauses_cap_occurrences_in_order(void **state)
{
    (void)state;
    oc_clauses c;
    oc_clauses_init(&c);
    oc_clauses_add(&c, (oc_lit[]){ 1, 2 }, 2);
    oc_clauses_add(&c, (oc_lit[]){ 1, 3 }, 2);
    oc_clauses_add(&c, (oc_lit[]){ 1, 4 }, 2);    /* literal 1 a third time */
    oc_clauses_add(&c, (oc_lit[]){ 4, 5, 6 }, 3); /* 4 was not kept above */
    oc_clauses_add(&c, (oc_lit[]){ 2, 3 }, 2);
    oc_clauses_add(&c, (oc_lit[]){ 2, 6 }, 2);    /* literal 2 a third time */
    oc_clauses_cap_occurrences(&c, 6, 2);
    assert_int_equal(c.n, 4);
    assert_true(has_conflict(&c, (oc_lit[]){ 1, 2 }, 2));
    assert_true(has_conflict(&c, (oc_lit[]){ 1, 3 }, 2));
    assert_true(has_conflict(&c, (oc_lit[]){ 4, 5, 6 }, 3));
    assert_true(has_conflict(&c, (oc_lit[]){ 2, 3 }, 2));
    oc_clauses_free(&c);
}

/* ---- Theorem 5 by brute force ----------------------------------------- */

typedef struct {
    oc_events es;
    oc_po po;
    unsigned n_guards;
    oc_lit guards[16];
} random_set;

static unsigned rnd(unsigned *seed, unsigned n)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) % n;
}

/* Init thread 0 writes every location; 2-3 threads of 1-3 accesses to
 * two locations, some guarded. */
static void build_random(random_set *s, unsigned *seed)
{
    oc_events *es = &s->es;
    oc_events_init(es);
    s->n_guards = 0;
    unsigned i0 = ev(es, -1, OC_WRITE, 0, X, 0);
    unsigned i1 = ev(es, (int)i0, OC_WRITE, 0, Y, 0);
    unsigned threads = 2 + rnd(seed, 2);
    for (unsigned t = 1; t <= threads; t++) {
        int prev = (int)i1;
        unsigned len = 1 + rnd(seed, 3);
        for (unsigned k = 0; k < len; k++) {
            oc_lit g = 0;
            if (rnd(seed, 3) == 0) {
                g = oc_events_new_lit(es);
                s->guards[s->n_guards++] = g;
            }
            prev = (int)ev(es, prev, rnd(seed, 2) ? OC_READ : OC_WRITE, t, rnd(seed, 2), g);
        }
    }
    finish(es, &s->po);
    oc_events_add_ws_lits(es);
}

/* Does this valid execution (a linearization) make every literal of the
 * conflict true? truth[] holds the literal values of the execution. */
static bool all_true(const bool *truth, const oc_lit *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!truth[l[i]])
            return false;
    return true;
}

typedef struct {
    const random_set *s;
    const bool *enabled;
    const oc_clauses *c;
    unsigned order[32];
    bool placed[32];
    size_t n_enabled, executions, violations, graph_conflicts;
} enumeration;

/* Enumerates every linearization of the enabled events respecting static
 * program order; each defines rf (last write before the read). */
static void enumerate(enumeration *en, size_t depth)
{
    const oc_events *es = &en->s->es;
    if (depth == en->n_enabled) {
        bool truth[256] = { false };
        truth[0] = true;
        for (unsigned i = 0; i < en->s->n_guards; i++)
            truth[en->s->guards[i]] = true;
        for (size_t e = 0; e < es->n; e++)
            if (!en->enabled[e] && es->ev[e].guard)
                truth[es->ev[e].guard] = false;
        for (size_t i = 0; i < depth; i++) {
            unsigned r = en->order[i];
            if (es->ev[r].kind != OC_READ)
                continue;
            for (size_t j = i; j-- > 0;) {
                unsigned w = en->order[j];
                if (es->ev[w].kind == OC_WRITE && es->ev[w].loc == es->ev[r].loc) {
                    truth[rf_lit(es, w, r)] = true;
                    break;
                }
            }
        }
        for (size_t i = 0; i < es->n_ws; i++) {
            size_t pa = 0, pb = 0;
            for (size_t k = 0; k < depth; k++) {
                pa = en->order[k] == es->ws[i].a ? k + 1 : pa;
                pb = en->order[k] == es->ws[i].b ? k + 1 : pb;
            }
            if (pa && pb)
                truth[pa < pb ? es->ws[i].ab : es->ws[i].ba] = true;
        }
        /* The theory accepts every valid execution, also with ws (SC). */
        oc_graph *g = oc_graph_new(es, NULL);
        for (oc_lit l = 1; l <= es->n_lits; l++)
            oc_graph_assign(g, l, truth[l]);
        en->graph_conflicts += oc_graph_propagate(g, 1);
        oc_graph_free(g);
        en->executions++;
        for (size_t i = 0; i < en->c->n; i++) {
            size_t n;
            const oc_lit *l = oc_clauses_get(en->c, i, &n);
            if (all_true(truth, l, n))
                en->violations++;
        }
        return;
    }
    for (size_t e = 0; e < es->n; e++) {
        if (!en->enabled[e] || en->placed[e])
            continue;
        bool ready = true;
        for (size_t p = 0; p < es->n && ready; p++)
            if (en->enabled[p] && !en->placed[p] && oc_po_before(&en->s->po, (unsigned)p,
                                                                   (unsigned)e))
                ready = false;
        if (!ready)
            continue;
        en->placed[e] = true;
        en->order[depth] = (unsigned)e;
        enumerate(en, depth + 1);
        en->placed[e] = false;
    }
}

/* Theorem 5: no valid execution satisfies the reason of a found conflict;
 * and the event graph finds no conflict in a valid execution. */
static void finder_never_excludes_a_valid_execution(void **state)
{
    (void)state;
    unsigned seed = 12345;
    size_t checked = 0, conflicts = 0;
    for (int round = 0; round < 300; round++) {
        random_set s;
        build_random(&s, &seed);
        oc_clauses c;
        find(&s.es, &s.po, OC_FINDER_RF_WS_FR, 100000, &c);
        conflicts += c.n;
        for (unsigned mask = 0; mask < (1u << s.n_guards); mask++) {
            bool enabled[32];
            enumeration en = { .s = &s, .enabled = enabled, .c = &c };
            for (size_t e = 0; e < s.es.n; e++) {
                enabled[e] = true;
                for (unsigned k = 0; k < s.n_guards; k++)
                    if (s.es.ev[e].guard == s.guards[k] && !(mask >> k & 1))
                        enabled[e] = false;
                en.n_enabled += enabled[e];
            }
            enumerate(&en, 0);
            assert_int_equal(en.violations, 0);
            assert_int_equal(en.graph_conflicts, 0);
            checked += en.executions;
        }
        oc_clauses_free(&c);
        oc_po_free(&s.po);
        oc_events_free(&s.es);
    }
    assert_true(checked > 1000);
    assert_true(conflicts > 100); /* the test must exercise the finder */
}

/* ---- the event graph against a naive closure ---------------------------- */

enum { MAX_EVENTS = 32 };

typedef struct {
    bool r[MAX_EVENTS][MAX_EVENTS];
} closure;

/* Adds a -> b and closes transitively; true if it was new. */
static bool close_with(closure *c, size_t n, unsigned a, unsigned b)
{
    if (c->r[a][b])
        return false;
    for (size_t x = 0; x < n; x++)
        if (x == a || c->r[x][a])
            for (size_t y = 0; y < n; y++)
                if (y == b || c->r[b][y])
                    c->r[x][y] = true;
    return true;
}

/* Axioms 1-3 to a fixpoint over the orders of the true literals, with
 * matrices instead of searches; is there a cycle? */
static bool naive_cycle(const oc_events *es, const bool *truth)
{
    closure c;
    memset(&c, 0, sizeof c);
    size_t n = es->n;
    for (size_t i = 0; i < es->n_po; i++)
        if (truth[es->po[i].lit])
            close_with(&c, n, es->po[i].from, es->po[i].to);
    for (size_t i = 0; i < es->n_rf; i++)
        if (truth[es->rf[i].lit])
            close_with(&c, n, es->rf[i].w, es->rf[i].r);
    for (size_t i = 0; i < es->n_ws; i++) {
        if (truth[es->ws[i].ab])
            close_with(&c, n, es->ws[i].a, es->ws[i].b);
        if (truth[es->ws[i].ba])
            close_with(&c, n, es->ws[i].b, es->ws[i].a);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < es->n_rf; i++) {
            const oc_rf_pair *p = &es->rf[i];
            if (!truth[p->lit])
                continue;
            for (size_t k = 0; k < es->n_ws; k++) {
                const oc_ws_pair *ws = &es->ws[k];
                if (ws->a != p->w && ws->b != p->w)
                    continue;
                unsigned w2 = ws->a == p->w ? ws->b : ws->a;
                if (!truth[es->ev[w2].guard])
                    continue;
                if (c.r[w2][p->r])
                    changed |= close_with(&c, n, w2, p->w);
                if (c.r[p->w][w2])
                    changed |= close_with(&c, n, p->r, w2);
            }
        }
    }
    for (size_t e = 0; e < n; e++)
        if (c.r[e][e])
            return true;
    return false;
}

typedef struct {
    oc_lit lit;
    bool value;
} assignment;

/* Called after each conflict-free propagate with a[0..n_assigned)
 * assigned (the rest not). */
typedef void (*step_hook)(void *ud, oc_graph *g, const assignment *a, size_t n_assigned);

/* Assigns as a solver would (a level each, propagating after each, one
 * backtrack of random depth on the way) until a conflict; returns it
 * (sorted, into reason) or 0 without one. hook may be NULL. */
static size_t assign_incrementally(oc_graph *g, const assignment *a, size_t n, unsigned *seed,
                                   oc_lit *reason, step_hook hook, void *ud)
{
    size_t back_at = rnd(seed, (unsigned)n + 1), back_to = rnd(seed, (unsigned)back_at + 1);
    for (size_t i = 0; i < n; i++) {
        if (i == back_at && back_to < i) {
            oc_graph_pop(g, (unsigned)(i - back_to));
            back_at = n; /* once */
            i = back_to;
        }
        oc_graph_push(g);
        oc_graph_assign(g, a[i].lit, a[i].value);
        if (oc_graph_propagate(g, 1)) {
            size_t m;
            const oc_lit *r = oc_graph_conflict(g, 0, &m);
            memcpy(reason, r, m * sizeof *r);
            return m;
        }
        if (hook)
            hook(ud, g, a, i + 1);
    }
    return 0;
}

/* Each literal true (2/5), false (1/5) or unassigned, into truth[] (the
 * unassigned ones false) and, the assigned ones in a random order, into
 * a[]; returns their number. */
static size_t random_assignment(const oc_events *es, unsigned *seed, assignment *a, bool *truth)
{
    size_t n = 0;
    truth[0] = true;
    for (oc_lit l = 1; l <= es->n_lits; l++) {
        unsigned pick = rnd(seed, 5);
        if (pick < 3)
            a[n++] = (assignment){ l, pick < 2 };
        truth[l] = pick < 2;
    }
    for (size_t i = n; i > 1; i--) {
        size_t j = rnd(seed, (unsigned)i);
        assignment t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
    return n;
}

/* A conflict's reason holds under truth, and on its own closes a cycle. */
static void expect_reason_is_a_cycle(const oc_events *es, const bool *truth,
                                     const oc_lit *reason, size_t n)
{
    bool only[256] = { false };
    only[0] = true;
    for (size_t i = 0; i < n; i++) {
        assert_true(truth[reason[i]]);
        only[reason[i]] = true;
    }
    assert_true(naive_cycle(es, only));
}

/* One random event set and assignment: the graph's answer against the
 * naive closure's. Returns whether there was a cycle. */
static bool graph_matches_closure_once(unsigned *seed)
{
    random_set s;
    build_random(&s, seed);
    assert_true(s.es.n <= MAX_EVENTS && s.es.n_lits < 256);
    assignment a[256];
    bool truth[256];
    size_t n = random_assignment(&s.es, seed, a, truth);
    oc_graph *g = oc_graph_new(&s.es, &s.po);
    oc_lit reason[256];
    size_t m = assign_incrementally(g, a, n, seed, reason, NULL, NULL);
    assert_int_equal(m > 0, naive_cycle(&s.es, truth));
    if (m)
        expect_reason_is_a_cycle(&s.es, truth, reason, m);
    oc_graph_free(g);
    oc_po_free(&s.po);
    oc_events_free(&s.es);
    return m > 0;
}

/* The event graph with static program order (its searches skip what po
 * orders already, and edges that held already) finds a cycle exactly when
 * the naive closure has one, also across a backtrack; and the reason of
 * the cycle alone makes a cycle. */
static void graph_agrees_with_a_naive_closure(void **state)
{
    (void)state;
    unsigned seed = 777, rounds = 3000, cycles = 0;
    for (unsigned i = 0; i < rounds; i++)
        cycles += graph_matches_closure_once(&seed);
    assert_true(cycles > 300 && rounds - cycles > 300); /* both answers exercised */
}

/* ---- preventive propagation against the naive closure ---------------- */

typedef struct {
    const oc_events *es;
    unsigned *seed;
    bool now[256];     /* the literals true at the current step */
    bool assigned[256];
    size_t reports;
} prevention_check;

/* The order literal lit with every literal of its reason, and nothing
 * else, closes a cycle; the reason alone does not. */
static void expect_exact_report(void *ud, oc_lit lit, const oc_lit *reason, size_t n)
{
    prevention_check *c = ud;
    assert_false(c->assigned[lit]);
    bool only[256] = { false };
    only[0] = true;
    for (size_t i = 0; i < n; i++) {
        assert_true(c->now[reason[i]]);
        only[reason[i]] = true;
    }
    assert_false(naive_cycle(c->es, only));
    only[lit] = true;
    assert_true(naive_cycle(c->es, only));
    c->reports++;
}

/* After each step: the current literals, then the reports (a random
 * budget, 0 = none). */
static void prevent_after_step(void *ud, oc_graph *g, const assignment *a, size_t n_assigned)
{
    prevention_check *c = ud;
    memset(c->now, 0, sizeof c->now);
    memset(c->assigned, 0, sizeof c->assigned);
    c->now[0] = true;
    for (size_t i = 0; i < n_assigned; i++) {
        c->assigned[a[i].lit] = true;
        c->now[a[i].lit] = a[i].value;
    }
    oc_graph_prevent(g, rnd(c->seed, 4), expect_exact_report, c);
}

/* Every literal oc_graph_prevent reports is implied false by exactly its
 * reason under Axioms 1-3 (the naive closure), also across a backtrack and
 * with small search budgets. */
static void prevented_literals_are_implied(void **state)
{
    (void)state;
    unsigned seed = 4242;
    prevention_check c = { .seed = &seed };
    for (unsigned round = 0; round < 2000; round++) {
        random_set s;
        build_random(&s, &seed);
        assignment a[256];
        bool truth[256];
        size_t n = random_assignment(&s.es, &seed, a, truth);
        oc_graph *g = oc_graph_new(&s.es, &s.po);
        oc_lit reason[256];
        c.es = &s.es;
        assign_incrementally(g, a, n, &seed, reason, prevent_after_step, &c);
        oc_graph_free(g);
        oc_po_free(&s.po);
        oc_events_free(&s.es);
    }
    assert_true(c.reports > 500); /* the test must exercise the reports */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure53_conflict_clause),
        cmocka_unit_test(figure53_finder_clause),
        cmocka_unit_test(linearize_keeps_groups_together),
        cmocka_unit_test(finder_shape_rf),
        cmocka_unit_test(finder_rf_limit_is_shared),
        cmocka_unit_test(finder_shape_ws_fr),
        cmocka_unit_test(finder_shape_po_only),
        cmocka_unit_test(reasons_are_minimal),
        cmocka_unit_test(prevention_reports_closing_literals),
        cmocka_unit_test(atomic_block_is_not_interleaved),
        cmocka_unit_test(cycle_through_an_order_against_the_ranks),
        cmocka_unit_test(prp_index_agrees_with_the_scan),
        cmocka_unit_test(clauses_keep_the_minimal_ones),
        cmocka_unit_test(clauses_cap_occurrences_in_order),
        cmocka_unit_test(finder_never_excludes_a_valid_execution),
        cmocka_unit_test(graph_agrees_with_a_naive_closure),
        cmocka_unit_test(prevented_literals_are_implied),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
