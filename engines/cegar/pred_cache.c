/* A cache of PRED's transfer checks (pred_cache.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "pred_cache.h"

/* The words (keys and values) the cache holds at most, 64 MB; past that it
 * starts again empty: forgetting an entry only costs its checks again. */
#define MAX_WORDS (UINT64_C(1) << 23)

typedef struct entry {
    struct entry *next;
    cg_post_key key;
    bool feasible;
    unsigned n_known;
    cg_value *known;
} entry;

struct cg_pred_cache {
    entry **bucket;
    unsigned n_buckets, n_entries;
    uint64_t words;
};

static void add(cg_post_key *k, uint64_t w)
{
    XGROW(k->w, k->n, k->cap);
    k->w[k->n++] = w;
    k->hash = (k->hash ^ w) * UINT64_C(0x100000001b3);
}

void cg_post_key_of(cg_post_key *k, const cg_state *s, const bool *keep, const cg_succ *succ,
                    const uint64_t *open, unsigned n_open)
{
    *k = (cg_post_key){ .hash = UINT64_C(0xcbf29ce484222325) };
    const cg_state *t = succ->state;
    add(k, succ->action.thread);
    add(k, succ->action.edge);
    add(k, (uint64_t)(int64_t)succ->action.join);
    add(k, succ->action.mutex);
    add(k, (uint64_t)(uintptr_t)succ->stmt);
    add(k, t->n_threads); /* s's threads, then those the action started */
    for (unsigned i = 0; i < t->n_threads; i++) /* anon: a started thread's id unknown (pool.h) */
        add(k, (uint64_t)t->threads[i].proc << 1 | t->threads[i].anon);
    add(k, s->n_threads);
    unsigned n_kept = 0;
    for (unsigned i = 0; i < s->n_vals; i++)
        n_kept += keep[i];
    add(k, n_kept);
    for (unsigned i = 0; i < s->n_vals; i++)
        if (keep[i]) {
            add(k, s->vals[i].key);
            add(k, (uint64_t)s->vals[i].value);
        }
    add(k, n_open);
    for (unsigned i = 0; i < n_open; i++)
        add(k, open[i]);
}

void cg_post_key_free(cg_post_key *k)
{
    free(k->w);
    *k = (cg_post_key){ 0 };
}

cg_pred_cache *cg_pred_cache_new(void)
{
    cg_pred_cache *c = xcalloc(1, sizeof *c);
    c->n_buckets = 1024;
    c->bucket = xcalloc(c->n_buckets, sizeof *c->bucket);
    return c;
}

static void clear(cg_pred_cache *c)
{
    for (unsigned i = 0; i < c->n_buckets; i++)
        for (entry *e = c->bucket[i], *next; e; e = next) {
            next = e->next;
            cg_post_key_free(&e->key);
            free(e->known);
            free(e);
        }
    memset(c->bucket, 0, c->n_buckets * sizeof *c->bucket);
    c->n_entries = 0;
    c->words = 0;
}

void cg_pred_cache_free(cg_pred_cache *c)
{
    if (!c)
        return;
    clear(c);
    free(c->bucket);
    free(c);
}

static entry **slot(const cg_pred_cache *c, uint64_t hash)
{
    return &c->bucket[hash & (c->n_buckets - 1)];
}

static bool same_key(const cg_post_key *a, const cg_post_key *b)
{
    return a->hash == b->hash && a->n == b->n && memcmp(a->w, b->w, a->n * sizeof *a->w) == 0;
}

bool cg_pred_cache_get(const cg_pred_cache *c, const cg_post_key *k, bool *feasible,
                       const cg_value **known, unsigned *n)
{
    for (const entry *e = *slot(c, k->hash); e; e = e->next)
        if (same_key(&e->key, k)) {
            *feasible = e->feasible;
            *known = e->known;
            *n = e->n_known;
            return true;
        }
    return false;
}

/* Twice the buckets once there are more entries than buckets. */
static void grow(cg_pred_cache *c)
{
    unsigned old = c->n_buckets;
    entry **was = c->bucket;
    c->n_buckets = 2 * old;
    c->bucket = xcalloc(c->n_buckets, sizeof *c->bucket);
    for (unsigned i = 0; i < old; i++)
        for (entry *e = was[i], *next; e; e = next) {
            next = e->next;
            entry **s = slot(c, e->key.hash);
            e->next = *s;
            *s = e;
        }
    free(was);
}

void cg_pred_cache_put(cg_pred_cache *c, cg_post_key *k, bool feasible, cg_value *known,
                       unsigned n)
{
    if (c->words + k->n + 2 * n > MAX_WORDS)
        clear(c);
    if (c->n_entries >= c->n_buckets && c->n_buckets < (1u << 30))
        grow(c);
    entry *e = xmalloc(sizeof *e);
    *e = (entry){ .key = *k, .feasible = feasible, .n_known = n, .known = known };
    *k = (cg_post_key){ 0 };
    entry **s = slot(c, e->key.hash);
    e->next = *s;
    *s = e;
    c->n_entries++;
    c->words += e->key.n + 2 * n;
}
