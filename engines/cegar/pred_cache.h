/*
 * A cache of PRED's transfer checks (pred.c, thesis Section 2.2.2). What
 * the SMT checks of one successor decide (is the action feasible, which
 * open predicate instances hold or not) is a function of the source's
 * data state, the procedures its threads run, the action (thread, edge,
 * the statement evaluated, the joined thread) and the successor's data
 * state before the checks; the locations of the threads that do not move
 * are no part of it. Interleavings reach one data state under many control
 * states, and every one of them asked the solver the same questions:
 * the cache asks once per run. A CEGAR iteration rebuilds the ARG at a
 * precision a few predicates larger; the actions that neither read nor
 * write their variables ask again what the earlier iterations asked.
 */
#ifndef CEGAR_PRED_CACHE_H
#define CEGAR_PRED_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "transfer.h"

/* What the checks of one successor depend on, as words. */
typedef struct {
    uint64_t *w;
    unsigned n, cap;
    uint64_t hash;
} cg_post_key;

/* The key of succ taken from s, its facts that keep marks (pred_slice.h)
 * and the open instances (pred.h keys) whose values the checks decide.
 * The precision is no part of it: the facts and instances name their
 * predicates, which keep their indices as the precision grows. */
void cg_post_key_of(cg_post_key *k, const cg_state *s, const bool *keep, const cg_succ *succ,
                    const uint64_t *open, unsigned n_open);
void cg_post_key_free(cg_post_key *k);

typedef struct cg_pred_cache cg_pred_cache;

cg_pred_cache *cg_pred_cache_new(void);
void cg_pred_cache_free(cg_pred_cache *c);
/* What the checks decided for k: true when known, then *feasible and the
 * instances' values the checks knew (*known, *n: owned by the cache). */
bool cg_pred_cache_get(const cg_pred_cache *c, const cg_post_key *k, bool *feasible,
                       const cg_value **known, unsigned *n);
/* Records what the checks decided for k (the cache takes k's words and
 * the malloc'ed known[0..n)). */
void cg_pred_cache_put(cg_pred_cache *c, cg_post_key *k, bool feasible, cg_value *known,
                       unsigned n);

#endif
