/* Unit tests of the owners and locals of PRED's predicates (pred_shape.c):
 * what each predicate binds and reads, computed once per index, and again
 * when another predicate takes an index. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/ir_build.h>

#include "../../engines/cegar/pred_shape.h"
#include "ir_fixtures.h"

/* g a global; a, b locals of f; c a local of h; d a local of k. The
 * predicates: g == 1, a + b == a (f's a and b), a == c (f and h), and
 * a + c == d (three owners: no instance). */
static void shapes_name_owners_and_locals(void **unused)
{
    (void)unused;
    ordo_program *p = ordo_program_new("shape.c", ORDO_DM_LP64);
    unsigned f = ordo_add_proc(p, "f"), h = ordo_add_proc(p, "h"), k = ordo_add_proc(p, "k");
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0), a = ordo_add_var(p, "a", i32(), (int)f, 0);
    unsigned b = ordo_add_var(p, "b", i32(), (int)f, 0), c = ordo_add_var(p, "c", i32(), (int)h, 0);
    unsigned d = ordo_add_var(p, "d", i32(), (int)k, 0);
    cg_prec prec;
    cg_prec_init(&prec, p->n_vars);
    const ordo_expr *preds[4] = {
        bin(p, ORDO_B_EQ, var(p, g), num(p, 1)),
        bin(p, ORDO_B_EQ, bin(p, ORDO_B_ADD, var(p, a), var(p, b)), var(p, a)),
        bin(p, ORDO_B_EQ, var(p, a), var(p, c)),
        bin(p, ORDO_B_EQ, bin(p, ORDO_B_ADD, var(p, a), var(p, c)), var(p, d)),
    };
    prec.preds = (const ordo_expr **)preds;
    prec.n_preds = 4;
    cg_pred_shapes *x = cg_pred_shapes_new();
    const cg_pred_shape *s = cg_pred_shape_of(x, p, &prec, 1);
    assert_true(s->bindable);
    assert_int_equal(s->owners.n, 1);
    assert_int_equal(s->owners.owner[0], f);
    assert_int_equal(s->n_locals, 2);
    assert_int_equal(s->locals[0], a);
    assert_int_equal(s->locals[1], b);
    s = cg_pred_shape_of(x, p, &prec, 0);
    assert_true(s->bindable);
    assert_int_equal(s->owners.n, 0);
    assert_int_equal(s->n_locals, 0);
    s = cg_pred_shape_of(x, p, &prec, 2);
    assert_int_equal(s->owners.n, 2);
    assert_int_equal(s->owners.owner[1], h);
    assert_int_equal(s->n_locals, 2);
    assert_false(cg_pred_shape_of(x, p, &prec, 3)->bindable);
    /* index 0 now holds a == c: its shape is made again */
    preds[0] = preds[2];
    s = cg_pred_shape_of(x, p, &prec, 0);
    assert_int_equal(s->owners.n, 2);
    assert_int_equal(s->locals[1], c);
    cg_pred_shapes_free(x);
    prec.preds = NULL;
    prec.n_preds = 0;
    cg_prec_free(&prec);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shapes_name_owners_and_locals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
