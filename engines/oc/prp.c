/* The po-rf-po index of the conflict finder (see prp.h). */
#include "prp.h"

#include <stdlib.h>

#include <ordo/xalloc.h>

static bool po_le(const oc_po *po, unsigned a, unsigned b)
{
    return a == b || oc_po_before(po, a, b);
}

/* Keeps in *cell the rf pair (index + 1) with the po-earlier read;
 * false when the two reads are unordered (the thread is no chain). */
static bool keep_earlier(const oc_prp *x, unsigned *cell, unsigned candidate)
{
    if (!candidate || *cell == candidate)
        return true;
    if (!*cell) {
        *cell = candidate;
        return true;
    }
    unsigned r_old = x->es->rf[*cell - 1].r, r_new = x->es->rf[candidate - 1].r;
    if (po_le(x->po, r_new, r_old))
        *cell = candidate;
    else if (!oc_po_before(x->po, r_old, r_new))
        return false;
    return true;
}

/* Row x = the pairs written at x, merged with the rows of x's
 * unconditional po successors; rows are filled in reverse topological
 * order, so successors come first. */
static bool fill_rows(oc_prp *x)
{
    const oc_events *es = x->es;
    const oc_po *po = x->po;
    size_t T = x->n_threads;
    for (size_t k = es->n; k-- > 0;) {
        unsigned e = po->order[k];
        unsigned *row = x->earliest + (size_t)e * T;
        for (size_t j = es->rf_of_write_start[e]; j < es->rf_of_write_start[e + 1]; j++) {
            size_t i = es->rf_of_write[j];
            if (!keep_earlier(x, &row[es->ev[es->rf[i].r].thread], (unsigned)i + 1))
                return false;
        }
        for (size_t j = po->succ_start[e]; j < po->succ_start[e + 1]; j++) {
            const unsigned *srow = x->earliest + (size_t)po->succ[j] * T;
            for (size_t t = 0; t < T; t++)
                if (!keep_earlier(x, &row[t], srow[t]))
                    return false;
        }
    }
    return true;
}

void oc_prp_build(oc_prp *x, const oc_events *es, const oc_po *po, size_t max_cells)
{
    *x = (oc_prp){ es, po, es->n_threads, NULL };
    size_t n = es->n, T = es->n_threads;
    if (!n || !T || n > max_cells / T)
        return;
    x->earliest = xcalloc(n * T, sizeof *x->earliest);
    if (!fill_rows(x)) {
        free(x->earliest);
        x->earliest = NULL;
    }
}

void oc_prp_free(oc_prp *x)
{
    free(x->earliest);
    x->earliest = NULL;
}

bool oc_prp_indexed(const oc_prp *x)
{
    return x->earliest != NULL;
}

/* Lowers *best to the least index of an rf pair written at w whose read
 * is po-before-or-equal b (a write's pairs are listed by index). */
static void least_pair_of_write(const oc_prp *x, unsigned w, unsigned b, size_t *best)
{
    const oc_events *es = x->es;
    for (size_t j = es->rf_of_write_start[w]; j < es->rf_of_write_start[w + 1]; j++) {
        size_t i = es->rf_of_write[j];
        if (i >= *best)
            return;
        if (po_le(x->po, es->rf[i].r, b)) {
            *best = i;
            return;
        }
    }
}

/* The connecting pair of least index: its write is a or po-after a (a's
 * po row), its read po-before-or-equal b. */
static bool first_connecting_pair(const oc_prp *x, unsigned a, unsigned b, oc_lit *via)
{
    size_t best = x->es->n_rf;
    least_pair_of_write(x, a, b, &best);
    const uint64_t *row = oc_po_row(x->po, a);
    for (size_t k = 0; k < x->po->words; k++)
        for (uint64_t bits = row[k]; bits; bits &= bits - 1)
            least_pair_of_write(x, (unsigned)(64 * k + (size_t)__builtin_ctzll(bits)), b, &best);
    if (best == x->es->n_rf)
        return false;
    *via = x->es->rf[best].lit;
    return true;
}

bool oc_prp_query(const oc_prp *x, unsigned a, unsigned b, oc_lit *via)
{
    const oc_events *es = x->es;
    *via = 0;
    if (oc_po_before(x->po, a, b))
        return true;
    if (!x->earliest)
        return first_connecting_pair(x, a, b, via);
    const unsigned *row = x->earliest + (size_t)a * x->n_threads;
    for (size_t t = 0; t < x->n_threads; t++)
        if (row[t] && po_le(x->po, es->rf[row[t] - 1].r, b))
            return first_connecting_pair(x, a, b, via);
    return false;
}
