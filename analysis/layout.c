/* Table layouts: the thesis' tables and custom column lists (layout.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "layout.h"

/* Thesis Table 3.1 (Section 3.4.2): explored actions averaged, CPU time
 * summed over the common set of each abstract domain; solved tasks over
 * all tasks. */
static const column_spec thesis_3_1[] = {
    { "domain", COLUMN_GROUP, { 0 }, AGG_AVG, 1, 0, "" },
    { "por", COLUMN_VARIANT, { 0 }, AGG_AVG, 1, 0, "" },
    { "explored actions", COLUMN_VALUE, { "cegar.explored_actions" }, AGG_AVG, 1, 0, "" },
    { "CPU time", COLUMN_VALUE, { "cputime_s" }, AGG_SUM, 1, 0, "s" },
    { "solved tasks", COLUMN_SOLVED, { 0 }, AGG_AVG, 1, 0, "" },
};

/* Thesis Table 4.1 (Section 4.2.3): the simplified share averaged, the
 * successor calculation and CPU times summed over the common set; beside
 * them ordo's count for the successor calculation (the transfer
 * function's SMT checks: PRED only, EXPL's transfer asks no solver) and
 * DCOI's own overhead, both summed. */
static const column_spec thesis_4_1[] = {
    { "domain", COLUMN_GROUP, { 0 }, AGG_AVG, 1, 0, "" },
    { "coi", COLUMN_VARIANT, { 0 }, AGG_AVG, 1, 0, "" },
    { "simplified by DCOI", COLUMN_VALUE, { "coi.simplified_ratio" }, AGG_AVG, 100, 1, "%" },
    { "successor calculation", COLUMN_VALUE, { "time.successor_s" }, AGG_SUM, 1, 1, "s" },
    { "transfer checks", COLUMN_VALUE, { "cegar.transfer_checks" }, AGG_SUM, 1, 0, "" },
    { "explored actions", COLUMN_VALUE, { "cegar.explored_actions" }, AGG_SUM, 1, 0, "" },
    { "DCOI overhead", COLUMN_VALUE, { "coi.time_s" }, AGG_SUM, 1, 2, "s" },
    { "CPU time", COLUMN_VALUE, { "cputime_s" }, AGG_SUM, 1, 1, "s" },
    { "solved tasks", COLUMN_SOLVED, { 0 }, AGG_AVG, 1, 0, "" },
};

/* Thesis Table 5.1 (Section 5.5.2): averages per task over the common set
 * of each algorithm family (BASIC pair, PROP pair). The thesis ran at a
 * fixed unroll bound: its bounded SAFEs are shown in columns of their own,
 * by label, apart from solved and wrong (README, "Scoring"). "prop./ref. clauses"
 * is the propagated clauses (PROP) plus the refinement clauses (BASIC):
 * each configuration reports only one of them, or zero for the other. */
static const column_spec thesis_5_1[] = {
    { "algorithm", COLUMN_RUN, { 0 }, AGG_AVG, 1, 0, "" },
    { "solved tasks", COLUMN_SOLVED, { 0 }, AGG_AVG, 1, 0, "" },
    { "wrong", COLUMN_WRONG, { 0 }, AGG_AVG, 1, 0, "" },
    { "bounded on true", COLUMN_BOUNDED_TRUE, { 0 }, AGG_AVG, 1, 0, "" },
    { "bounded on false", COLUMN_BOUNDED_FALSE, { 0 }, AGG_AVG, 1, 0, "" },
    { "CPU time", COLUMN_VALUE, { "cputime_s" }, AGG_AVG, 1, 1, "s" },
    { "prop./ref. clauses", COLUMN_VALUE, { "oc.propagated_clauses", "oc.refinement_clauses" }, AGG_AVG, 1, 0, "" },
    { "solver time", COLUMN_VALUE, { "solver.time_s" }, AGG_AVG, 1, 1, "s" },
    { "Z3 inner decisions", COLUMN_VALUE, { "solver.decisions" }, AGG_AVG, 1, 0, "" },
    { "Z3 inner propagations", COLUMN_VALUE, { "solver.propagations" }, AGG_AVG, 1, 0, "" },
    { "Z3 inner restarts", COLUMN_VALUE, { "solver.restarts" }, AGG_AVG, 1, 2, "" },
};

