/* Memory regions (objects and allocations) and which of them escape:
 * the candidate cells of an access through a pointer (walk.h). */
#include <ordo/xalloc.h>

#include "walk.h"

void oc_add_region(oc_encoding *enc, uint64_t base, uint64_t n, bool symbolic_size, bool escapes)
{
    XGROW(enc->regions, enc->n_regions, enc->cap_regions);
    enc->regions[enc->n_regions++] = (oc_region){ base, n, symbolic_size, escapes };
}

/* The region containing address a + 1, or 0. The cell one past a
 * region's end is no other region's (ir_build.c, exec_alloc): there a
 * one-past-the-end pointer points, into its own region. */
unsigned oc_region_of(const oc_encoding *enc, int64_t a)
{
    for (size_t r = 0; r < enc->n_regions; r++) {
        const oc_region *rg = &enc->regions[r];
        uint64_t n = rg->symbolic_size ? ALLOC_GAP : rg->n_cells + 1;
        if ((uint64_t)a >= rg->base && (uint64_t)a - rg->base < n)
            return (unsigned)r + 1;
    }
    return 0;
}

/* What a value stored in memory points to (memory.h). */
unsigned oc_points_of(const oc_encoding *enc, ordo_ir_val v)
{
    if (!v.is_const)
        return v.region ? v.region : OC_POINTS_ANY;
    if (v.c == 0)
        return OC_POINTS_NULL;
    unsigned r = oc_region_of(enc, v.c);
    return r ? r : OC_POINTS_ANY;
}

/* How far past its region's base a value stored in memory points. */
oc_offset oc_offset_of(const oc_encoding *enc, ordo_ir_val v)
{
    if (v.is_const && v.c == 0)
        return (oc_offset){ OC_OFFSET_NULL, 0 };
    unsigned r = v.is_const ? oc_region_of(enc, v.c) : 0;
    if (r)
        return (oc_offset){ OC_OFFSET_ONE, v.c - (int64_t)enc->regions[r - 1].base };
    return !v.is_const && v.at_offset ? (oc_offset){ OC_OFFSET_ONE, v.offset } : (oc_offset){ OC_OFFSET_ANY, 0 };
}

/* Marks the static regions whose address appears as a value (not only as
 * the address of an access): only those, and allocations, can be the
 * target of a pointer read from memory or passed around. */
static void mark_escaping_address(oc_encoding *enc, const ordo_expr *addr);

/* The region a stored or passed value may be the address of escapes. */
static void mark_escaping_value(oc_encoding *enc, int64_t value)
{
    unsigned r = oc_region_of(enc, value);
    if (r)
        enc->regions[r - 1].escapes = true;
}

/* The constants of e escape where its value flows (is stored, passed,
 * returned); the addresses of the accesses in it are looked at anyway. */
static void mark_escaping_expr(oc_encoding *enc, const ordo_expr *e, bool flows)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_LOAD) {
        mark_escaping_address(enc, e->kid[0]);
        return;
    }
    if (e->kind == ORDO_E_CONST) {
        if (flows)
            mark_escaping_value(enc, e->value);
        return;
    }
    for (int i = 0; i < 3; i++)
        mark_escaping_expr(enc, e->kid[i], flows);
}

/* The address of an access: its constant base, with offsets added or
 * subtracted, is the region it accesses (the address value keeps that
 * region: its candidates are the region's cells), not an escape. Any
 * other constant in it escapes: the value of `*(c ? &a : &b)`'s address
 * knows no region, so its candidates are the escaping regions' cells. */
static void mark_escaping_address(oc_encoding *enc, const ordo_expr *addr)
{
    if (!addr || addr->kind == ORDO_E_CONST)
        return;
    bool offset = addr->kind == ORDO_E_BINOP && (addr->op == ORDO_B_ADD || addr->op == ORDO_B_SUB);
    if (offset && addr->kid[1]->kind == ORDO_E_CONST) {
        mark_escaping_address(enc, addr->kid[0]);
        return;
    }
    if (offset && addr->op == ORDO_B_ADD && addr->kid[0]->kind == ORDO_E_CONST) {
        mark_escaping_address(enc, addr->kid[1]);
        return;
    }
    mark_escaping_expr(enc, addr, true);
}

static void mark_escaping_stmt(oc_encoding *enc, const ordo_stmt *st)
{
    for (unsigned i = 0; st->kind == ORDO_S_SEQ && i < st->n_stmts; i++)
        mark_escaping_stmt(enc, st->stmts[i]);
    bool flows = st->kind == ORDO_S_ASSIGN || st->kind == ORDO_S_THREAD_START ||
                 st->kind == ORDO_S_RETURN;
    mark_escaping_expr(enc, st->rhs, flows);
    for (unsigned i = 0; i < st->n_args; i++)
        mark_escaping_expr(enc, st->args[i], true);
    if (st->has_lhs && st->lhs.is_mem)
        mark_escaping_address(enc, st->lhs.addr);
    mark_escaping_address(enc, st->addr);
    mark_escaping_expr(enc, st->cond, false);
    mark_escaping_expr(enc, st->size, false);
}

/* The addresses in initial values escape too: `int **h = &c[1];`. */
void oc_mark_escaping_regions(oc_encoding *enc, const ordo_program *p)
{
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global || p->vars[v].is_thread_local)
            mark_escaping_value(enc, p->vars[v].init);
    for (unsigned o = 0; o < p->n_objects; o++)
        for (unsigned i = 0; i < p->objects[o].n_init; i++)
            mark_escaping_value(enc, p->objects[o].init_values[i]);
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            mark_escaping_stmt(enc, p->procs[f].edges[e].stmt);
}
