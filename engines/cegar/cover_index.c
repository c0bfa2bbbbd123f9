/* The ARG's coverage candidates by control part (cover_index.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "cover_index.h"

cg_sig cg_sig_of(const cg_state *s)
{
    cg_sig g = { { 0 } };
    for (unsigned i = 0; i < s->n_vals; i++) {
        uint64_t h = (s->vals[i].key ^ (uint64_t)s->vals[i].value * UINT64_C(0x9e3779b97f4a7c15)) *
                     UINT64_C(0xff51afd7ed558ccd);
        unsigned bit = (unsigned)(h >> 56); /* the top byte: 0..255 */
        g.w[bit / 64] |= UINT64_C(1) << (bit % 64);
    }
    return g;
}

void cg_cover_index_init(cg_cover_index *x)
{
    x->n_slots = 1u << 10;
    x->n_classes = 0;
    x->slots = xcalloc(x->n_slots, sizeof *x->slots);
}

void cg_cover_index_free(cg_cover_index *x)
{
    for (unsigned i = 0; i < x->n_slots; i++)
        free(x->slots[i].v);
    free(x->slots);
    *x = (cg_cover_index){ 0 };
}

static cg_cover_class *probe(cg_cover_class *slots, unsigned n_slots, uint64_t h)
{
    unsigned i = (unsigned)(h ^ h >> 32) & (n_slots - 1);
    while (slots[i].v && slots[i].control_hash != h)
        i = (i + 1) & (n_slots - 1);
    return &slots[i];
}

/* Twice the slots once they are half full. */
static void grow(cg_cover_index *x)
{
    cg_cover_class *was = x->slots;
    unsigned old = x->n_slots;
    x->n_slots *= 2;
    x->slots = xcalloc(x->n_slots, sizeof *x->slots);
    for (unsigned i = 0; i < old; i++)
        if (was[i].v)
            *probe(x->slots, x->n_slots, was[i].control_hash) = was[i];
    free(was);
}

cg_cover_class *cg_cover_class_at(cg_cover_index *x, uint64_t h, bool create)
{
    cg_cover_class *c = probe(x->slots, x->n_slots, h);
    if (c->v || !create)
        return c->v ? c : NULL;
    if (2 * (x->n_classes + 1) > x->n_slots) {
        grow(x);
        c = probe(x->slots, x->n_slots, h);
    }
    x->n_classes++;
    *c = (cg_cover_class){ .control_hash = h, .cap = 4 };
    c->v = xmalloc(c->cap * sizeof *c->v);
    return c;
}
