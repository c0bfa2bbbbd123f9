/* Bump allocator in chunks (arena.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/arena.h>
#include <ordo/xalloc.h>

enum { CHUNK_SIZE = 64 * 1024, ALIGN = 16 };

typedef struct chunk {
    struct chunk *next;
    size_t size, used;
    _Alignas(ALIGN) unsigned char data[];
} chunk;

struct ordo_arena {
    chunk *head;
    size_t total;
};

ordo_arena *ordo_arena_new(void)
{
    return xcalloc(1, sizeof(ordo_arena));
}

void ordo_arena_free(ordo_arena *a)
{
    if (!a)
        return;
    for (chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}

static chunk *new_chunk(size_t at_least)
{
    size_t size = at_least > CHUNK_SIZE ? at_least : CHUNK_SIZE;
    chunk *c = xmalloc(sizeof(chunk) + size);
    c->size = size;
    c->used = 0;
    c->next = NULL;
    return c;
}

void *ordo_arena_alloc(ordo_arena *a, size_t n)
{
    n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        chunk *fresh = new_chunk(n);
        /* A large request gets its own chunk behind the current one, so the
         * free space of the current chunk is not wasted. */
        if (c && n > CHUNK_SIZE) {
            fresh->next = c->next;
            c->next = fresh;
        } else {
            fresh->next = c;
            a->head = fresh;
        }
        c = fresh;
    }
    void *p = c->data + c->used;
    c->used += n;
    a->total += n;
    return memset(p, 0, n);
}

char *ordo_arena_strdup(ordo_arena *a, const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(ordo_arena_alloc(a, n), s, n);
}

size_t ordo_arena_used(const ordo_arena *a)
{
    return a->total;
}
