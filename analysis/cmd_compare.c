/* ordo compare BASE NEW: the regression report a verifier's CI calls
 * (README "Analysis and paper"). Exit 1 on a new wrong verdict, a lost
 * solve, or a geometric-mean CPU slowdown beyond the threshold. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "commands.h"
#include "compare.h"
#include "table.h"

static const char usage_text[] =
    "usage: ordo compare BASE NEW [--threshold R] [--min-time S] [--columns VALUE,...] [--worst N]\n"
    "                    [--scoring sound|svcomp]\n"
    "BASE and NEW are result directories or CSV files of the same matrix.\n"
    "  --threshold R   fail when the geometric mean of NEW/BASE CPU time over the\n"
    "                  runs both solved exceeds R (default 1.2)\n"
    "  --min-time S    CPU times below S seconds count as S in ratios (default 0.05)\n"
    "  --columns LIST  values whose sums over the runs both solved are compared\n"
    "                  (default: cputime_s and every statistic both results have)\n"
    "  --worst N       how many of the most slowed-down runs to list (default 5)\n"
    "  --scoring P     sound (default: a bounded SAFE is no answer) or svcomp (every\n"
    "                  SAFE is the answer true): what counts as solved and as wrong\n"
    "Exit status: 0 no regression, 1 regression, 2 usage, 4 bad input.\n";

typedef struct {
    const char *base, *new, *columns;
    double threshold, min_time;
    long worst;
    scoring_policy scoring;
} compare_options;

static int parse_number_option(const char *name, const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    if (end == text || *end || !(*out > 0)) {
        fprintf(stderr, "ordo compare: %s needs a positive number, got '%s'\n", name, text);
        return ORDO_EXIT_USAGE;
    }
    return 0;
}

static int parse_options(int argc, char **argv, compare_options *o)
{
    *o = (compare_options){ .threshold = 1.2, .min_time = 0.05, .worst = 5, .scoring = SCORING_DEFAULT };
    int status = 0;
    for (int i = 1; i < argc && !status; i++) {
        const char *a = argv[i];
        double worst;
        if (a[0] != '-') {
            if (o->new) {
                fprintf(stderr, "ordo compare: more than two results given ('%s')\n", a);
                return ORDO_EXIT_USAGE;
            }
            *(o->base ? &o->new : &o->base) = a;
        } else if (i + 1 >= argc) {
            status = ORDO_EXIT_USAGE;
            fprintf(stderr, "ordo compare: unknown option or missing value '%s' (see ordo compare --help)\n", a);
        } else if (!strcmp(a, "--threshold")) {
            status = parse_number_option(a, argv[++i], &o->threshold);
        } else if (!strcmp(a, "--min-time")) {
            status = parse_number_option(a, argv[++i], &o->min_time);
        } else if (!strcmp(a, "--worst")) {
            status = parse_number_option(a, argv[++i], &worst);
            o->worst = (long)worst;
        } else if (!strcmp(a, "--columns")) {
            o->columns = argv[++i];
        } else if (!strcmp(a, "--scoring")) {
            if (!scoring_parse(argv[++i], &o->scoring)) {
                fprintf(stderr, "ordo compare: unknown --scoring '%s' (%s)\n", argv[i], SCORING_NAMES);
                status = ORDO_EXIT_USAGE;
            }
        } else {
            fprintf(stderr, "ordo compare: unknown option '%s' (see ordo compare --help)\n", a);
            status = ORDO_EXIT_USAGE;
        }
    }
    if (!status && !o->new) {
        fputs(usage_text, stderr);
        status = ORDO_EXIT_USAGE;
    }
    return status;
}

static const char *result_name(const result_row *row)
{
    return row ? result_class_name(row->result) : "missing";
}

static void print_runs(const char *heading, const run_pair *pairs, size_t n)
{
    printf("\n## %s: %zu\n%s", heading, n, n ? "\n" : "");
    for (size_t i = 0; i < n; i++) {
        const result_row *any = pairs[i].new ? pairs[i].new : pairs[i].base;
        printf("- %s on %s (expected %s): %s (%s) -> %s (%s)\n", any->run, any->task, any->expected ? "true" : "false",
               result_name(pairs[i].base), pairs[i].base ? pairs[i].base->status_text : "-",
               result_name(pairs[i].new), pairs[i].new ? pairs[i].new->status_text : "-");
    }
}

static void print_ratios(const comparison *c, const results *base, const compare_options *o)
{
    printf("\n## CPU time NEW/BASE on the %zu runs both solved (times under %g s count as %g s)\n\n",
           c->n_solved_both, o->min_time, o->min_time);
    printf("median %.3f, geometric mean %.3f (threshold %.3f)\n\n", c->median_ratio, c->geomean_ratio, o->threshold);
    for (size_t i = 0; i < base->n_configs; i++)
        printf("- %s: geometric mean %.3f\n", base->configs[i], comparison_config_geomean(c, base->configs[i]));
    size_t worst = (size_t)o->worst < c->n_solved_both ? (size_t)o->worst : c->n_solved_both;
    if (!worst)
        return;
    table t;
    table_init(&t, "Most slowed-down runs:", 5);
    const char *headers[] = { "run", "task", "BASE CPU (s)", "NEW CPU (s)", "ratio" };
    for (size_t col = 0; col < 5; col++)
        table_column(&t, col, headers[col], col >= 2);
    for (size_t i = 0; i < worst; i++) {
        const run_pair *p = &c->solved_both[i];
        size_t row = table_add_row(&t, false);
        table_set(&t, row, 0, p->base->run);
        table_set(&t, row, 1, p->base->task);
        table_setf(&t, row, 2, "%.3f", p->base->cputime_s);
        table_setf(&t, row, 3, "%.3f", p->new->cputime_s);
        table_setf(&t, row, 4, "%.3f", p->ratio);
    }
    putchar('\n');
    table_write(&t, TABLE_MD, stdout);
    table_free(&t);
}

/* Sum of VALUE over the runs both solved, on one side. */
static double side_sum(const comparison *c, int index, bool new_side)
{
    double sum = 0;
    for (size_t i = 0; i < c->n_solved_both; i++) {
        double v = results_value(new_side ? c->solved_both[i].new : c->solved_both[i].base, index);
        if (!isnan(v))
            sum += v;
    }
    return sum;
}

