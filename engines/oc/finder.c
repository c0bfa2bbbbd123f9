/* The automatic conflict finder, thesis Algorithm 3 (see finder.h). */
#include "finder.h"

#include <stdlib.h>

#include <ordo/xalloc.h>

static bool po_le(const oc_po *po, unsigned a, unsigned b)
{
    return a == b || oc_po_before(po, a, b);
}

/* The reasons of x <po-rf-po y (Section 5.4.2: x <po y, or
 * x <=po w1 <rf r1 <=po y): none needed when x <po y (*direct); else the
 * rf literals of the connecting pairs, written to out. Returns their count. */
static size_t po_rf_po(const oc_events *es, const oc_po *po, unsigned x, unsigned y, bool *direct,
                       oc_lit *out)
{
    *direct = oc_po_before(po, x, y);
    if (*direct)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < es->n_rf; i++)
        if (po_le(po, x, es->rf[i].w) && po_le(po, es->rf[i].r, y))
            out[n++] = es->rf[i].lit;
    return n;
}

/* Figure 5.4a: w <rf r <po w' <rf r' <po w. */
static void find_rf_conflicts(const oc_events *es, const oc_po *po, size_t max_clauses,
                              oc_clauses *out, oc_finder_stats *st)
{
    for (size_t i = 0; i < es->n_rf; i++)
        for (size_t j = i + 1; j < es->n_rf; j++) {
            const oc_rf_pair *a = &es->rf[i], *b = &es->rf[j];
            if (!oc_po_before(po, b->r, a->w) || !oc_po_before(po, a->r, b->w))
                continue;
            if (out->n >= max_clauses) {
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
static void find_ws_fr_conflicts(const oc_events *es, const oc_po *po, size_t max_clauses,
                                 oc_clauses *out, oc_finder_stats *st)
{
    oc_lit *to_r = xmalloc((es->n_rf + 1) * sizeof *to_r);
    oc_lit *to_w2 = xmalloc((es->n_rf + 1) * sizeof *to_w2);
    for (size_t i = 0; i < es->n_rf; i++) {
        const oc_rf_pair *p = &es->rf[i];
        for (size_t k = es->ws_of_write_start[p->w]; k < es->ws_of_write_start[p->w + 1]; k++) {
            const oc_ws_pair *ws = &es->ws[es->ws_of_write[k]];
            unsigned w2 = ws->a == p->w ? ws->b : ws->a;
            bool d1, d2;
            size_t n1 = po_rf_po(es, po, w2, p->r, &d1, to_r);
            if (!d1 && !n1)
                continue;
            size_t n2 = po_rf_po(es, po, p->w, w2, &d2, to_w2);
            if (!d2 && !n2)
                continue;
            /* One conflict per choice of connecting rf pairs. */
            for (size_t a = 0; a < (d1 ? 1 : n1); a++)
                for (size_t b = 0; b < (d2 ? 1 : n2); b++) {
                    if (out->n >= max_clauses) {
                        st->truncated = true;
                        goto done;
                    }
                    oc_lit lits[4] = { p->lit, es->ev[w2].guard, d1 ? 0 : to_r[a],
                                       d2 ? 0 : to_w2[b] };
                    oc_clauses_add(out, lits, 4);
                    st->conflicts_ws_fr += 2;
                }
        }
    }
done:
    free(to_r);
    free(to_w2);
}

void oc_find_conflicts(const oc_events *es, const oc_po *po, oc_finder_mode mode,
                       size_t max_clauses, oc_clauses *out, oc_finder_stats *st)
{
    if (mode == OC_FINDER_NONE)
        return;
    find_rf_conflicts(es, po, max_clauses, out, st);
    if (mode == OC_FINDER_RF_WS_FR)
        find_ws_fr_conflicts(es, po, max_clauses, out, st);
}
