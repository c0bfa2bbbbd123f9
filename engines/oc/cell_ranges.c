/* Value ranges of cells read and written at several types (cell_ranges.h). */
#include "cell_ranges.h"

#include <stdlib.h>

#include <ordo/ir_smt.h>
#include <ordo/xalloc.h>

void oc_cell_range_start(oc_location *l, int64_t init)
{
    l->held_lo = l->held_hi = init;
    l->read_lo = -((__int128)1 << 64); /* no read yet: any value fits */
    l->read_hi = (__int128)1 << 64;
    l->narrowest_read = NULL;
}

void oc_cell_range_write(oc_location *l, ordo_type t)
{
    __int128 lo, hi;
    ordo_type_range(t, &lo, &hi);
    if (lo < l->held_lo)
        l->held_lo = lo;
    if (hi > l->held_hi)
        l->held_hi = hi;
}

void oc_cell_range_read(oc_location *l, __int128 lo, __int128 hi, const ordo_stmt *st)
{
    if (lo > l->read_lo || hi < l->read_hi)
        l->narrowest_read = st;
    if (lo > l->read_lo)
        l->read_lo = lo;
    if (hi < l->read_hi)
        l->read_hi = hi;
}

static bool inexact(const oc_location *l)
{
    return l->held_lo < l->read_lo || l->held_hi > l->read_hi;
}

const ordo_stmt *oc_cell_ranges_inexact(const oc_location *locs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (inexact(&locs[i]))
            return locs[i].narrowest_read;
    return NULL;
}

void oc_wide_cells_add(oc_wide_cells *w, const oc_location *locs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!inexact(&locs[i]))
            continue;
        oc_loc_table_reserve(&w->table, w->locs, w->n);
        size_t h = oc_loc_slot(&w->table, w->locs, locs[i].is_mem, locs[i].key);
        if (w->table.slots[h])
            continue;
        XGROW(w->locs, w->n, w->cap);
        w->locs[w->n] = locs[i];
        w->table.slots[h] = ++w->n;
    }
}

const oc_location *oc_wide_cell(const oc_wide_cells *w, bool is_mem, uint64_t key)
{
    if (!w || !w->n)
        return NULL;
    size_t l = w->table.slots[oc_loc_slot(&w->table, w->locs, is_mem, key)];
    return l ? &w->locs[l - 1] : NULL;
}

void oc_wide_cells_free(oc_wide_cells *w)
{
    free(w->locs);
    free(w->table.slots);
    *w = (oc_wide_cells){ 0 };
}