static void stat_row(table *t, const comparison *c, const results *base, const results *new, const char *name)
{
    int bi = results_value_index(base, name), ni = results_value_index(new, name);
    size_t row = table_add_row(t, false);
    table_set(t, row, 0, name);
    if (bi == RESULTS_NO_VALUE || ni == RESULTS_NO_VALUE) {
        table_set(t, row, 1, bi == RESULTS_NO_VALUE ? "n/a" : "");
        table_set(t, row, 2, ni == RESULTS_NO_VALUE ? "n/a" : "");
        return;
    }
    double b = side_sum(c, bi, false), n = side_sum(c, ni, true);
    table_setf(t, row, 1, "%.6g", b);
    table_setf(t, row, 2, "%.6g", n);
    if (b != 0)
        table_setf(t, row, 3, "%+.1f%%", 100 * (n - b) / b);
}

static void print_statistics(const comparison *c, const results *base, const results *new, const char *columns)
{
    table t;
    table_init(&t, "## Sums over the runs both solved", 4);
    const char *headers[] = { "value", "BASE", "NEW", "change" };
    for (size_t col = 0; col < 4; col++)
        table_column(&t, col, headers[col], col >= 1);
    if (columns) {
        char *list = xstrdup(columns), *save = NULL;
        for (char *v = strtok_r(list, ",", &save); v; v = strtok_r(NULL, ",", &save))
            stat_row(&t, c, base, new, v);
        free(list);
    } else {
        stat_row(&t, c, base, new, "cputime_s");
        for (size_t i = 0; i < base->n_stats; i++)
            if (results_stat_index(new, base->stat_names[i]) >= 0)
                stat_row(&t, c, base, new, base->stat_names[i]);
    }
    putchar('\n');
    table_write(&t, TABLE_MD, stdout);
    table_free(&t);
}

/* Prints the report; returns ORDO_EXIT_FINDING on a regression. */
static int print_comparison(const comparison *c, const results *base, const results *new, const compare_options *o)
{
    printf("# ordo compare: %s -> %s\n\n", o->base, o->new);
    printf("Scoring: %s.\n", scoring_text(o->scoring));
    printf("%zu runs matched; %zu only in BASE, %zu only in NEW.\n", c->n_matched, c->n_only_base, c->n_only_new);
    print_runs("New wrong verdicts", c->new_wrong, c->n_new_wrong);
    print_runs("Lost solves", c->lost, c->n_lost);
    print_runs("Gained solves", c->gained, c->n_gained);
    if (c->n_still_wrong)
        print_runs("Wrong in both (not a new finding)", c->still_wrong, c->n_still_wrong);
    print_ratios(c, base, o);
    print_statistics(c, base, new, o->columns);
    bool slow = c->geomean_ratio > o->threshold;
    bool regression = c->n_new_wrong || c->n_lost || slow;
    printf("\n%s: %zu new wrong verdicts, %zu lost solves, geometric-mean CPU ratio %.3f %s %.3f\n",
           regression ? "REGRESSION" : "OK", c->n_new_wrong, c->n_lost, c->geomean_ratio, slow ? ">" : "<=",
           o->threshold);
    return regression ? ORDO_EXIT_FINDING : ORDO_EXIT_OK;
}

int ordo_cmd_compare(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage_text, stdout);
        return ORDO_EXIT_OK;
    }
    compare_options o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    results base, new;
    results_init(&base);
    results_init(&new);
    status = results_load(&base, o.base);
    if (!status)
        status = results_load(&new, o.new);
    for (const char *p = o.columns; !status && p && *p;) { /* every value named must exist */
        size_t n = strcspn(p, ",");
        char *name = xasprintf("%.*s", (int)n, p);
        if (results_value_index(&base, name) == RESULTS_NO_VALUE && results_value_index(&new, name) == RESULTS_NO_VALUE) {
            fprintf(stderr, "ordo compare: unknown column '%s' (in neither result)\n", name);
            status = ORDO_EXIT_USAGE;
        }
        free(name);
        p += n + (p[n] == ',');
    }
    if (!status) {
        results_rescore(&base, o.scoring);
        results_rescore(&new, o.scoring);
        comparison c;
        compare_results(&base, &new, o.min_time, &c);
        status = print_comparison(&c, &base, &new, &o);
        comparison_free(&c);
    }
    results_free(&base);
    results_free(&new);
    return status;
}
