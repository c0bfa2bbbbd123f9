/* The automatic conflict finder, thesis Algorithm 3 (see finder.h). */
#include "finder.h"

#include "cpu_stop.h"
#include "prp.h"

/* The po-rf-po index's size limit (4 bytes a cell: 64 MB); above it the
 * finder scans the rf pairs per query. */
enum { PRP_MAX_CELLS = 1 << 24 };

/* Past the CPU stop the finder stops (polled per 256 rf pairs of an outer
 * loop). */
static bool out_of_time(double cpu_stop_s, size_t i, oc_finder_stats *st)
{
    bool stop = oc_cpu_stop_reached(cpu_stop_s, i, 256);
    if (stop)
        st->truncated = true;
    return stop;
}

/* Figure 5.4a: w <rf r <po w' <rf r' <po w. */
static void find_rf_conflicts(const oc_events *es, const oc_po *po, const oc_finder_limits *lim,
                              oc_clauses *out, oc_finder_stats *st)
{
    for (size_t i = 0; i < es->n_rf && !out_of_time(lim->cpu_stop_s, i, st); i++)
        for (size_t j = i + 1; j < es->n_rf; j++) {
            const oc_rf_pair *a = &es->rf[i], *b = &es->rf[j];
            if (!oc_po_before(po, b->r, a->w) || !oc_po_before(po, a->r, b->w))
                continue;
            if (out->n >= lim->max_per_kind) {
                st->truncated = true;
                return;
            }
            oc_lit lits[2] = { a->lit, b->lit };
            oc_clauses_add(out, lits, 2);
            st->conflicts_rf++;
        }
}

/* Figures 5.4b/5.4c for w <rf r and a write w' of the same location:
 * w' <po-rf-po r and w <po-rf-po w' give w' <ws w <po-rf-po w' and
 * r <fr w' <po-rf-po r, both with the reason
 * rf(w,r) ∧ reason(w' < r) ∧ reason(w < w') ∧ grd(w'). */
static void find_ws_fr_conflicts(const oc_events *es, const oc_prp *prp,
                                 const oc_finder_limits *lim, oc_clauses *out, oc_finder_stats *st)
{
    size_t start = out->n;
    for (size_t i = 0; i < es->n_rf && !out_of_time(lim->cpu_stop_s, i, st); i++) {
        const oc_rf_pair *p = &es->rf[i];
        for (size_t k = es->ws_of_write_start[p->w]; k < es->ws_of_write_start[p->w + 1]; k++) {
            const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
            unsigned w2 = ws->a == p->w ? ws->b : ws->a;
            oc_lit to_r, to_w2;
            if (!oc_prp_query(prp, w2, p->r, &to_r) || !oc_prp_query(prp, p->w, w2, &to_w2))
                continue;
            if (out->n - start >= lim->max_per_kind) {
                st->truncated = true;
                return;
            }
            oc_lit lits[4] = { p->lit, es->ev[w2].guard, to_r, to_w2 };
            oc_clauses_add(out, lits, 4);
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
    if (mode == OC_FINDER_RF_WS_FR && !oc_cpu_stop_reached(lim->cpu_stop_s, 0, 1)) {
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
