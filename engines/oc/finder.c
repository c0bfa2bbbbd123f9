/* The automatic conflict finder, thesis Algorithm 3 (see finder.h). */
#include "finder.h"

#include <stdlib.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "prp.h"

/* The po-rf-po index's size limit (4 bytes a cell: 64 MB); above it the
 * finder scans the rf pairs per query. */
enum { PRP_MAX_CELLS = 1 << 24 };

/* Past the CPU stop the finder stops (polled per 256 rf pairs of an outer
 * loop). */
static bool out_of_time(double cpu_stop_s, size_t i, oc_finder_stats *st)
{
    bool stop = ordo_cpu_stop_reached(cpu_stop_s, i, 256);
    if (stop)
        st->truncated = true;
    return stop;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The partners j > i of rf pair a = rf[i] in Figure 5.4a, ascending: pairs
 * b with a.r <po b.w and b.r <po a.w. Only the rf pairs of the writes in
 * a.r's po row are candidates. */
static size_t rf_partners(const oc_events *es, const oc_po *po, size_t i, size_t *out)
{
    const oc_rf_pair *a = &es->rf[i];
    const uint64_t *row = oc_po_row(po, a->r);
    size_t n = 0;
    for (size_t k = 0; k < po->words; k++)
        for (uint64_t bits = row[k]; bits; bits &= bits - 1) {
            size_t w2 = 64 * k + (size_t)__builtin_ctzll(bits);
            for (size_t m = es->rf_of_write_start[w2]; m < es->rf_of_write_start[w2 + 1]; m++) {
                size_t j = es->rf_of_write[m];
                if (j > i && oc_po_before(po, es->rf[j].r, a->w))
                    out[n++] = j;
            }
        }
    qsort(out, n, sizeof *out, cmp_size);
    return n;
}

/* Figure 5.4a: w <rf r <po w' <rf r' <po w, each pair of rf pairs once, in
 * the order of their indices. The clause limit is shared out evenly: each
 * rf pair keeps at most its quota of partners (those of least index), so
 * a limit reached early does not leave the later pairs (a loop's later
 * iterations) without any conflict. */
static void find_rf_conflicts(const oc_events *es, const oc_po *po, const oc_finder_limits *lim,
                              oc_clauses *out, oc_finder_stats *st)
{
    size_t *partners = xmalloc((es->n_rf + 1) * sizeof *partners);
    size_t quota = es->n_rf ? (lim->max_per_kind + es->n_rf - 1) / es->n_rf : 0;
    bool full = false;
    for (size_t i = 0; i < es->n_rf && !full && !out_of_time(lim->cpu_stop_s, i, st); i++) {
        size_t n = rf_partners(es, po, i, partners);
        if (n > quota) {
            n = quota;
            st->truncated = true;
        }
        for (size_t k = 0; k < n && !(full = out->n >= lim->max_per_kind); k++) {
            oc_lit lits[2] = { es->rf[i].lit, es->rf[partners[k]].lit };
            oc_clauses_add(out, lits, 2);
            st->conflicts_rf++;
        }
    }
    st->truncated |= full;
    free(partners);
}

/* Figures 5.4b/5.4c for w <rf r and a write w' of the same location:
 * w' <po-rf-po r and w <po-rf-po w' give w' <ws w <po-rf-po w' and
 * r <fr w' <po-rf-po r, both with the reason
 * rf(w,r) ∧ reason(w' < r) ∧ reason(w < w') ∧ grd(w'). A reason of at
 * most two literals (w' unconditional, or reached through po alone) rules
 * rf(w,r) out outright or under one condition; such short conflicts have a
 * clause limit of their own, so the limit on the longer ones never cuts
 * them. */
static void find_ws_fr_conflicts(const oc_events *es, const oc_prp *prp,
                                 const oc_finder_limits *lim, oc_clauses *out, oc_finder_stats *st)
{
    size_t n_short = 0, n_long = 0;
    for (size_t i = 0; i < es->n_rf && !out_of_time(lim->cpu_stop_s, i, st); i++) {
        const oc_rf_pair *p = &es->rf[i];
        for (size_t k = es->ws_of_write_start[p->w]; k < es->ws_of_write_start[p->w + 1]; k++) {
            const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
            unsigned w2 = ws->a == p->w ? ws->b : ws->a;
            oc_lit to_r, to_w2;
            if (!oc_prp_query(prp, w2, p->r, &to_r) || !oc_prp_query(prp, p->w, w2, &to_w2))
                continue;
            oc_lit lits[4] = { p->lit, es->ev[w2].guard, to_r, to_w2 };
            bool is_short = !lits[1] + !lits[2] + !lits[3] >= 2;
            size_t *kept = is_short ? &n_short : &n_long;
            if (*kept >= lim->max_per_kind) {
                st->truncated = true;
                if (n_short >= lim->max_per_kind && n_long >= lim->max_per_kind)
                    return;
                continue;
            }
            *kept += oc_clauses_add(out, lits, 4);
            st->conflicts_ws_fr += 2; /* Figures 5.4b and 5.4c: the same reason */
        }
    }
}

void oc_find_conflicts(const oc_events *es, const oc_po *po, oc_finder_mode mode,
                       const oc_finder_limits *lim, oc_clauses *out, oc_finder_stats *st)
{
    if (mode == OC_FINDER_NONE)
        return;
    find_rf_conflicts(es, po, lim, out, st);
    /* A kind cut at its clause limit leaves the other kind its own. */
    if (mode == OC_FINDER_RF_WS_FR && !ordo_cpu_stop_reached(lim->cpu_stop_s, 0, 1)) {
        oc_prp prp;
        oc_prp_build(&prp, es, po, PRP_MAX_CELLS);
        find_ws_fr_conflicts(es, &prp, lim, out, st);
        oc_prp_free(&prp);
    }
    /* A conflict that contains another one is implied by the other's
     * clause; the solver would only carry it. */
    oc_clauses_keep_minimal(out);
    if (lim->max_per_literal) {
        size_t found = out->n;
        oc_clauses_cap_occurrences(out, es->n_lits, lim->max_per_literal);
        st->truncated |= out->n < found;
    }
}
