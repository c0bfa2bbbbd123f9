/*
 * What a run answered and what the answer earns (README, "Scoring"). The
 * answer is read from the run alone (verdict, and for a SAFE the engine's
 * own completeness flag), never from the task's label: a verifier cannot
 * know the label, so neither may the classification of its answer. Only
 * the judgement of a definite answer (right or wrong) compares with the
 * label. A scoring policy decides whether a bounded SAFE is an answer:
 *   sound   a SAFE that holds only up to a bound is no answer (0 points);
 *   svcomp  every SAFE is the answer "true", as submitted to SV-COMP.
 * Both the harness (`ordo bench`, `ordo verify --expect`) and the analysis
 * (`ordo report`, `compare`, `history`) score through this one module.
 */
#ifndef ORDO_COMMON_SCORING_H
#define ORDO_COMMON_SCORING_H

#include <stdbool.h>

typedef enum {
    ANSWER_NONE,      /* no verdict: unknown, timeout, error, ... */
    ANSWER_PROOF,     /* SAFE, complete */
    ANSWER_BOUNDED,   /* SAFE, not complete (with or without a bound) */
    ANSWER_VIOLATION, /* UNSAFE, its counterexample replayed */
} answer_kind;

/* A verdict, expected (a task's label) or given (a run's): SAFE is true. */
enum { EXPECT_NONE = -1, EXPECT_FALSE = 0, EXPECT_TRUE = 1 };

/* The answer of a verdict (EXPECT_*) with the engine's completeness flag
 * (read for a SAFE only). */
answer_kind answer_of(int verdict, bool complete);

/* The result classes of the results CSV, from the answer and the label:
 * correct / wrong for a proof or a violation, bounded for every bounded
 * SAFE whatever the label, unknown without a verdict. */
typedef enum { CLASS_CORRECT, CLASS_WRONG, CLASS_UNKNOWN, CLASS_BOUNDED } result_class;
#define N_RESULT_CLASSES 4

result_class classify(answer_kind a, bool expected_true);
const char *result_class_name(result_class c);
/* The class named NAME; false when NAME is none. */
bool result_class_parse(const char *name, result_class *out);

typedef enum { SCORING_SOUND, SCORING_SVCOMP } scoring_policy;
#define SCORING_DEFAULT SCORING_SOUND
#define SCORING_NAMES "sound, svcomp"

const char *scoring_name(scoring_policy p);
/* The policy's name and what it means, for a report's header. */
const char *scoring_text(scoring_policy p);
bool scoring_parse(const char *name, scoring_policy *out);

/* Whether POLICY takes A as an answer: a proof or a violation always, a
 * bounded SAFE under svcomp only. */
bool scoring_answers(scoring_policy p, answer_kind a);
/* How POLICY judges an answer on a task of the given label. */
typedef enum { JUDGED_NONE, JUDGED_CORRECT, JUDGED_WRONG } judgement;

judgement scoring_judge(scoring_policy p, answer_kind a, bool expected_true);
/* SV-COMP points of the judged answer: +2 correct true, +1 correct false,
 * -16 false alarm, -32 missed bug, 0 no answer. */
int scoring_points(scoring_policy p, answer_kind a, bool expected_true);

#endif
