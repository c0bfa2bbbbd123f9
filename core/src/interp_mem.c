/* The interpreter's memory: cells in a hash map (absent = 0) and the table
 * of objects that says which addresses are valid (ir.h, "cell memory"). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "interp_internal.h"

enum { OBJECT_ALIGN = 16 }; /* as in ir_build.c: readable addresses */

static size_t hash(uint64_t k, size_t cap)
{
    k *= 0x9e3779b97f4a7c15ULL;
    return (size_t)(k >> 17) & (cap - 1);
}

static size_t find_slot(const interp_mem *m, uint64_t addr)
{
    size_t i = hash(addr, m->cap);
    while (m->keys[i] && m->keys[i] != addr)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static void grow(interp_mem *m)
{
    uint64_t *keys = m->keys;
    int64_t *vals = m->vals;
    size_t cap = m->cap;
    m->cap = cap ? 2 * cap : 256;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    for (size_t i = 0; i < cap; i++)
        if (keys[i]) {
            size_t j = find_slot(m, keys[i]);
            m->keys[j] = keys[i];
            m->vals[j] = vals[i];
        }
    free(keys);
    free(vals);
}

int64_t interp_mem_get(const interp_mem *m, uint64_t addr)
{
    size_t i = find_slot(m, addr);
    return m->keys[i] ? m->vals[i] : 0;
}

void interp_mem_set(interp_mem *m, uint64_t addr, int64_t v)
{
    if (2 * (m->used + 1) > m->cap)
        grow(m);
    size_t i = find_slot(m, addr);
    if (!m->keys[i]) {
        m->keys[i] = addr;
        m->used++;
    }
    m->vals[i] = v;
}

static void add_object(interp_mem *m, uint64_t base, uint64_t n, bool heap)
{
    XGROW(m->objs, m->n_objs, m->cap_objs);
    size_t i = m->n_objs++;
    while (i > 0 && m->objs[i - 1].base > base) { /* keep sorted by base */
        m->objs[i] = m->objs[i - 1];
        i--;
    }
    m->objs[i] = (interp_object){ .base = base, .n_cells = n, .live = true, .heap = heap };
}

void interp_mem_init(interp_mem *m, const ordo_program *p)
{
    *m = (interp_mem){ 0 };
    grow(m);
    for (unsigned i = 0; i < p->n_objects; i++) {
        const ordo_object *o = &p->objects[i];
        add_object(m, o->base, o->n_cells, false);
        for (unsigned k = 0; k < o->n_init; k++)
            interp_mem_set(m, o->base + o->init_offsets[k], o->init_values[k]);
    }
    m->next_base = p->next_address;
}

void interp_mem_free(interp_mem *m)
{
    free(m->keys);
    free(m->vals);
    free(m->objs);
}

/* The object whose base is the greatest one <= addr, or NULL. */
static interp_object *object_at(const interp_mem *m, uint64_t addr)
{
    size_t lo = 0, hi = m->n_objs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->objs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &m->objs[lo - 1] : NULL;
}

bool interp_mem_valid(const interp_mem *m, uint64_t addr)
{
    const interp_object *o = object_at(m, addr);
    return o && o->live && addr - o->base < o->n_cells;
}

uint64_t ordo_alloc_base(uint64_t *next, uint64_t n_cells)
{
    uint64_t base = *next;
    uint64_t span = n_cells ? n_cells : 1;
    *next += (span + OBJECT_ALIGN - 1) / OBJECT_ALIGN * OBJECT_ALIGN;
    return base;
}

uint64_t interp_mem_alloc(interp_mem *m, uint64_t n_cells)
{
    uint64_t base = ordo_alloc_base(&m->next_base, n_cells);
    add_object(m, base, n_cells, true); /* fresh addresses: cells read as 0 */
    return base;
}

bool interp_mem_release(interp_mem *m, uint64_t addr)
{
    interp_object *o = object_at(m, addr);
    if (!o || o->base != addr || !o->heap || !o->live)
        return false;
    o->live = false;
    return true;
}
