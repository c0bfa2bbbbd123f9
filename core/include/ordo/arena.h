/*
 * Bump allocator for IR nodes: everything a program owns is freed at once
 * with the arena.
 */
#ifndef ORDO_ARENA_H
#define ORDO_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ordo_arena ordo_arena;

ordo_arena *ordo_arena_new(void);
void ordo_arena_free(ordo_arena *a);
/* Zeroed, 16-byte aligned memory living until ordo_arena_free(). */
void *ordo_arena_alloc(ordo_arena *a, size_t n);
char *ordo_arena_strdup(ordo_arena *a, const char *s);
/* Bytes handed out so far (statistics). */
size_t ordo_arena_used(const ordo_arena *a);

#ifdef __cplusplus
}
#endif
#endif
