/* Value sets (ordo/ir_smt.h: ordo_ir_val.vals): the few constants a term
 * can take where the translation sees it, so that an engine can tell the
 * cells an address may denote (oc: a pointer loaded from one of a few
 * cells that hold constants is an ite over them). Each set is exact or
 * larger: an ite takes one of its branches' values, a pointer moved by a
 * constant each of its values moved the way the term moves it. */
#include <stdlib.h>
#include <string.h>

#include <ordo/expr_eval.h>
#include <ordo/xalloc.h>

#include "ir_smt_vals.h"

struct ordo_ir_val_sets {
    int64_t **sets;
    size_t n, cap;
};

ordo_ir_val_sets *ordo_ir_val_sets_new(void)
{
    return xcalloc(1, sizeof(ordo_ir_val_sets));
}

void ordo_ir_val_sets_free(ordo_ir_val_sets *sets)
{
    if (!sets)
        return;
    for (size_t i = 0; i < sets->n; i++)
        free(sets->sets[i]);
    free(sets->sets);
    free(sets);
}

/* v's values into out (room for ORDO_IR_MAX_VALUES); false: v has none. */
static bool values_of(ordo_ir_val v, int64_t *out, unsigned *n)
{
    if (v.is_const) {
        out[0] = v.c;
        *n = 1;
        return true;
    }
    if (!v.n_vals)
        return false;
    memcpy(out, v.vals, v.n_vals * sizeof *out);
    *n = v.n_vals;
    return true;
}

static int by_value(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* Gives r the values vals[0..n) (sorted, without repeats), kept in a's
 * sets, when there are at most ORDO_IR_MAX_VALUES of them. */
static void attach(const ordo_ir_smt *a, ordo_ir_val *r, int64_t *vals, unsigned n)
{
    qsort(vals, n, sizeof *vals, by_value);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (k == 0 || vals[i] != vals[k - 1])
            vals[k++] = vals[i];
    if (k > ORDO_IR_MAX_VALUES)
        return;
    ordo_ir_val_sets *s = a->sets;
    int64_t *kept = xmalloc(k * sizeof *kept);
    memcpy(kept, vals, k * sizeof *kept);
    XGROW(s->sets, s->n, s->cap);
    s->sets[s->n++] = kept;
    r->vals = kept;
    r->n_vals = k;
}

void ordo_ir_join_values(const ordo_ir_smt *a, ordo_ir_val *r, ordo_ir_val x, ordo_ir_val y)
{
    int64_t vals[2 * ORDO_IR_MAX_VALUES];
    unsigned nx, ny;
    if (a->sets && values_of(x, vals, &nx) && values_of(y, vals + nx, &ny))
        attach(a, r, vals, nx + ny);
}

void ir_vals_moved(const ordo_ir_smt *a, ordo_ir_val *r, ordo_type t, ordo_ir_val x, int64_t d)
{
    int64_t vals[ORDO_IR_MAX_VALUES];
    unsigned n;
    if (!a->sets || x.is_const || !values_of(x, vals, &n))
        return;
    for (unsigned i = 0; i < n; i++)
    {
        int64_t moved = (int64_t)((uint64_t)vals[i] + (uint64_t)d);
        vals[i] = a->bv ? ordo_value_wrap(t, moved) : moved;
    }
    attach(a, r, vals, n);
}
