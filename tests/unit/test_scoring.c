/* Unit tests of answers, result classes and scoring policies
 * (common/scoring.c): every label x answer x policy, and that the label
 * never decides whether a bounded SAFE counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../common/scoring.h"

static void answers_come_from_verdict_and_completeness(void **state)
{
    (void)state;
    assert_int_equal(answer_of(EXPECT_TRUE, true), ANSWER_PROOF);
    assert_int_equal(answer_of(EXPECT_TRUE, false), ANSWER_BOUNDED);
    assert_int_equal(answer_of(EXPECT_FALSE, false), ANSWER_VIOLATION);
    assert_int_equal(answer_of(EXPECT_FALSE, true), ANSWER_VIOLATION);
    assert_int_equal(answer_of(EXPECT_NONE, true), ANSWER_NONE);
    assert_int_equal(answer_of(EXPECT_NONE, false), ANSWER_NONE);
}

typedef struct {
    bool label;           /* the task's expected verdict is true */
    answer_kind answer;
    result_class cls;
    judgement sound, svcomp;
    int sound_points, svcomp_points;
} case_row;

/* Label true/false x proof / bounded SAFE / violation / no answer. */
static const case_row cases[] = {
    { true, ANSWER_PROOF, CLASS_CORRECT, JUDGED_CORRECT, JUDGED_CORRECT, 2, 2 },
    { true, ANSWER_BOUNDED, CLASS_BOUNDED, JUDGED_NONE, JUDGED_CORRECT, 0, 2 },
    { true, ANSWER_VIOLATION, CLASS_WRONG, JUDGED_WRONG, JUDGED_WRONG, -16, -16 },
    { true, ANSWER_NONE, CLASS_UNKNOWN, JUDGED_NONE, JUDGED_NONE, 0, 0 },
    { false, ANSWER_PROOF, CLASS_WRONG, JUDGED_WRONG, JUDGED_WRONG, -32, -32 },
    { false, ANSWER_BOUNDED, CLASS_BOUNDED, JUDGED_NONE, JUDGED_WRONG, 0, -32 },
    { false, ANSWER_VIOLATION, CLASS_CORRECT, JUDGED_CORRECT, JUDGED_CORRECT, 1, 1 },
    { false, ANSWER_NONE, CLASS_UNKNOWN, JUDGED_NONE, JUDGED_NONE, 0, 0 },
};

static void classifies_and_scores_every_combination(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const case_row *c = &cases[i];
        assert_int_equal(classify(c->answer, c->label), c->cls);
        assert_int_equal(scoring_judge(SCORING_SOUND, c->answer, c->label), c->sound);
        assert_int_equal(scoring_judge(SCORING_SVCOMP, c->answer, c->label), c->svcomp);
        assert_int_equal(scoring_points(SCORING_SOUND, c->answer, c->label), c->sound_points);
        assert_int_equal(scoring_points(SCORING_SVCOMP, c->answer, c->label), c->svcomp_points);
    }
}

/* A verifier cannot know the label: a bounded SAFE must be bounded, and no
 * answer under sound, on a true task exactly as on a false one. (The old
 * classification made it correct, +2, on a true task.) */
static void the_label_never_decides_a_bounded_safe(void **state)
{
    (void)state;
    answer_kind bounded = answer_of(EXPECT_TRUE, false);
    assert_int_equal(classify(bounded, true), classify(bounded, false));
    assert_int_equal(classify(bounded, true), CLASS_BOUNDED);
    assert_false(scoring_answers(SCORING_SOUND, bounded));
    assert_int_equal(scoring_judge(SCORING_SOUND, bounded, true),
                     scoring_judge(SCORING_SOUND, bounded, false));
    assert_int_equal(scoring_points(SCORING_SOUND, bounded, true),
                     scoring_points(SCORING_SOUND, bounded, false));
    assert_true(scoring_answers(SCORING_SVCOMP, bounded));
}

static void names_read_back(void **state)
{
    (void)state;
    scoring_policy p;
    assert_true(scoring_parse("sound", &p));
    assert_int_equal(p, SCORING_SOUND);
    assert_true(scoring_parse("svcomp", &p));
    assert_int_equal(p, SCORING_SVCOMP);
    assert_false(scoring_parse("SV-COMP", &p));
    assert_string_equal(scoring_name(SCORING_DEFAULT), "sound");
    result_class c;
    for (int i = 0; i < N_RESULT_CLASSES; i++) {
        assert_true(result_class_parse(result_class_name((result_class)i), &c));
        assert_int_equal(c, i);
    }
    assert_false(result_class_parse("solved", &c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(answers_come_from_verdict_and_completeness),
        cmocka_unit_test(classifies_and_scores_every_combination),
        cmocka_unit_test(the_label_never_decides_a_bounded_safe),
        cmocka_unit_test(names_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
