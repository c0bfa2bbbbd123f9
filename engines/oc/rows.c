/* Compressed rows (see rows.h). */
#include "rows.h"

#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

void oc_rows_by_key(size_t n_keys, size_t n_items, size_t keys_per_item, const size_t *key,
                    size_t **start_out, size_t **rows_out)
{
    size_t n_entries = n_items * keys_per_item;
    size_t *start = xcalloc(n_keys + 2, sizeof *start);
    size_t *rows = xmalloc((n_entries + 1) * sizeof *rows);
    for (size_t j = 0; j < n_entries; j++)
        start[key[j] + 1]++;
    for (size_t k = 0; k < n_keys; k++)
        start[k + 1] += start[k];
    size_t *fill = xmalloc((n_keys + 1) * sizeof *fill);
    memcpy(fill, start, (n_keys + 1) * sizeof *fill);
    for (size_t j = 0; j < n_entries; j++)
        rows[fill[key[j]]++] = j / keys_per_item;
    free(fill);
    *start_out = start;
    *rows_out = rows;
}
