/*
 * Static program order: the transitive closure of the unconditional
 * program-order edges (within threads and at thread creation), as bit
 * rows. It serves the rf pairing and the conflict finder's <_po
 * (thesis Section 5.4.1: <_po = ≺_po).
 */
#ifndef OC_PO_H
#define OC_PO_H

#include <stdbool.h>
#include <stdint.h>

#include "events.h"

typedef struct oc_po {
    size_t n, words; /* words per row */
    uint64_t *bits;  /* row a: events b with a <_po b */
    /* The unconditional po edges as successor rows (succ[succ_start[e] ..
     * succ_start[e+1]) follow e) and a topological order of them; the
     * event graph ranks by it, the po-rf-po index walks it backwards
     * (order is complete only when oc_po_build succeeded). */
    size_t *succ_start;
    unsigned *succ, *order;
} oc_po;

/* Returns false when program order has a cycle (a malformed event set). */
bool oc_po_build(oc_po *po, const oc_events *es);
void oc_po_free(oc_po *po);
bool oc_po_before(const oc_po *po, unsigned a, unsigned b);
/* Row a: bit b of word b / 64 is set when a <_po b (po->words words). */
const uint64_t *oc_po_row(const oc_po *po, unsigned a);
/* Signature of oc_po_query (events.h). */
bool oc_po_query_fn(const void *po, unsigned a, unsigned b);

#endif
