/*
 * A set of conflicts: each a sorted set of literals whose conjunction
 * cannot hold in any valid execution; the engine asserts its negation.
 * Identical conflicts are kept once.
 */
#ifndef OC_CLAUSES_H
#define OC_CLAUSES_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"

typedef struct {
    oc_lit *pool;
    size_t n_pool, cap_pool;
    size_t *off;           /* conflict i: pool[off[i] .. off[i+1]) */
    size_t n, cap;
    size_t *table;         /* hash set of conflict indices + 1 */
    size_t table_size;
} oc_clauses;

void oc_clauses_init(oc_clauses *c);
void oc_clauses_free(oc_clauses *c);
void oc_clauses_clear(oc_clauses *c);
/* Adds the set lits[0..n) (any order, duplicates allowed); false when it
 * was already present. */
bool oc_clauses_add(oc_clauses *c, const oc_lit *lits, size_t n);
const oc_lit *oc_clauses_get(const oc_clauses *c, size_t i, size_t *n);
/* Drops every conflict that contains another one (core kernel reasons,
 * seed 002 Section 5.3: only subset-minimal reasons are kept). */
void oc_clauses_keep_minimal(oc_clauses *c);
/* Keeps, in order, the conflicts none of whose literals (all <= max_lit)
 * is already in cap kept conflicts. */
void oc_clauses_cap_occurrences(oc_clauses *c, oc_lit max_lit, size_t cap);

#endif
