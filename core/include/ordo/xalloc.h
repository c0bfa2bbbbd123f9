/*
 * Allocation that never returns NULL: on exhaustion the process exits with
 * a message (inside a benchmark child this is reported as memout by the
 * runner, which watches the memory limit).
 */
#ifndef ORDO_XALLOC_H
#define ORDO_XALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit status of a process that ran out of memory. */
#define ORDO_EXIT_OUT_OF_MEMORY 75

/* The tree calls them by their short names; libordo exports them under
 * the ordo_ prefix, like all of its API. */
#define xmalloc ordo_xmalloc
#define xcalloc ordo_xcalloc
#define xrealloc ordo_xrealloc
#define xstrdup ordo_xstrdup
#define xasprintf ordo_xasprintf

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* printf into a fresh string. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Make room for one more element in the dynamic array ARR of LEN used and
 * CAP allocated elements (doubling). */
#define XGROW(arr, len, cap)                                                   \
    do {                                                                       \
        if ((len) >= (cap)) {                                                  \
            (cap) = (cap) ? 2 * (cap) : 8;                                     \
            (arr) = xrealloc((arr), (cap) * sizeof *(arr));                    \
        }                                                                      \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
