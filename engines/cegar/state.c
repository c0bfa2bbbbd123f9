/* Abstract states: control and synchronisation part (state.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "state.h"

static void *dup_array(const void *a, size_t n, size_t size)
{
    void *b = xmalloc(n * size + 1);
    if (n)
        memcpy(b, a, n * size);
    return b;
}

cg_state *cg_state_copy(const cg_state *s)
{
    cg_state *c = xmalloc(sizeof *c);
    *c = *s;
    c->packed = false;
    c->threads = dup_array(s->threads, s->n_threads, sizeof *s->threads);
    c->held = dup_array(s->held, s->n_held, sizeof *s->held);
    c->vals = dup_array(s->vals, s->n_vals, sizeof *s->vals);
    c->merges = dup_array(s->merges, 2 * s->n_merges, sizeof *s->merges);
    return c;
}

void cg_state_free(cg_state *s)
{
    if (!s)
        return;
    if (s->packed) {
        free(s);
        return;
    }
    free(s->threads);
    free(s->held);
    free(s->vals);
    free(s->merges);
    free(s);
}

/* Copies n bytes of `from` to *at, which moves past them; the copy. */
static void *place(char **at, const void *from, size_t n)
{
    void *to = *at;
    if (n)
        memcpy(to, from, n);
    *at += n;
    return to;
}

cg_state *cg_state_pack(cg_state *s)
{
    /* The arrays of 8-byte alignment first (sizeof (cg_state) is a
     * multiple of 8), then those of 4. */
    size_t vals = s->n_vals * sizeof *s->vals, held = s->n_held * sizeof *s->held,
           threads = s->n_threads * sizeof *s->threads,
           merges = 2 * (size_t)s->n_merges * sizeof *s->merges;
    cg_state *p = xmalloc(sizeof *p + vals + held + threads + merges);
    *p = *s;
    char *at = (char *)(p + 1);
    p->vals = place(&at, s->vals, vals);
    p->held = place(&at, s->held, held);
    p->threads = place(&at, s->threads, threads);
    p->merges = place(&at, s->merges, merges);
    p->packed = true;
    cg_state_free(s);
    return p;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
    return h;
}

uint64_t cg_state_control_hash(const cg_state *s)
{
    uint64_t h = mix(s->n_threads, (uint64_t)(int64_t)s->atomic_owner);
    for (unsigned i = 0; i < s->n_threads; i++)
        h = mix(h, (uint64_t)s->threads[i].proc << 35 | (uint64_t)s->threads[i].loc << 3 |
                       (uint64_t)s->threads[i].anon << 2 | (uint64_t)s->threads[i].pool << 1 |
                       s->threads[i].done);
    for (unsigned i = 0; i < s->n_held; i++)
        h = mix(mix(h, s->held[i].addr), s->held[i].owner);
    return h;
}

bool cg_state_same_control(const cg_state *a, const cg_state *b)
{
    if (a->n_threads != b->n_threads || a->atomic_owner != b->atomic_owner ||
        a->atomic_depth != b->atomic_depth || a->n_held != b->n_held)
        return false;
    for (unsigned i = 0; i < a->n_threads; i++)
        if (a->threads[i].proc != b->threads[i].proc || a->threads[i].loc != b->threads[i].loc ||
            a->threads[i].done != b->threads[i].done || a->threads[i].pool != b->threads[i].pool ||
            a->threads[i].anon != b->threads[i].anon)
            return false;
    for (unsigned i = 0; i < a->n_held; i++)
        if (a->held[i].addr != b->held[i].addr || a->held[i].owner != b->held[i].owner)
            return false;
    return true;
}

int cg_state_mutex_owner(const cg_state *s, uint64_t addr)
{
    for (unsigned i = 0; i < s->n_held; i++)
        if (s->held[i].addr == addr)
            return (int)s->held[i].owner;
    return -1;
}

void cg_state_take_mutex(cg_state *s, uint64_t addr, unsigned owner)
{
    s->held = xrealloc(s->held, (s->n_held + 1) * sizeof *s->held);
    unsigned i = s->n_held++;
    for (; i > 0 && s->held[i - 1].addr > addr; i--)
        s->held[i] = s->held[i - 1];
    s->held[i] = (cg_held){ addr, owner };
}

void cg_state_release_mutex(cg_state *s, uint64_t addr)
{
    unsigned j = 0;
    for (unsigned i = 0; i < s->n_held; i++)
        if (s->held[i].addr != addr)
            s->held[j++] = s->held[i];
    s->n_held = j;
}

unsigned cg_state_add_thread(cg_state *s, unsigned proc, unsigned loc)
{
    s->threads = xrealloc(s->threads, (s->n_threads + 1) * sizeof *s->threads);
    s->threads[s->n_threads] = (cg_thread){ .proc = proc, .loc = loc };
    return s->n_threads++;
}
