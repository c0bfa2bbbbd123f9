/* The closing counts of a benchmark (tally.h). */
#include <stdio.h>

#include "tally.h"

result_class tally_add(answer_tally *t, answer_kind a, bool on_true)
{
    result_class c = classify(a, on_true);
    t->n_class[c]++;
    t->bounded_on_true += c == CLASS_BOUNDED && on_true;
    t->n_judged[scoring_judge(t->scoring, a, on_true)]++;
    t->score += scoring_points(t->scoring, a, on_true);
    return c;
}

void tally_print(const answer_tally *t)
{
    const size_t *n = t->n_class;
    printf("  correct %zu, wrong %zu, unknown %zu, bounded %zu (%zu on true tasks, %zu on false)\n",
           n[CLASS_CORRECT], n[CLASS_WRONG], n[CLASS_UNKNOWN], n[CLASS_BOUNDED], t->bounded_on_true,
           n[CLASS_BOUNDED] - t->bounded_on_true);
    printf("  scoring %s: solved %zu, wrong %zu, score %ld\n", scoring_name(t->scoring),
           t->n_judged[JUDGED_CORRECT], t->n_judged[JUDGED_WRONG], t->score);
}
