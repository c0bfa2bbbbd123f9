/* Compressed rows (CSR): items grouped by a key, for the indexes of the
 * event graph and the conflict finder. */
#ifndef OC_ROWS_H
#define OC_ROWS_H

#include <stddef.h>

/* Item i < n_items has the keys key[i * keys_per_item ...] (each < n_keys).
 * rows[start[k] .. start[k+1]) are the items with a key k, in increasing
 * order (an item twice if two of its keys are k). Both arrays are the
 * caller's. */
void oc_rows_by_key(size_t n_keys, size_t n_items, size_t keys_per_item, const size_t *key,
                    size_t **start, size_t **rows);

#endif
