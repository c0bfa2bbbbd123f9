/*
 * The po-rf-po relation of the conflict finder (thesis Section 5.4.2):
 * x <po-rf-po y when x <po y, or x <=po w <rf r <=po y for a potential rf
 * pair (w, r). Scanning every rf pair per query makes the finder's ws/fr
 * search cubic; this index answers a negative query in O(threads): for
 * each event x and thread t it keeps the rf pair whose read is the
 * po-earliest read of t that x reaches through <=po;rf. Any later read of
 * t is po-after that one, so it alone decides whether some pair of t
 * connects x to y. Only when one does is the reason looked up, among the
 * rf pairs of the writes po-after x: the connecting pair of least index
 * (one pair per query keeps the finder's clause set polynomial, as the
 * thesis' complexity bound assumes).
 */
#ifndef OC_PRP_H
#define OC_PRP_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"
#include "po.h"

typedef struct {
    const oc_events *es;
    const oc_po *po;
    size_t n_threads;
    unsigned *earliest; /* n * n_threads: rf index + 1, 0 = none; NULL: no index */
} oc_prp;

/* Builds the index when it fits max_cells cells and each thread's reads
 * are totally ordered by po; otherwise every query looks for the pair.
 * es must be indexed (oc_events_index). */
void oc_prp_build(oc_prp *x, const oc_events *es, const oc_po *po, size_t max_cells);
void oc_prp_free(oc_prp *x);
bool oc_prp_indexed(const oc_prp *x);

/* Does x <po-rf-po y hold? Its reason in *via: 0 when x <po y, else the
 * literal of the connecting rf pair of least index. */
bool oc_prp_query(const oc_prp *x, unsigned a, unsigned b, oc_lit *via);

#endif
