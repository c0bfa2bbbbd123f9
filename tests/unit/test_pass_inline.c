/* Unit tests of inlining and program cloning (core/src/pass_inline.c,
 * core/src/ir_copy.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/passes.h>

#include "ir_fixtures.h"

static unsigned count_kind(const ordo_program *p, unsigned proc, ordo_stmt_kind k)
{
    unsigned n = 0;
    for (unsigned e = 0; e < p->procs[proc].n_edges; e++)
        n += p->procs[proc].edges[e].stmt->kind == k;
    return n;
}

static int find_var(const ordo_program *p, const char *name)
{
    for (unsigned v = 0; v < p->n_vars; v++)
        if (!strcmp(p->vars[v].name, name))
            return (int)v;
    return -1;
}

static void call_is_replaced_by_the_body(void **state)
{
    (void)state;
    ordo_program *p = fixture_call();
    char *err = NULL;
    assert_int_equal(ordo_pass_inline(p, 0, &err), 0);
    assert_int_equal(count_kind(p, 0, ORDO_S_CALL), 0);
    assert_int_equal(count_kind(p, 0, ORDO_S_RETURN), 0);
    assert_int_equal(p->procs[1].n_edges, 0); /* f is no root: emptied */
    int a1 = find_var(p, "a#1");
    assert_true(a1 >= 0);
    assert_int_equal(p->vars[a1].proc, 0);
    /* the parameter assignment keeps the call's position; x := a#1 + 1
     * keeps the return's */
    bool param = false, result = false;
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        if (s->kind == ORDO_S_ASSIGN && s->lhs.var == (unsigned)a1)
            param = s->line == 1;
        if (s->kind == ORDO_S_ASSIGN && s->rhs->kind == ORDO_E_BINOP)
            result = s->line == 30 && s->rhs->kid[0]->var == (unsigned)a1;
    }
    assert_true(param);
    assert_true(result);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_ERROR);
    ordo_program_free(p);
}

/* A parameter receives its argument converted to the parameter's type (a
 * call through a pointer may pass an int to an unsigned char), as the
 * interpreter passes it: the engines see the conversion in the IR. */
static void argument_is_converted_to_the_parameter_type(void **state)
{
    (void)state;
    ordo_program *p = fixture_call();
    ordo_type u8 = ordo_ty_int(8, false);
    p->vars[find_var(p, "a")].type = u8;
    char *err = NULL;
    assert_int_equal(ordo_pass_inline(p, 0, &err), 0);
    int a1 = find_var(p, "a#1");
    unsigned casts = 0;
    for (unsigned e = 0; e < p->procs[0].n_edges; e++) {
        const ordo_stmt *s = p->procs[0].edges[e].stmt;
        if (s->kind == ORDO_S_ASSIGN && s->lhs.var == (unsigned)a1) {
            assert_int_equal(s->rhs->kind, ORDO_E_CAST);
            assert_int_equal(s->rhs->type.width, 8);
            assert_false(s->rhs->type.is_signed);
            casts++;
        }
    }
    assert_int_equal(casts, 1);
    ordo_program_free(p);
}

static void recursion_is_unsupported_unless_bounded(void **state)
{
    (void)state;
    ordo_program *p = fixture_recursion(2);
    char *err = NULL;
    assert_int_equal(ordo_pass_inline(p, 0, &err), ORDO_FRONTEND_UNSUPPORTED);
    assert_string_equal(err, "unsupported: recursion (rec calls itself) (t.c:41)");
    free(err);
    assert_int_equal(count_kind(p, 0, ORDO_S_CALL), 1); /* left as it was */
    ordo_program_free(p);

    /* rec(2) needs 3 activations: enough with 3, cut with 2 */
    p = fixture_recursion(2);
    assert_int_equal(ordo_pass_inline(p, 3, &err), 0);
    assert_true(ordo_program_has_unwinding(p));
    assert_int_equal(count_kind(p, 0, ORDO_S_CALL), 0);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_ERROR);
    ordo_program_free(p);
    p = fixture_recursion(2);
    assert_int_equal(ordo_pass_inline(p, 2, &err), 0);
    assert_int_equal(run_all(p, NULL, 0), ORDO_STEP_BLOCKED);
    ordo_program_free(p);
}

/* main starts worker; worker calls f(41) and writes the result to g. */
static void thread_entries_are_inlined_too(void **state)
{
    (void)state;
    ordo_program *p = fixture_call();
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    unsigned w = ordo_add_proc(p, "worker");
    ordo_lvalue lg = ordo_lv_var(p, g);
    const ordo_expr *args[] = { num(p, 1) };
    unsigned l = p->procs[w].init_loc;
    then(p, w, &l, ordo_s_call(p, &lg, 1, 1, args), 50);
    finish(p, w, l);
    /* main: start worker before its own code */
    ordo_edge *first = &p->procs[0].edges[0];
    unsigned start_loc = ordo_add_loc(p, 0);
    ordo_add_edge(p, 0, start_loc, first->from, ordo_s_thread_start(p, NULL, w, NULL));
    p->procs[0].init_loc = start_loc;
    ordo_program *orig = ordo_program_clone(p);
    char *err = NULL;
    assert_int_equal(ordo_pass_inline(p, 0, &err), 0);
    assert_int_equal(count_kind(p, w, ORDO_S_CALL), 0);
    assert_int_equal(count_kind(p, w, ORDO_S_ASSIGN), 2); /* a#2 := 1; g := a#2 + 1 */
    assert_int_equal(p->procs[1].n_edges, 0);
    /* the clone kept the calls */
    assert_int_equal(count_kind(orig, w, ORDO_S_CALL), 1);
    assert_string_equal(orig->procs[w].edges[0].stmt->file, "t.c");
    assert_ptr_not_equal(orig->procs[w].edges[0].stmt, p->procs[w].edges[0].stmt);
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    assert_int_equal(ordo_interp_step(in, 0, NULL, NULL), ORDO_STEP_OK);  /* start */
    assert_int_equal(ordo_interp_step(in, 1, NULL, NULL), ORDO_STEP_OK);  /* g := 2 */
    int64_t v;
    assert_true(ordo_interp_var(in, 0, g, &v));
    assert_int_equal(v, 2);
    ordo_interp_free(in);
    ordo_program_free(orig);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(call_is_replaced_by_the_body),
        cmocka_unit_test(argument_is_converted_to_the_parameter_type),
        cmocka_unit_test(recursion_is_unsupported_unless_bounded),
        cmocka_unit_test(thread_entries_are_inlined_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
