/*
 * Int arithmetic and cells accessed at several types. A memory cell holds
 * any scalar as a 64-bit integer; bit-vectors convert every access to and
 * from it as C does, while Int keeps the number, as a conversion per
 * access costs a case split or a modulus. Keeping it is exact when every
 * value the cell can hold - its initial value and what is written at each
 * type - lies in the range of every type it is read at: an int cell read
 * as an int, a char written and read as an int. It is not when an int
 * holding -1 is read through an unsigned pointer.
 *
 * A walk therefore records per location the range of the values it holds
 * and the range its reads assume. Where a location's values may leave
 * that range, the walk is done again with those locations' reads
 * converting exactly from the range the first walk found (oc_wide_cells);
 * should their values still leave it, bit-vectors decide (--arith auto)
 * or the run is refused (--arith int). Reads at _Bool convert (!= 0),
 * exactly in both arithmetics, and are not recorded.
 */
#ifndef OC_CELL_RANGES_H
#define OC_CELL_RANGES_H

#include <stdbool.h>
#include <stddef.h>

#include "memory.h"

/* A new location holding init. */
void oc_cell_range_start(oc_location *l, int64_t init);
/* A value of type t is written to l. */
void oc_cell_range_write(oc_location *l, ordo_type t);
/* st reads l, exactly as long as l holds values in [lo, hi]. */
void oc_cell_range_read(oc_location *l, __int128 lo, __int128 hi, const ordo_stmt *st);
/* The first location whose values may leave its reads' range: the read
 * that narrowed that range last, or NULL when every read is exact. */
const ordo_stmt *oc_cell_ranges_inexact(const oc_location *locs, size_t n);

/* Locations whose reads convert, with the values they hold. */
typedef struct oc_wide_cells {
    oc_location *locs;
    size_t n, cap;
    oc_loc_table table;
} oc_wide_cells;

/* Adds to w the locations of a walk whose values may leave their reads'
 * range (see oc_cell_ranges_inexact); w starts zeroed. */
void oc_wide_cells_add(oc_wide_cells *w, const oc_location *locs, size_t n);
/* The location (is_mem, key) of w, or NULL. */
const oc_location *oc_wide_cell(const oc_wide_cells *w, bool is_mem, uint64_t key);
void oc_wide_cells_free(oc_wide_cells *w);

#endif
