/*
 * Sorted sets of cell addresses (constant-address memory cells), as the
 * POR dependency tables (por_deps.c) and DCOI's data-flow graph (dfg.c,
 * dfg_tracked.c) number and look them up.
 */
#ifndef CEGAR_CELL_SET_H
#define CEGAR_CELL_SET_H

#include <stdint.h>

/* Sorts cells[0..n) and drops repeats; the number left. */
unsigned cg_cells_sort_unique(uint64_t *cells, unsigned n);
/* The entry equal to addr in the sorted cells[0..n), or NULL. */
const uint64_t *cg_cells_find(const uint64_t *cells, unsigned n, uint64_t addr);

#endif
