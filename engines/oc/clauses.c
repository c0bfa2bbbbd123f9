/* Conflict sets with deduplication (see clauses.h). */
#include "clauses.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

void oc_clauses_init(oc_clauses *c)
{
    memset(c, 0, sizeof *c);
    c->off = xcalloc(1, sizeof *c->off);
    c->cap = 1;
}

void oc_clauses_free(oc_clauses *c)
{
    free(c->pool);
    free(c->off);
    free(c->table);
    memset(c, 0, sizeof *c);
}

void oc_clauses_clear(oc_clauses *c)
{
    c->n = 0;
    c->n_pool = 0;
    c->off[0] = 0;
    if (c->table)
        memset(c->table, 0, c->table_size * sizeof *c->table);
}

const oc_lit *oc_clauses_get(const oc_clauses *c, size_t i, size_t *n)
{
    *n = c->off[i + 1] - c->off[i];
    return c->pool + c->off[i];
}

static uint64_t hash_lits(const oc_lit *l, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ l[i]) * 1099511628211ull;
    return h;
}

static bool same(const oc_clauses *c, size_t i, const oc_lit *l, size_t n)
{
    size_t m;
    const oc_lit *x = oc_clauses_get(c, i, &m);
    return m == n && !memcmp(x, l, n * sizeof *l);
}

static void rehash(oc_clauses *c)
{
    free(c->table);
    c->table_size = c->table_size ? 2 * c->table_size : 64;
    c->table = xcalloc(c->table_size, sizeof *c->table);
    for (size_t i = 0; i < c->n; i++) {
        size_t m;
        const oc_lit *x = oc_clauses_get(c, i, &m);
        size_t h = hash_lits(x, m) & (c->table_size - 1);
        while (c->table[h])
            h = (h + 1) & (c->table_size - 1);
        c->table[h] = i + 1;
    }
}

static int cmp_lit(const void *a, const void *b)
{
    oc_lit x = *(const oc_lit *)a, y = *(const oc_lit *)b;
    return (x > y) - (x < y);
}

bool oc_clauses_add(oc_clauses *c, const oc_lit *lits, size_t n)
{
    /* Normalise into the pool's tail: sorted, without 0 and duplicates. */
    size_t start = c->n_pool;
    for (size_t i = 0; i < n; i++) {
        if (!lits[i])
            continue;
        XGROW(c->pool, c->n_pool, c->cap_pool);
        c->pool[c->n_pool++] = lits[i];
    }
    oc_lit *mine = c->pool + start;
    size_t m = c->n_pool - start;
    qsort(mine, m, sizeof *mine, cmp_lit);
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        if (!k || mine[k - 1] != mine[i])
            mine[k++] = mine[i];
    c->n_pool = start + k;
    if (2 * (c->n + 1) > c->table_size)
        rehash(c);
    size_t h = hash_lits(mine, k) & (c->table_size - 1);
    for (; c->table[h]; h = (h + 1) & (c->table_size - 1))
        if (same(c, c->table[h] - 1, mine, k)) {
            c->n_pool = start;
            return false;
        }
    c->table[h] = c->n + 1;
    if (c->n + 2 > c->cap) {
        c->cap *= 2;
        c->off = xrealloc(c->off, c->cap * sizeof *c->off);
    }
    c->off[++c->n] = c->n_pool;
    return true;
}

static bool subset(const oc_lit *a, size_t na, const oc_lit *b, size_t nb)
{
    size_t j = 0;
    for (size_t i = 0; i < na; i++) {
        while (j < nb && b[j] < a[i])
            j++;
        if (j == nb || b[j] != a[i])
            return false;
    }
    return true;
}

/* Is the sorted set l[0..n) one of the conflicts? */
static bool contains(const oc_clauses *c, const oc_lit *l, size_t n)
{
    if (!c->table_size)
        return false;
    size_t h = hash_lits(l, n) & (c->table_size - 1);
    for (; c->table[h]; h = (h + 1) & (c->table_size - 1))
        if (same(c, c->table[h] - 1, l, n))
            return true;
    return false;
}

/* Does a proper subset of conflict i's literals stand in the set?
 * Small conflicts (the finder's have at most four literals) look their
 * subsets up; larger ones compare with every smaller or earlier one. */
enum { SUBSETS_LOOKED_UP = 6 };

static bool has_smaller(const oc_clauses *c, size_t i)
{
    size_t ni;
    const oc_lit *li = oc_clauses_get(c, i, &ni);
    if (ni <= SUBSETS_LOOKED_UP) {
        oc_lit sub[SUBSETS_LOOKED_UP];
        for (unsigned mask = 0; mask + 1 < 1u << ni; mask++) {
            size_t k = 0;
            for (size_t b = 0; b < ni; b++)
                if (mask >> b & 1)
                    sub[k++] = li[b];
            if (contains(c, sub, k))
                return true;
        }
        return false;
    }
    for (size_t j = 0; j < c->n; j++) {
        size_t nj;
        const oc_lit *lj = oc_clauses_get(c, j, &nj);
        if (j != i && nj < ni && subset(lj, nj, li, ni))
            return true;
    }
    return false;
}

/* Rebuilds c from the conflicts, in order, that keep(i) accepts. */
static void keep_if(oc_clauses *c, bool (*keep)(const oc_clauses *, size_t, void *), void *ud)
{
    oc_clauses kept;
    oc_clauses_init(&kept);
    for (size_t i = 0; i < c->n; i++) {
        size_t ni;
        const oc_lit *li = oc_clauses_get(c, i, &ni);
        if (keep(c, i, ud))
            oc_clauses_add(&kept, li, ni);
    }
    oc_clauses_free(c);
    *c = kept;
}

static bool is_minimal(const oc_clauses *c, size_t i, void *ud)
{
    (void)ud;
    return !has_smaller(c, i);
}

void oc_clauses_keep_minimal(oc_clauses *c)
{
    keep_if(c, is_minimal, NULL);
}

typedef struct {
    unsigned *uses; /* per literal: kept conflicts that contain it */
    size_t cap;
} occurrence_cap;

static bool within_cap(const oc_clauses *c, size_t i, void *ud)
{
    occurrence_cap *oc = ud;
    size_t n;
    const oc_lit *l = oc_clauses_get(c, i, &n);
    for (size_t k = 0; k < n; k++)
        if (oc->uses[l[k]] >= oc->cap)
            return false;
    for (size_t k = 0; k < n; k++)
        oc->uses[l[k]]++;
    return true;
}

void oc_clauses_cap_occurrences(oc_clauses *c, oc_lit max_lit, size_t cap)
{
    occurrence_cap oc = { xcalloc((size_t)max_lit + 1, sizeof *oc.uses), cap };
    keep_if(c, within_cap, &oc);
    free(oc.uses);
}
