/* Main's values at its first thread creation (walk.h, issue 32): a
 * location main last stored a constant to, at its address, on its one
 * path (the store-to-load forwarding of access_events.c), and that no
 * write of the walk changes afterwards, holds that constant for every
 * thread: goblint-regression's list tasks build their lists in main and
 * the threads follow the pointers main stored, which stay constants.
 *
 * Soundness. The walk assumes it for every such location ("frozen") at
 * the first creation, notes every later write that may reach one (an
 * event, a candidate cell of a symbolic address, a write a walk leaves
 * out) and the walk is done again without the locations it noted
 * (verify.c), until a walk notes none. In such a walk the assumption
 * holds in every execution, by induction over its steps: up to a read of
 * a frozen location every value was exact, so every write so far is one
 * the walk has (the address it computed is among the walk's candidates),
 * none of them after the creation reached the location, and before the
 * creation main was the only thread and on the one path on which every
 * execution that creates a thread did main's stores in order: the last
 * of them, the constant, is what the location holds. */
#include <stdlib.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "walk.h"

void oc_loc_ids_add(oc_loc_ids *ids, bool is_mem, uint64_t key)
{
    XGROW(ids->ids, ids->n, ids->cap);
    ids->ids[ids->n++] = (oc_loc_id){ is_mem, key };
}

static bool has(const oc_loc_ids *ids, bool is_mem, uint64_t key)
{
    for (size_t i = 0; ids && i < ids->n; i++)
        if (ids->ids[i].is_mem == is_mem && ids->ids[i].key == key)
            return true;
    return false;
}

void oc_loc_ids_free(oc_loc_ids *ids)
{
    free(ids->ids);
    *ids = (oc_loc_ids){ 0 };
}

void oc_freeze_main_values(oc_encoding *enc)
{
    if (!enc->freeze || !enc->main_one_path)
        return;
    size_t n = 0;
    for (size_t i = 0; i < enc->n_locs; i++) {
        oc_location *l = &enc->locs[i];
        /* _Bool locations (the liveness location among them) are never
         * forwarded */
        l->frozen = l->holds_known && l->type.kind != ORDO_TY_BOOL &&
                    !has(enc->thawed, l->is_mem, l->key);
        n += l->frozen;
    }
    ordo_log(ORDO_LOG_INFO, "oc: threads read %zu locations as main left them before its "
             "first thread", n);
}

void oc_note_late_write(oc_encoding *enc, unsigned loc)
{
    oc_location *l = &enc->locs[loc];
    l->holds_known = false;
    if (!l->frozen)
        return;
    l->frozen = false;
    oc_loc_ids_add(&enc->thaw, l->is_mem, l->key);
}
