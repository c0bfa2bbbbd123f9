/* ψ_ssa's relations (thesis Section 5.3.1): RF-Val, RF-Some, ρ_err, and
 * for the SC stage WS-Cond, WS-Some. */
#include <stdlib.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "encoding.h"
#include "po.h"

static ordo_term guard_of(oc_encoding *enc, unsigned e)
{
    return enc->info[e].guard ? enc->info[e].guard : ordo_smt_bool(enc->ar.s, true);
}

/* Gives literal `lit` (created by the event layer) a fresh Bool variable. */
static ordo_term name_literal(oc_encoding *enc, oc_lit lit, const char *prefix)
{
    while (lit >= enc->cap_lit_term) {
        enc->cap_lit_term = enc->cap_lit_term ? 2 * enc->cap_lit_term : 256;
        enc->lit_term = xrealloc(enc->lit_term, enc->cap_lit_term * sizeof *enc->lit_term);
    }
    enc->lit_term[lit] = oc_enc_fresh(enc, prefix, ordo_smt_bool_sort(enc->ar.s));
    return enc->lit_term[lit];
}

/* Past enc->cpu_stop_s the encoding stops (polled per 4096 pairs). */
static bool out_of_time(oc_encoding *enc, size_t i)
{
    if (ordo_cpu_stop_reached(enc->cpu_stop_s, i, 4096))
        enc->out_of_time = true;
    return enc->out_of_time;
}

/* RF-Val: rf ⇒ grd_w ∧ grd_r ∧ val_w = val_r; RF-Some: grd_r ⇒ ∨ rf. */
static void encode_read_from(oc_encoding *enc)
{
    ordo_smt *s = enc->ar.s;
    oc_events *es = &enc->es;
    for (size_t i = 0; i < es->n_rf && !out_of_time(enc, i); i++) {
        const oc_rf_pair *p = &es->rf[i];
        ordo_term rf = name_literal(enc, p->lit, "rf");
        ordo_term parts[3] = { guard_of(enc, p->w), guard_of(enc, p->r),
                               ordo_smt_app2(s, ORDO_OP_EQ, enc->info[p->w].value,
                                             enc->info[p->r].value) };
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, rf, ordo_smt_app(s, ORDO_OP_AND, 3,
                                                                                parts)));
    }
    if (enc->out_of_time) /* unnamed rf literals: nothing more to say */
        return;
    for (size_t r = 0; r < es->n; r++) {
        if (es->ev[r].kind != OC_READ)
            continue;
        size_t n = es->rf_of_read_start[r + 1] - es->rf_of_read_start[r];
        ordo_term *some = xmalloc((n + 1) * sizeof *some);
        for (size_t k = 0; k < n; k++)
            some[k] = enc->lit_term[es->rf[es->rf_of_read[es->rf_of_read_start[r] + k]].lit];
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, guard_of(enc, (unsigned)r),
                                         ordo_smt_app(s, ORDO_OP_OR, (unsigned)n, some)));
        free(some);
    }
}

/* WS-Cond: ws ⇒ grd_a ∧ grd_b; WS-Some: grd_a ∧ grd_b ⇒ ws_ab ∨ ws_ba.
 * Writes that static program order orders are serialized its way: the
 * other literal closes a cycle with <_po, so it is false (a unit the
 * solver no longer decides: 10,000 thread-id cells written twice by main
 * made 30,000 ws literals and 7 million decisions, 63 s, each cycle a
 * propagator conflict). */
static void encode_write_serialization(oc_encoding *enc)
{
    ordo_smt *s = enc->ar.s;
    oc_events *es = &enc->es;
    oc_events_add_ws_lits(es);
    for (size_t i = 0; i < es->n_ws && !out_of_time(enc, i); i++) {
        const oc_ws_pair *p = &es->ws[i];
        ordo_term ab = name_literal(enc, p->ab, "ws"), ba = name_literal(enc, p->ba, "ws");
        ordo_term both = ordo_smt_app2(s, ORDO_OP_AND, guard_of(enc, p->a), guard_of(enc, p->b));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, ab, both));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, ba, both));
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, both,
                                         ordo_smt_app2(s, ORDO_OP_OR, ab, ba)));
        ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, ordo_smt_app2(s, ORDO_OP_AND, ab, ba)));
        if (oc_po_before(enc->po, p->a, p->b))
            ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, ba));
        else if (oc_po_before(enc->po, p->b, p->a))
            ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT, ab));
    }
}

/* ρ_err: some error statement is reached while the program still runs. */
static void encode_error(oc_encoding *enc)
{
    ordo_smt *s = enc->ar.s;
    ordo_term *fired = xmalloc((enc->n_errors + 1) * sizeof *fired);
    for (size_t i = 0; i < enc->n_errors; i++)
        fired[i] = enc->errors[i].fired;
    ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_OR, (unsigned)enc->n_errors, fired));
    free(fired);
}

bool oc_encode_relations(oc_encoding *enc, const oc_po *po, bool ws, oc_goal goal)
{
    enc->po = po;
    oc_events_pair_up(&enc->es, oc_po_query_fn, po);
    oc_events_index(&enc->es);
    encode_read_from(enc);
    if (ws && !enc->out_of_time)
        encode_write_serialization(enc);
    if (enc->out_of_time)
        return false;
    oc_events_index(&enc->es);
    if (goal == OC_GOAL_ERROR)
        encode_error(enc);
    else /* some path reaches an unwinding edge (thread_walk.c) */
        ordo_smt_assert(enc->ar.s, oc_guard_term(enc, enc->cut));
    return true;
}

void oc_enc_assert_conflict(oc_encoding *enc, const oc_lit *lits, size_t n)
{
    ordo_smt *s = enc->ar.s;
    ordo_term *neg = xmalloc((n + 1) * sizeof *neg);
    for (size_t i = 0; i < n; i++)
        neg[i] = ordo_smt_app1(s, ORDO_OP_NOT, enc->lit_term[lits[i]]);
    ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_OR, (unsigned)n, neg));
    free(neg);
}