#define N(a) (sizeof a / sizeof a[0])
static const table_layout named_layouts[] = {
    { "thesis-3.1", "Table 3.1: solved tasks, explored actions (average) and CPU time (sum) over the common set per domain",
      thesis_3_1, N(thesis_3_1), SUMMARY_FAMILY_REGEX },
    { "thesis-4.1", "Table 4.1: simplified statements (average), successor calculation and CPU time (sums) over the common set per domain",
      thesis_4_1, N(thesis_4_1), SUMMARY_FAMILY_REGEX },
    { "thesis-5.1", "Table 5.1: solved tasks, and averages per task over the common set per algorithm family",
      thesis_5_1, N(thesis_5_1), SUMMARY_FAMILY_REGEX },
};

const table_layout *layout_named(const char *name)
{
    for (size_t i = 0; i < N(named_layouts); i++)
        if (!strcmp(named_layouts[i].name, name))
            return &named_layouts[i];
    return NULL;
}

const char *layout_names(void)
{
    return "thesis-3.1, thesis-4.1, thesis-5.1";
}

/* One custom value column from "sum:NAME", "avg:NAME" or "NAME". */
static int custom_value(const results *r, const char *item, column_spec *col)
{
    col->kind = COLUMN_VALUE;
    col->agg = AGG_AVG;
    col->scale = 1;
    col->decimals = -1;
    col->suffix = "";
    const char *name = item;
    if (!strncmp(item, "sum:", 4) || !strncmp(item, "avg:", 4)) {
        col->agg = item[0] == 's' ? AGG_SUM : AGG_AVG;
        name += 4;
    }
    if (results_value_index(r, name) == RESULTS_NO_VALUE) {
        fprintf(stderr, "ordo: unknown column '%s' (the results have cputime_s, walltime_s, memory_mb", name);
        for (size_t i = 0; i < r->n_stats; i++)
            fprintf(stderr, ", %s", r->stat_names[i]);
        fprintf(stderr, ")\n");
        return ORDO_EXIT_USAGE;
    }
    col->values[0] = xstrdup(name);
    col->header = xasprintf("%s %s", col->agg == AGG_SUM ? "sum" : "avg", name);
    return 0;
}

int layout_custom(const results *r, const char *list, const char *group_regex, table_layout *out)
{
    static const column_spec fixed[] = {
        { "run", COLUMN_RUN, { 0 }, AGG_AVG, 1, 0, "" },
        { "family", COLUMN_GROUP, { 0 }, AGG_AVG, 1, 0, "" },
        { "solved", COLUMN_SOLVED, { 0 }, AGG_AVG, 1, 0, "" },
        { "common tasks", COLUMN_COMMON, { 0 }, AGG_AVG, 1, 0, "" },
    };
    char *items = xstrdup(list ? list : "cputime_s");
    size_t cap = N(fixed) + 1;
    for (const char *p = items; *p; p++)
        cap += *p == ',';
    column_spec *cols = xcalloc(cap, sizeof *cols);
    size_t n = 0;
    for (size_t i = 0; i < N(fixed); i++)
        if (fixed[i].kind != COLUMN_GROUP || group_regex)
            cols[n++] = fixed[i];
    int status = 0;
    char *save = NULL;
    for (char *item = strtok_r(items, ",", &save); item && !status; item = strtok_r(NULL, ",", &save))
        if (!(status = custom_value(r, item, &cols[n])))
            n++;
    free(items);
    *out = (table_layout){ "custom", "Averages (avg) or sums over the tasks every configuration of the family solved correctly",
                           cols, n, group_regex };
    if (status)
        layout_free_custom(out);
    return status;
}

void layout_free_custom(table_layout *l)
{
    column_spec *cols = (column_spec *)l->columns;
    for (size_t i = 0; i < l->n_columns; i++)
        if (cols[i].kind == COLUMN_VALUE) {
            free((char *)cols[i].values[0]);
            free((char *)cols[i].header);
        }
    free(cols);
    l->columns = NULL;
    l->n_columns = 0;
}

/* The name of CONFIG without its family prefix and the separators after it
 * ("EXPL-SPOR" in family EXPL: "SPOR"). */
static const char *variant_name(const char *run, const char *family)
{
    size_t n = strlen(family);
    if (strncmp(run, family, n))
        return run;
    run += n;
    while (*run == '+' || *run == '-' || *run == '/' || *run == '_' || *run == ' ')
        run++;
    return *run ? run : "(base)";
}

static double column_value(const column_spec *col, const results *r, unsigned config, const bool *common)
{
    double total = NAN;
    for (int i = 0; i < 2 && col->values[i]; i++) {
        int stat = results_value_index(r, col->values[i]);
        double v = stat == RESULTS_NO_VALUE ? NAN : summary_aggregate(r, config, common, stat, col->agg);
        if (!isnan(v))
            total = isnan(total) ? v : total + v;
    }
    return total * col->scale;
}

