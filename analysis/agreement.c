/* Cross-check of configurations against each other (agreement.h). */
#include <stdbool.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "agreement.h"

agreement agreement_of(const answer_kind *answers, size_t n)
{
    unsigned given = 0, seen = 0; /* seen: a bit per answer_kind */
    for (size_t i = 0; i < n; i++)
        if (answers[i] != ANSWER_NONE) {
            given++;
            seen |= 1u << answers[i];
        }
    if (given < 2)
        return AGREE_NONE;
    bool proof = seen & 1u << ANSWER_PROOF, bounded = seen & 1u << ANSWER_BOUNDED,
         violation = seen & 1u << ANSWER_VIOLATION;
    if (proof && violation)
        return AGREE_CONFLICT;
    if (bounded && violation)
        return AGREE_BOUNDED_VIOLATION;
    if (proof && bounded)
        return AGREE_PROOF_BOUNDED;
    return AGREE_SAME;
}

void run_grid_of(const results *r, run_grid *out)
{
    *out = (run_grid){
        .configs = (const char *const *)r->configs,
        .tasks = (const char *const *)r->tasks,
        .n_configs = (unsigned)r->n_configs,
        .n_tasks = (unsigned)r->n_tasks,
        .runs = xcalloc(r->n_configs * r->n_tasks + 1, sizeof *out->runs),
    };
    for (unsigned t = 0; t < out->n_tasks; t++)
        for (unsigned c = 0; c < out->n_configs; c++)
            out->runs[(size_t)t * out->n_configs + c] = results_cell(r, c, t);
}

void run_grid_free(run_grid *g)
{
    free(g->runs);
}

const result_row *run_grid_cell(const run_grid *g, unsigned config, unsigned task)
{
    return g->runs[(size_t)task * g->n_configs + config];
}

void cross_check_build(const run_grid *g, cross_check *out)
{
    *out = (cross_check){
        .of_task = xcalloc(g->n_tasks, sizeof *out->of_task),
        .proofs_over_bounded = xcalloc(g->n_configs, sizeof *out->proofs_over_bounded),
    };
    answer_kind *answers = xcalloc(g->n_configs, sizeof *answers);
    for (unsigned t = 0; t < g->n_tasks; t++) {
        for (unsigned c = 0; c < g->n_configs; c++) {
            const result_row *row = run_grid_cell(g, c, t);
            answers[c] = row ? row->answer : ANSWER_NONE;
        }
        agreement a = agreement_of(answers, g->n_configs);
        out->of_task[t] = a;
        out->count[a]++;
        for (unsigned c = 0; c < g->n_configs && a == AGREE_PROOF_BOUNDED; c++)
            out->proofs_over_bounded[c] += answers[c] == ANSWER_PROOF;
    }
    free(answers);
}

void cross_check_free(cross_check *c)
{
    free(c->of_task);
    free(c->proofs_over_bounded);
}

unsigned cross_check_answered(const cross_check *c)
{
    return c->count[AGREE_SAME] + c->count[AGREE_PROOF_BOUNDED] + c->count[AGREE_BOUNDED_VIOLATION] +
           c->count[AGREE_CONFLICT];
}
