/* Sorted sets of cell addresses (cell_set.h). */
#include <stdlib.h>

#include "cell_set.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* (An empty set's array may be NULL, which qsort and bsearch may not take.) */
unsigned cg_cells_sort_unique(uint64_t *cells, unsigned n)
{
    if (n == 0)
        return 0;
    qsort(cells, n, sizeof *cells, cmp_u64);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (k == 0 || cells[k - 1] != cells[i])
            cells[k++] = cells[i];
    return k;
}

const uint64_t *cg_cells_find(const uint64_t *cells, unsigned n, uint64_t addr)
{
    return n == 0 ? NULL : bsearch(&addr, cells, n, sizeof *cells, cmp_u64);
}
