/* Events, literals and the potential relations (thesis Section 5.3.1). */
#include "events.h"

#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "rows.h"

void oc_events_init(oc_events *es)
{
    memset(es, 0, sizeof *es);
}

void oc_events_free(oc_events *es)
{
    free(es->ev);
    free(es->po);
    free(es->rf);
    free(es->ws);
    free(es->blocks);
    free(es->rf_of_read_start);
    free(es->rf_of_read);
    free(es->rf_of_write_start);
    free(es->rf_of_write);
    free(es->ws_of_write_start);
    free(es->ws_of_write);
    memset(es, 0, sizeof *es);
}

oc_lit oc_events_new_lit(oc_events *es)
{
    return ++es->n_lits;
}

unsigned oc_events_add(oc_events *es, oc_event_kind kind, unsigned thread, unsigned loc,
                       oc_lit guard)
{
    XGROW(es->ev, es->n, es->cap);
    es->ev[es->n] = (oc_event){ .kind = kind, .thread = thread, .loc = loc, .guard = guard,
                                .block = -1 };
    if (thread + 1 > es->n_threads)
        es->n_threads = thread + 1;
    return (unsigned)es->n++;
}

void oc_events_add_po(oc_events *es, unsigned from, unsigned to, oc_lit lit)
{
    XGROW(es->po, es->n_po, es->cap_po);
    es->po[es->n_po++] = (oc_po_edge){ from, to, lit };
}

size_t oc_events_add_rf(oc_events *es, unsigned w, unsigned r)
{
    XGROW(es->rf, es->n_rf, es->cap_rf);
    es->rf[es->n_rf] = (oc_rf_pair){ w, r, oc_events_new_lit(es) };
    return es->n_rf++;
}

size_t oc_events_add_ws(oc_events *es, unsigned a, unsigned b)
{
    XGROW(es->ws, es->n_ws, es->cap_ws);
    es->ws[es->n_ws] = (oc_ws_pair){ a, b, 0, 0 };
    return es->n_ws++;
}

void oc_events_add_ws_lits(oc_events *es)
{
    for (size_t i = 0; i < es->n_ws; i++) {
        if (es->ws[i].ab)
            continue;
        es->ws[i].ab = oc_events_new_lit(es);
        es->ws[i].ba = oc_events_new_lit(es);
    }
}

unsigned oc_events_add_block(oc_events *es, unsigned begin, unsigned end)
{
    XGROW(es->blocks, es->n_blocks, es->cap_blocks);
    es->blocks[es->n_blocks] = (oc_block){ begin, end };
    es->ev[begin].block = es->ev[end].block = (int)es->n_blocks;
    return (unsigned)es->n_blocks++;
}

/* Thesis Section 5.3.1: an rf variable for each pair where the read may
 * read the write's value; a ws pair for each two writes of one location.
 * A read never reads a write that program order puts after it. Events are
 * bucketed by location first. */
void oc_events_pair_up(oc_events *es, oc_po_query po_before, const void *ctx)
{
    /* synchronisation events go to an extra location, n_locs, left out */
    size_t n_locs = 0;
    for (size_t e = 0; e < es->n; e++)
        if (es->ev[e].kind != OC_SYNC && es->ev[e].loc + 1 > n_locs)
            n_locs = es->ev[e].loc + 1;
    size_t *key = xmalloc((es->n + 1) * sizeof *key);
    for (size_t e = 0; e < es->n; e++)
        key[e] = es->ev[e].kind == OC_SYNC ? n_locs : es->ev[e].loc;
    size_t *start, *bucket;
    oc_rows_by_key(n_locs + 1, es->n, 1, key, &start, &bucket);
    free(key);
    for (size_t l = 0; l < n_locs; l++)
        for (size_t i = start[l]; i < start[l + 1]; i++) {
            unsigned a = (unsigned)bucket[i];
            for (size_t j = start[l]; j < start[l + 1]; j++) {
                unsigned b = (unsigned)bucket[j];
                if (es->ev[a].kind == OC_READ && es->ev[b].kind == OC_WRITE &&
                    !po_before(ctx, a, b))
                    oc_events_add_rf(es, b, a);
                if (es->ev[a].kind == OC_WRITE && es->ev[b].kind == OC_WRITE && a < b)
                    oc_events_add_ws(es, a, b);
            }
        }
    free(start);
    free(bucket);
}

void oc_events_index(oc_events *es)
{
    size_t n_keys = es->n_rf > 2 * es->n_ws ? es->n_rf : 2 * es->n_ws;
    size_t *key = xmalloc((n_keys + 1) * sizeof *key);
    for (size_t i = 0; i < es->n_rf; i++)
        key[i] = es->rf[i].r;
    free(es->rf_of_read_start);
    free(es->rf_of_read);
    oc_rows_by_key(es->n, es->n_rf, 1, key, &es->rf_of_read_start, &es->rf_of_read);
    for (size_t i = 0; i < es->n_rf; i++)
        key[i] = es->rf[i].w;
    free(es->rf_of_write_start);
    free(es->rf_of_write);
    oc_rows_by_key(es->n, es->n_rf, 1, key, &es->rf_of_write_start, &es->rf_of_write);
    for (size_t i = 0; i < es->n_ws; i++) {
        key[2 * i] = es->ws[i].a;
        key[2 * i + 1] = es->ws[i].b;
    }
    free(es->ws_of_write_start);
    free(es->ws_of_write);
    oc_rows_by_key(es->n, es->n_ws, 2, key, &es->ws_of_write_start, &es->ws_of_write);
    free(key);
}
