/* Unit tests of the cross-check of configurations (analysis/agreement.c):
 * the agreement of one task's answers, and the tally over
 * tests/data/agreement-results.csv, worked out by hand below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis_fixture.h"
#include "../../analysis/agreement.h"

#define AGREEMENT_OF(...)                                                                          \
    agreement_of((const answer_kind[]){ __VA_ARGS__ },                                             \
                 sizeof((const answer_kind[]){ __VA_ARGS__ }) / sizeof(answer_kind))

static void fewer_than_two_answers_are_not_cross_checked(void **state)
{
    (void)state;
    assert_int_equal(agreement_of(NULL, 0), AGREE_NONE);
    assert_int_equal(AGREEMENT_OF(ANSWER_PROOF), AGREE_NONE);
    /* unknown, timeout, error, ...: no verdict */
    assert_int_equal(AGREEMENT_OF(ANSWER_PROOF, ANSWER_NONE, ANSWER_NONE), AGREE_NONE);
    assert_int_equal(AGREEMENT_OF(ANSWER_NONE, ANSWER_NONE), AGREE_NONE);
}

static void the_same_answer_agrees(void **state)
{
    (void)state;
    assert_int_equal(AGREEMENT_OF(ANSWER_PROOF, ANSWER_PROOF), AGREE_SAME);
    assert_int_equal(AGREEMENT_OF(ANSWER_BOUNDED, ANSWER_NONE, ANSWER_BOUNDED), AGREE_SAME);
    assert_int_equal(AGREEMENT_OF(ANSWER_VIOLATION, ANSWER_VIOLATION, ANSWER_VIOLATION), AGREE_SAME);
}

static void the_strongest_disagreement_wins(void **state)
{
    (void)state;
    assert_int_equal(AGREEMENT_OF(ANSWER_BOUNDED, ANSWER_PROOF), AGREE_PROOF_BOUNDED);
    assert_int_equal(AGREEMENT_OF(ANSWER_PROOF, ANSWER_BOUNDED, ANSWER_PROOF), AGREE_PROOF_BOUNDED);
    assert_int_equal(AGREEMENT_OF(ANSWER_VIOLATION, ANSWER_BOUNDED), AGREE_BOUNDED_VIOLATION);
    assert_int_equal(AGREEMENT_OF(ANSWER_PROOF, ANSWER_NONE, ANSWER_VIOLATION), AGREE_CONFLICT);
    /* the bounded SAFE beside a conflict does not hide it */
    assert_int_equal(AGREEMENT_OF(ANSWER_BOUNDED, ANSWER_VIOLATION, ANSWER_PROOF), AGREE_CONFLICT);
}

static void tally_over_three_configurations(void **state)
{
    (void)state;
    const char *root = getenv("ORDO_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/agreement-results.csv", root ? root : ".");
    results r;
    results_init(&r);
    assert_int_equal(results_load(&r, path), 0);
    assert_int_equal(r.n_configs, 3); /* X, Y, Z */
    run_grid g;
    run_grid_of(&r, &g);
    cross_check c;
    cross_check_build(&g, &c);
    /* a1: X, Y proofs (Z timeout); a2: UNSAFE by all three */
    assert_int_equal(c.of_task[results_find_task(&r, "a1.yml")], AGREE_SAME);
    assert_int_equal(c.of_task[results_find_task(&r, "a2.yml")], AGREE_SAME);
    /* c1: X's proof, Y's UNSAFE */
    assert_int_equal(c.of_task[results_find_task(&r, "c1.yml")], AGREE_CONFLICT);
    /* b1: X's SAFE up to bound 3, Y's UNSAFE, Z's error */
    assert_int_equal(c.of_task[results_find_task(&r, "b1.yml")], AGREE_BOUNDED_VIOLATION);
    /* p1: X bounds, Y and Z prove */
    assert_int_equal(c.of_task[results_find_task(&r, "p1.yml")], AGREE_PROOF_BOUNDED);
    /* o1: X's proof, Y's timeout, no run of Z; e1: X's UNSAFE, Y's
     * error, Z's unknown */
    assert_int_equal(c.of_task[results_find_task(&r, "o1.yml")], AGREE_NONE);
    assert_int_equal(c.of_task[results_find_task(&r, "e1.yml")], AGREE_NONE);
    assert_int_equal(c.count[AGREE_SAME], 2);
    assert_int_equal(c.count[AGREE_CONFLICT], 1);
    assert_int_equal(c.count[AGREE_BOUNDED_VIOLATION], 1);
    assert_int_equal(c.count[AGREE_PROOF_BOUNDED], 1);
    assert_int_equal(c.count[AGREE_NONE], 2);
    assert_int_equal(cross_check_answered(&c), 5);
    const unsigned proofs_over_bounded[] = { 0, 1, 1 };
    for (unsigned config = 0; config < 3; config++)
        assert_int_equal(c.proofs_over_bounded[config], proofs_over_bounded[config]);
    cross_check_free(&c);
    run_grid_free(&g);
    results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fewer_than_two_answers_are_not_cross_checked),
        cmocka_unit_test(the_same_answer_agrees),
        cmocka_unit_test(the_strongest_disagreement_wins),
        cmocka_unit_test(tally_over_three_configurations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
