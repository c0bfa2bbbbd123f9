/*
 * The ARG's coverage candidates (thesis Section 2.2.3, Algorithm 1's
 * coverage check): the uncovered nodes grouped by their control part,
 * each with a signature of its data state. A node n is covered by a
 * candidate c of its control part when c's data state holds a subset of
 * n's facts (expl_leq); a signature is a 256-bit set of the facts' hashes,
 * so c's signature has no bit outside n's when c can cover n. Interleavings
 * reach thousands of data states under one control part: the scan reads
 * the signatures of a class's contiguous array and opens a candidate's
 * state only when its signature fits.
 */
#ifndef CEGAR_COVER_INDEX_H
#define CEGAR_COVER_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "state.h"

#define CG_SIG_WORDS 4

typedef struct {
    uint64_t w[CG_SIG_WORDS];
} cg_sig;

typedef struct {
    cg_sig sig;
    unsigned node;
} cg_candidate;

/* The candidates of one control part, in the order they were added. */
typedef struct {
    uint64_t control_hash;
    cg_candidate *v;
    unsigned n, cap;
} cg_cover_class;

typedef struct {
    cg_cover_class *slots;  /* open addressing by control hash; v NULL: empty */
    unsigned n_slots, n_classes;
} cg_cover_index;

/* The signature of s's data state. */
cg_sig cg_sig_of(const cg_state *s);
/* Can a state signed `c` cover one signed `n` (c's facts a subset of n's)?
 * false means it cannot; true that expl_leq must tell. */
static inline bool cg_sig_may_cover(const cg_sig *c, const cg_sig *n)
{
    uint64_t outside = 0;
    for (int i = 0; i < CG_SIG_WORDS; i++)
        outside |= c->w[i] & ~n->w[i];
    return outside == 0;
}

void cg_cover_index_init(cg_cover_index *x);
void cg_cover_index_free(cg_cover_index *x);
/* The class of the control hash h; NULL when none was added (create
 * false) or a new empty one (create true). */
cg_cover_class *cg_cover_class_at(cg_cover_index *x, uint64_t h, bool create);

#endif
