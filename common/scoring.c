/* Answers, result classes and scoring policies (scoring.h). */
#include <string.h>

#include "scoring.h"

answer_kind answer_of(int verdict, bool complete)
{
    if (verdict == EXPECT_TRUE)
        return complete ? ANSWER_PROOF : ANSWER_BOUNDED;
    return verdict == EXPECT_FALSE ? ANSWER_VIOLATION : ANSWER_NONE;
}

/* Whether a definite answer says what the label says. */
static bool agrees(answer_kind a, bool expected_true)
{
    return (a == ANSWER_VIOLATION) != expected_true;
}

result_class classify(answer_kind a, bool expected_true)
{
    switch (a) {
    case ANSWER_NONE: return CLASS_UNKNOWN;
    case ANSWER_BOUNDED: return CLASS_BOUNDED;
    case ANSWER_PROOF: case ANSWER_VIOLATION: break;
    }
    return agrees(a, expected_true) ? CLASS_CORRECT : CLASS_WRONG;
}

static const char *const class_names[N_RESULT_CLASSES] = { "correct", "wrong", "unknown",
                                                            "bounded" };

const char *result_class_name(result_class c)
{
    return class_names[c];
}

bool result_class_parse(const char *name, result_class *out)
{
    for (int i = 0; i < N_RESULT_CLASSES; i++)
        if (!strcmp(name, class_names[i])) {
            *out = (result_class)i;
            return true;
        }
    return false;
}

static const char *const policy_names[] = { "sound", "svcomp" };

const char *scoring_name(scoring_policy p)
{
    return policy_names[p];
}

const char *scoring_text(scoring_policy p)
{
    return p == SCORING_SOUND
               ? "sound (a SAFE that holds only up to a bound is no answer: 0 points, not solved; "
                 "+2 proof, +1 violation, -16 false alarm, -32 wrong proof)"
               : "svcomp (every SAFE is the answer true: +2 on a true task, -32 on a false one; "
                 "+1 violation, -16 false alarm)";
}

bool scoring_parse(const char *name, scoring_policy *out)
{
    for (int i = 0; i < 2; i++)
        if (!strcmp(name, policy_names[i])) {
            *out = (scoring_policy)i;
            return true;
        }
    return false;
}

bool scoring_answers(scoring_policy p, answer_kind a)
{
    return a == ANSWER_PROOF || a == ANSWER_VIOLATION || (a == ANSWER_BOUNDED && p == SCORING_SVCOMP);
}

judgement scoring_judge(scoring_policy p, answer_kind a, bool expected_true)
{
    if (!scoring_answers(p, a))
        return JUDGED_NONE;
    /* svcomp: a bounded SAFE is the answer "true", like a proof. */
    answer_kind said = a == ANSWER_BOUNDED ? ANSWER_PROOF : a;
    return agrees(said, expected_true) ? JUDGED_CORRECT : JUDGED_WRONG;
}

int scoring_points(scoring_policy p, answer_kind a, bool expected_true)
{
    switch (scoring_judge(p, a, expected_true)) {
    case JUDGED_NONE: return 0;
    case JUDGED_CORRECT: return expected_true ? 2 : 1;
    case JUDGED_WRONG: break;
    }
    return expected_true ? -16 : -32; /* a false alarm, a missed bug */
}
