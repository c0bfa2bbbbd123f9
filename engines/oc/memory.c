/* Regions and points-to summaries of the encoding (memory.h). */
#include "memory.h"

#include <stdlib.h>

#include <ordo/xalloc.h>

static size_t hash_key(bool is_mem, uint64_t key)
{
    uint64_t h = (key * 0x9E3779B97F4A7C15ull) ^ (is_mem ? 0xabcdefull : 0);
    return (size_t)(h ^ (h >> 29));
}

size_t oc_loc_slot(const oc_loc_table *t, const oc_location *locs, bool is_mem, uint64_t key)
{
    size_t h = hash_key(is_mem, key) & (t->size - 1);
    for (; t->slots[h]; h = (h + 1) & (t->size - 1)) {
        const oc_location *l = &locs[t->slots[h] - 1];
        if (l->is_mem == is_mem && l->key == key)
            break;
    }
    return h;
}

void oc_loc_table_reserve(oc_loc_table *t, const oc_location *locs, size_t n)
{
    if (2 * (n + 1) <= t->size)
        return;
    free(t->slots);
    t->size = t->size ? 2 * t->size : 256;
    t->slots = xcalloc(t->size, sizeof *t->slots);
    for (size_t l = 0; l < n; l++)
        t->slots[oc_loc_slot(t, locs, locs[l].is_mem, locs[l].key)] = l + 1;
}

unsigned oc_points_join(unsigned a, unsigned b)
{
    if (a == OC_POINTS_NULL)
        return b;
    if (b == OC_POINTS_NULL || a == b)
        return a;
    return OC_POINTS_ANY;
}

oc_offset oc_offset_join(oc_offset a, oc_offset b)
{
    if (a.kind == OC_OFFSET_NULL)
        return b;
    if (b.kind == OC_OFFSET_NULL || (a.kind == OC_OFFSET_ONE && b.kind == OC_OFFSET_ONE &&
                                     a.at == b.at))
        return a;
    return (oc_offset){ OC_OFFSET_ANY, 0 };
}

/* The location of the summary (+ 1), or 0 when the first walk did not
 * access it. */
static size_t summary_loc(const oc_memory_summary *m, bool is_mem, uint64_t key)
{
    return m->table.size ? m->table.slots[oc_loc_slot(&m->table, m->locs, is_mem, key)] : 0;
}

bool oc_memory_loaded_offset(const oc_memory_summary *m, bool is_mem, uint64_t key, int64_t *at)
{
    size_t l = m->offsets ? summary_loc(m, is_mem, key) : 0;
    if (!l || m->locs[l - 1].offset_guess.kind != OC_OFFSET_ONE)
        return false;
    *at = m->locs[l - 1].offset_guess.at;
    return true;
}

bool oc_memory_offsets_hold(const oc_memory_summary *m, const oc_location *locs, size_t n)
{
    for (size_t l = 0; l < n; l++) {
        int64_t at;
        if (oc_memory_loaded_offset(m, locs[l].is_mem, locs[l].key, &at) &&
            locs[l].offset.kind != OC_OFFSET_NULL &&
            (locs[l].offset.kind != OC_OFFSET_ONE || locs[l].offset.at != at))
            return false;
    }
    return true;
}

bool oc_memory_widen_offsets(oc_memory_summary *m, const oc_location *locs, size_t n)
{
    for (size_t l = 0; l < n; l++) {
        size_t k = summary_loc(m, locs[l].is_mem, locs[l].key);
        if (k)
            m->locs[k - 1].offset_guess =
                oc_offset_join(m->locs[k - 1].offset_guess, locs[l].offset);
    }
    for (size_t l = 0; l < m->n_locs; l++)
        if (m->locs[l].offset_guess.kind == OC_OFFSET_ONE)
            return true;
    return false;
}

unsigned oc_memory_loaded_region(const oc_memory_summary *m, bool is_mem, uint64_t key)
{
    size_t l = is_mem && !m->cells_complete ? 0 : summary_loc(m, is_mem, key);
    if (!l)
        return 0; /* not accessed by the first walk */
    unsigned pt = m->guessing ? m->locs[l - 1].points_guess : m->locs[l - 1].points;
    return pt == OC_POINTS_ANY ? 0 : pt;
}

/* Whether a pointer loaded from memory may point to the cell: it lies in
 * an escaping region, or in none the summary knows. */
static bool cell_escapes(const oc_memory_summary *m, uint64_t cell)
{
    for (size_t r = 0; r < m->n_regions; r++)
        if (cell >= m->regions[r].base && cell - m->regions[r].base < m->regions[r].n_cells)
            return m->regions[r].escapes;
    return true;
}

bool oc_memory_cell_unread(const oc_memory_summary *m, uint64_t cell)
{
    /* A blind access reads only escaping regions' cells: the reads of the
     * others are known all the same. */
    if (!m || (!m->reads_complete && cell_escapes(m, cell)))
        return false;
    size_t l = m->table.slots[oc_loc_slot(&m->table, m->locs, true, cell)];
    return !l || !m->locs[l - 1].read;
}

bool oc_memory_guess(const oc_memory_summary *m, oc_memory_summary *guess)
{
    size_t l = 0;
    while (l < m->n_locs && m->locs[l].points_guess == m->locs[l].points &&
           m->locs[l].offset_guess.kind != OC_OFFSET_ONE)
        l++;
    if (l == m->n_locs)
        return false;
    *guess = *m;
    guess->guessing = true;
    guess->offsets = true;
    /* The walk that assumes the guess knows every region, and the check
     * covers every store of that walk. */
    guess->cells_complete = true;
    guess->reads_complete = false;
    return true;
}

bool oc_memory_guess_holds(const oc_memory_summary *guess, const oc_location *locs, size_t n)
{
    for (size_t l = 0; l < n; l++) {
        unsigned r = oc_memory_loaded_region(guess, locs[l].is_mem, locs[l].key);
        if (r && locs[l].points != OC_POINTS_NULL && locs[l].points != r)
            return false;
    }
    return true;
}

void oc_memory_summary_free(oc_memory_summary *m)
{
    free(m->regions);
    free(m->locs);
    free(m->table.slots);
    *m = (oc_memory_summary){ 0 };
}
