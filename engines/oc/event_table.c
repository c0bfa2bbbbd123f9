/* The encoding's tables (encoding.h): fresh constants and literals, the
 * events, the locations with their initial writes; freeing them. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_build.h>
#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "cell_ranges.h"
#include "walk.h"

ordo_term oc_enc_fresh(oc_encoding *enc, const char *prefix, ordo_sort sort)
{
    char name[64];
    snprintf(name, sizeof name, "%s!%lu", prefix, enc->fresh++);
    return ordo_smt_var(enc->ar.s, name, sort);
}

oc_lit oc_enc_lit(oc_encoding *enc, ordo_term t)
{
    oc_lit l = oc_events_new_lit(&enc->es);
    while (l >= enc->cap_lit_term) {
        enc->cap_lit_term = enc->cap_lit_term ? 2 * enc->cap_lit_term : 256;
        enc->lit_term = xrealloc(enc->lit_term, enc->cap_lit_term * sizeof *enc->lit_term);
    }
    enc->lit_term[l] = t;
    return l;
}

void oc_unsupported(oc_encoding *enc, const ordo_stmt *st, const char *fmt, ...)
{
    if (enc->unsupported)
        return;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    enc->unsupported = xasprintf("unsupported: %s (%s:%u)", what,
                                 st && st->file ? st->file : "?", st ? st->line : 0);
}

/* Appends an event; init events belong to no thread instance. */
unsigned oc_add_event(oc_encoding *enc, oc_event_kind kind, unsigned ethread, unsigned loc,
                      oc_guard g, unsigned instance, const ordo_stmt *st)
{
    oc_lit lit = g.kind == OC_G_VAR ? g.lit : g.kind == OC_G_FALSE ? enc->false_lit : 0;
    unsigned e = oc_events_add(&enc->es, kind, ethread, loc, lit);
    if (e >= enc->cap_info) {
        enc->cap_info = enc->cap_info ? 2 * enc->cap_info : 256;
        enc->info = xrealloc(enc->info, enc->cap_info * sizeof *enc->info);
    }
    enc->info[e] = (oc_event_info){ .instance = instance, .stmt = st,
                                    .guard = g.kind == OC_G_TRUE ? NULL : enc->lit_term[lit] };
    if (enc->unsupported) /* already stopping */
        return e;
    if (enc->es.n > enc->max_events) {
        enc->too_many_events = true;
        enc->unsupported = xasprintf("too many events (more than %zu)", enc->max_events);
    } else if (ordo_cpu_stop_reached(enc->cpu_stop_s, e, 1024)) {
        enc->out_of_time = true;
        enc->unsupported = xasprintf("out of time while building events");
    }
    return e;
}

/* The initial value of a location: a global's initialiser, a static
 * object's initial cell, else 0. */
static int64_t initial_value(const ordo_program *p, bool is_mem, uint64_t key)
{
    if (!is_mem)
        return p->vars[key].init;
    for (unsigned o = 0; o < p->n_objects; o++) {
        const ordo_object *ob = &p->objects[o];
        if (key < ob->base || key >= ob->base + ob->n_cells)
            continue;
        for (unsigned i = 0; i < ob->n_init; i++)
            if (ob->init_offsets[i] == key - ob->base)
                return ob->init_values[i];
    }
    return 0;
}

/* The location's initial write, once something accesses it. */
static void initial_write(oc_encoding *enc, unsigned loc)
{
    oc_location *l = &enc->locs[loc];
    if (l->has_initial_write)
        return;
    l->has_initial_write = true;
    int64_t init = loc == enc->live_loc ? 1 : initial_value(enc->p, l->is_mem, l->key);
    unsigned w = oc_add_event(enc, OC_WRITE, 0, loc, OC_TRUE_GUARD, UINT_MAX, NULL);
    enc->info[w].value = ordo_ir_term(&enc->ar, l->type, ordo_ir_const(&enc->ar, l->type, init));
    oc_events_add_po(&enc->es, w, enc->init_done, 0);
}

/* The location of a global or cell with its initial write (thread 0 =
 * init, before main by program order). A global has its variable's type;
 * a cell holds any scalar, as a 64-bit integer like the interpreter's
 * cells, and accesses convert to and from it. */
unsigned oc_location_of(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type)
{
    unsigned loc = oc_location_noted(enc, is_mem, key, type);
    initial_write(enc, loc);
    return loc;
}

unsigned oc_location_noted(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type)
{
    if (is_mem)
        type = ordo_ty_int(64, true);
    else if (key != LIVE_KEY)
        type = enc->p->vars[key].type;
    oc_loc_table_reserve(&enc->loc_table, enc->locs, enc->n_locs);
    size_t h = oc_loc_slot(&enc->loc_table, enc->locs, is_mem, key);
    if (enc->loc_table.slots[h])
        return (unsigned)(enc->loc_table.slots[h] - 1);
    XGROW(enc->locs, enc->n_locs, enc->cap_locs);
    unsigned loc = (unsigned)enc->n_locs++;
    int64_t init = loc == enc->live_loc ? 1 : initial_value(enc->p, is_mem, key);
    ordo_ir_val v = ordo_ir_const(&enc->ar, type, init);
    enc->locs[loc] = (oc_location){ .is_mem = is_mem, .key = key, .type = type,
                                    .points = oc_points_of(enc, v),
                                    .points_guess = oc_points_of(enc, v),
                                    .offset = oc_offset_of(enc, v),
                                    .offset_guess = oc_offset_of(enc, v) };
    oc_cell_range_start(&enc->locs[loc], v.c);
    enc->loc_table.slots[h] = loc + 1;
    return loc;
}

bool oc_memory_summarize(oc_encoding *enc, oc_memory_summary *out)
{
    if (!enc->blind_access && !enc->writes_deferred)
        return false;
    *out = (oc_memory_summary){ .regions = enc->regions, .n_regions = enc->n_regions,
                                .locs = enc->locs, .n_locs = enc->n_locs,
                                .table = enc->loc_table,
                                .cells_complete = !enc->blind_write_before_alloc,
                                .reads_complete = !enc->blind_access };
    enc->regions = NULL;
    enc->locs = NULL;
    enc->loc_table = (oc_loc_table){ 0 };
    return true;
}

void oc_encoding_free(oc_encoding *enc)
{
    oc_events_free(&enc->es);
    free(enc->lit_term);
    free(enc->info);
    free(enc->locs);
    free(enc->loc_table.slots);
    free(enc->threads);
    free(enc->havocs);
    free(enc->errors);
    free(enc->sections);
    free(enc->regions);
    free(enc->unsupported);
    oc_loc_ids_free(&enc->thaw);
    ordo_ir_val_sets_free(enc->ar.sets);
    memset(enc, 0, sizeof *enc);
}
