/*
 * The automatic conflict finder (thesis Section 5.4, Algorithm 3): simple
 * cycles of the potential happens-before relation < (Definition 17),
 * found before solving. Each cycle's reason (Definition 18) holds in no
 * valid execution (Lemma 4, Theorem 5), so its negation may be asserted.
 */
#ifndef OC_FINDER_H
#define OC_FINDER_H

#include <stdbool.h>
#include <stddef.h>

#include "clauses.h"
#include "events.h"
#include "po.h"

typedef enum { OC_FINDER_NONE, OC_FINDER_RF, OC_FINDER_RF_WS_FR } oc_finder_mode;

typedef struct {
    size_t conflicts_rf;    /* Figure 5.4a */
    size_t conflicts_ws_fr; /* Figures 5.4b and 5.4c (found in pairs) */
    bool truncated;         /* a kind stopped at its limit, or all at the CPU stop */
} oc_finder_stats;

/* Where the finder stops; every conflict found so far stays valid, so a
 * truncated set is still sound to assert. */
typedef struct {
    size_t max_per_kind;    /* distinct clauses of 5.4a, and of 5.4b/c */
    size_t max_per_literal; /* asserted conflicts a literal may be in; 0 = any */
    double cpu_stop_s;      /* process CPU time; 0 = none */
} oc_finder_limits;

/* Adds the conflicts to out, which keeps only subset-minimal ones (a
 * conflict's clause implies that of every superset). es must be indexed. */
void oc_find_conflicts(const oc_events *es, const oc_po *po, oc_finder_mode mode,
                       const oc_finder_limits *lim, oc_clauses *out, oc_finder_stats *st);

#endif
