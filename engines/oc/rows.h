/* Compressed rows (CSR): items grouped by a key, for the indexes of the
 * event graph and the conflict finder. */
#ifndef OC_ROWS_H
#define OC_ROWS_H

#include <stddef.h>

/* rows[start[k] .. start[k+1]) are the items i < n_items whose key[i] is
 * k (keys < n_keys), in increasing order. Both arrays are the caller's. */
void oc_rows_by_key(size_t n_keys, size_t n_items, const size_t *key, size_t **start,
                    size_t **rows);

#endif
