/* Guards of the walk (walk.h): the conditions under which events happen,
 * named by fresh Boolean constants. */
#include <ordo/xalloc.h>

#include "walk.h"

oc_guard oc_guard_var(oc_encoding *enc, ordo_term definition)
{
    ordo_term v = oc_enc_fresh(enc, "g", ordo_smt_bool_sort(enc->ar.s));
    ordo_smt_assert(enc->ar.s, ordo_smt_app2(enc->ar.s, ORDO_OP_EQ, v, definition));
    return (oc_guard){ OC_G_VAR, v, oc_enc_lit(enc, v) };
}

ordo_term oc_guard_term(oc_encoding *enc, oc_guard g)
{
    return g.kind == OC_G_VAR ? g.t : ordo_smt_bool(enc->ar.s, g.kind == OC_G_TRUE);
}

/* g ∧ c for a Bool value c (constant-folded). */
oc_guard oc_guard_and(oc_encoding *enc, oc_guard g, ordo_ir_val c)
{
    if (g.kind == OC_G_FALSE || (c.is_const && !c.c))
        return (oc_guard){ OC_G_FALSE, NULL, 0 };
    if (c.is_const)
        return g;
    if (g.kind == OC_G_TRUE)
        return oc_guard_var(enc, c.t);
    return oc_guard_var(enc, ordo_smt_app2(enc->ar.s, ORDO_OP_AND, g.t, c.t));
}

/* g ∨ h for two guards. */
oc_guard oc_guard_or(oc_encoding *enc, oc_guard g, oc_guard h)
{
    if (g.kind == OC_G_TRUE || h.kind == OC_G_FALSE)
        return g;
    if (h.kind == OC_G_TRUE || g.kind == OC_G_FALSE)
        return h;
    return oc_guard_var(enc, ordo_smt_app2(enc->ar.s, ORDO_OP_OR, g.t, h.t));
}

/* g ∧ h for two guards. */
oc_guard oc_guard_and_guard(oc_encoding *enc, oc_guard g, oc_guard h)
{
    if (h.kind == OC_G_TRUE)
        return g;
    if (h.kind == OC_G_FALSE)
        return h;
    return oc_guard_and(enc, g, ordo_ir_sym(h.t));
}