static void set_number(table *t, size_t row, size_t c, const column_spec *col, double v)
{
    if (isnan(v))
        table_set(t, row, c, "n/a");
    else if (col->decimals >= 0)
        table_setf(t, row, c, "%.*f%s", col->decimals, v, col->suffix);
    else
        table_setf(t, row, c, "%.*f%s", fabs(v) >= 1000 || v == floor(v) ? 0 : 2, v, col->suffix);
}

static void fill_cell(table *t, size_t row, size_t c, const column_spec *col, const results *r,
                      const config_group *grp, unsigned config)
{
    config_summary s;
    switch (col->kind) {
    case COLUMN_RUN: table_set(t, row, c, r->configs[config]); break;
    case COLUMN_GROUP: table_set(t, row, c, grp->name); break;
    case COLUMN_VARIANT: table_set(t, row, c, variant_name(r->configs[config], grp->name)); break;
    case COLUMN_SOLVED: case COLUMN_WRONG: case COLUMN_BOUNDED_TRUE: case COLUMN_BOUNDED_FALSE:
        summarize_config(r, config, &s);
        table_setf(t, row, c, "%u", col->kind == COLUMN_SOLVED ? s.solved
                                    : col->kind == COLUMN_WRONG ? s.wrong
                                    : col->kind == COLUMN_BOUNDED_TRUE ? s.bounded_true
                                                                       : s.bounded_false);
        break;
    case COLUMN_COMMON: table_setf(t, row, c, "%u", grp->n_common); break;
    case COLUMN_VALUE: set_number(t, row, c, col, column_value(col, r, config, grp->common)); break;
    }
}

/* The caption, followed by the common-set size of each family. */
static char *caption_with_common_sets(const table_layout *l, const config_groups *g)
{
    char *caption = g->same ? xasprintf("%s (common set, same %s:", l->caption, g->same)
                            : xasprintf("%s (common set:", l->caption);
    for (size_t i = 0; i < g->n_groups; i++) {
        char *longer = xasprintf("%s%s %s %u", caption, i ? "," : "", g->groups[i].name, g->groups[i].n_common);
        free(caption);
        caption = longer;
    }
    char *done = xasprintf("%s tasks)", caption);
    free(caption);
    return done;
}

void layout_build(const table_layout *l, const results *r, const config_groups *g, table *t)
{
    char *caption = caption_with_common_sets(l, g);
    table_init(t, caption, l->n_columns);
    free(caption);
    for (size_t c = 0; c < l->n_columns; c++)
        table_column(t, c, l->columns[c].header, l->columns[c].kind >= COLUMN_SOLVED);
    for (size_t gi = 0; gi < g->n_groups; gi++) {
        const config_group *grp = &g->groups[gi];
        for (size_t i = 0; i < grp->n_configs; i++) {
            size_t row = table_add_row(t, i == 0);
            for (size_t c = 0; c < l->n_columns; c++)
                fill_cell(t, row, c, &l->columns[c], r, grp, grp->configs[i]);
        }
    }
}

void layout_summary(const results *r, table *t)
{
    static const char *const headers[] = {
        "run", "tasks", "solved", "correct true", "correct false", "wrong", "false alarms",
        "missed bugs", "bounded on true", "bounded on false", "unknown", "timeouts", "memouts",
        "crashes", "errors", "unsupported", "score", "CPU time (s)", "wall time (s)",
    };
    char *caption = xasprintf("Summary per configuration, scoring %s", scoring_text(r->scoring));
    table_init(t, caption, N(headers));
    free(caption);
    for (size_t c = 0; c < N(headers); c++)
        table_column(t, c, headers[c], c > 0);
    for (size_t config = 0; config < r->n_configs; config++) {
        config_summary s;
        summarize_config(r, (unsigned)config, &s);
        size_t row = table_add_row(t, false);
        const unsigned counts[] = { s.tasks, s.solved, s.correct_true, s.correct_false, s.wrong,
                                    s.false_alarms, s.missed_bugs, s.bounded_true, s.bounded_false,
                                    s.unknown, s.timeouts, s.memouts, s.crashes, s.errors,
                                    s.unsupported };
        table_set(t, row, 0, r->configs[config]);
        for (size_t i = 0; i < N(counts); i++)
            table_setf(t, row, 1 + i, "%u", counts[i]);
        table_setf(t, row, 16, "%ld", s.score);
        table_setf(t, row, 17, "%.2f", s.cputime_s);
        table_setf(t, row, 18, "%.2f", s.walltime_s);
    }
}
