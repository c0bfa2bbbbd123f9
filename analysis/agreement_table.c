/* The cross-check tables (agreement_table.h). */
#include <stdbool.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "agreement_table.h"

static void add_count(table *t, const char *what, unsigned tasks)
{
    size_t row = table_add_row(t, false);
    table_set(t, row, 0, what);
    table_setf(t, row, 1, "%u", tasks);
}

void cross_check_counts_table(const run_grid *g, const cross_check *c, table *t)
{
    char *caption = xasprintf("Cross-check of the configurations' answers on the %u tasks two or more "
                              "of them answered SAFE or UNSAFE",
                              cross_check_answered(c));
    table_init(t, caption, 2);
    free(caption);
    table_column(t, 0, "answers", false);
    table_column(t, 1, "tasks", true);
    add_count(t, "agree (the same answer)", c->count[AGREE_SAME]);
    add_count(t, "conflict: a proof against an UNSAFE", c->count[AGREE_CONFLICT]);
    add_count(t, "a bounded SAFE against an UNSAFE", c->count[AGREE_BOUNDED_VIOLATION]);
    add_count(t, "a proof against a bounded SAFE", c->count[AGREE_PROOF_BOUNDED]);
    for (unsigned config = 0; config < g->n_configs; config++) {
        char *what = xasprintf("proved by %s, only bounded by another", g->configs[config]);
        add_count(t, what, c->proofs_over_bounded[config]);
        free(what);
    }
}

/* What ROW answered: the answer, or the status of a run without one. */
static void set_answer(table *t, size_t row, size_t col, const result_row *run)
{
    if (!run)
        table_set(t, row, col, "–");
    else if (run->answer == ANSWER_PROOF)
        table_set(t, row, col, "SAFE (proof)");
    else if (run->answer == ANSWER_BOUNDED && *run->bound)
        table_setf(t, row, col, "SAFE (bound %s)", run->bound);
    else if (run->answer == ANSWER_BOUNDED)
        table_set(t, row, col, "SAFE (bounded)");
    else if (run->answer == ANSWER_VIOLATION)
        table_set(t, row, col, "UNSAFE");
    else
        table_set(t, row, col, run->status_text);
}

/* The caption of each list, by agreement. */
static const char *const list_captions[N_AGREEMENTS] = {
    [AGREE_SAME] = "Cross-check: the same answer",
    [AGREE_PROOF_BOUNDED] = "Cross-check: a proof against a bounded SAFE (one proves what another only bounds)",
    [AGREE_BOUNDED_VIOLATION] = "Cross-check: a bounded SAFE against an UNSAFE (a bug of neither)",
    [AGREE_CONFLICT] = "Cross-check conflicts: a proof against an UNSAFE (one of them, or the label, is wrong)",
};

bool cross_check_list_table(const run_grid *g, const cross_check *c, agreement kind, table *t)
{
    table_init(t, list_captions[kind], 2 + g->n_configs);
    table_column(t, 0, "task", false);
    table_column(t, 1, "expected", false);
    for (unsigned config = 0; config < g->n_configs; config++)
        table_column(t, 2 + config, g->configs[config], false);
    for (unsigned task = 0; task < g->n_tasks; task++) {
        if (c->of_task[task] != kind)
            continue;
        size_t row = table_add_row(t, false);
        table_set(t, row, 0, g->tasks[task]);
        for (unsigned config = 0; config < g->n_configs; config++) {
            const result_row *run = run_grid_cell(g, config, task);
            if (run)
                table_set(t, row, 1, run->expected ? "true" : "false");
            set_answer(t, row, 2 + config, run);
        }
    }
    if (!t->n_rows)
        table_free(t);
    return t->n_rows;
}

size_t cross_check_tables(const run_grid *g, const cross_check *c, table *t, const char **names)
{
    size_t n = 0;
    cross_check_counts_table(g, c, &t[n]);
    names[n++] = "cross-check";
    if (cross_check_list_table(g, c, AGREE_CONFLICT, &t[n]))
        names[n++] = "cross-check-conflicts";
    if (cross_check_list_table(g, c, AGREE_BOUNDED_VIOLATION, &t[n]))
        names[n++] = "cross-check-bounded";
    return n;
}
