/* Per-configuration counts, common task sets and aggregates (summary.h). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <math.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "summary.h"

static void count_status(const result_row *row, config_summary *s)
{
    switch (row->status) {
    case STATUS_UNKNOWN: s->unknown++; break;
    case STATUS_TIMEOUT: s->timeouts++; break;
    case STATUS_MEMOUT: s->memouts++; break;
    case STATUS_CRASH: s->crashes++; break;
    case STATUS_ERROR: s->errors++; break;
    case STATUS_UNSUPPORTED: s->unsupported++; break;
    case STATUS_TRUE: case STATUS_FALSE: break;
    }
}

static void count_result(const result_row *row, config_summary *s)
{
    if (row->result == CLASS_BOUNDED) {
        if (row->expected)
            s->bounded_true++;
        else
            s->bounded_false++;
    }
    switch (row->judged) {
    case JUDGED_CORRECT:
        s->solved++;
        if (row->expected)
            s->correct_true++;
        else
            s->correct_false++;
        break;
    case JUDGED_WRONG:
        s->wrong++;
        if (row->expected)
            s->false_alarms++;
        else
            s->missed_bugs++;
        break;
    case JUDGED_NONE: break;
    }
}

void summarize_config(const results *r, unsigned config, config_summary *out)
{
    memset(out, 0, sizeof *out);
    for (size_t t = 0; t < r->n_tasks; t++) {
        const result_row *row = results_cell(r, config, (unsigned)t);
        if (!row)
            continue;
        out->tasks++;
        count_status(row, out);
        count_result(row, out);
        out->score += row->points;
        if (!isnan(row->cputime_s))
            out->cputime_s += row->cputime_s;
        if (!isnan(row->walltime_s))
            out->walltime_s += row->walltime_s;
    }
}

/* The group name of one configuration under RE (see summary.h). */
static char *group_name(pcre2_code *re, const char *run)
{
    if (!re)
        return xstrdup("all");
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    int rc = pcre2_match(re, (PCRE2_SPTR)run, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
    char *name;
    if (rc < 0) {
        name = xstrdup(run);
    } else {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        int g = rc > 1 && ov[2] != PCRE2_UNSET ? 1 : 0;
        name = xasprintf("%.*s", (int)(ov[2 * g + 1] - ov[2 * g]), run + ov[2 * g]);
    }
    pcre2_match_data_free(md);
    return name;
}

static unsigned find_or_add_group(config_groups *g, char *name, size_t n_tasks)
{
    for (size_t i = 0; i < g->n_groups; i++)
        if (!strcmp(g->groups[i].name, name)) {
            free(name);
            return (unsigned)i;
        }
    g->groups = xrealloc(g->groups, (g->n_groups + 1) * sizeof *g->groups);
    config_group *grp = &g->groups[g->n_groups];
    memset(grp, 0, sizeof *grp);
    grp->name = name;
    grp->common = xcalloc(n_tasks ? n_tasks : 1, sizeof *grp->common);
    return (unsigned)g->n_groups++;
}

/* A task is common to a group when every member solved it correctly. */
static void mark_common(const results *r, config_group *grp)
{
    for (size_t t = 0; t < r->n_tasks; t++) {
        bool all = grp->n_configs > 0;
        for (size_t i = 0; i < grp->n_configs && all; i++) {
            const result_row *row = results_cell(r, grp->configs[i], (unsigned)t);
            all = row && row->judged == JUDGED_CORRECT;
        }
        grp->common[t] = all;
        grp->n_common += all;
    }
}

int groups_build(const results *r, const char *regex, config_groups *out)
{
    memset(out, 0, sizeof *out);
    pcre2_code *re = NULL;
    if (regex) {
        int err;
        PCRE2_SIZE at;
        re = pcre2_compile((PCRE2_SPTR)regex, PCRE2_ZERO_TERMINATED, 0, &err, &at, NULL);
        if (!re) {
            PCRE2_UCHAR msg[120];
            pcre2_get_error_message(err, msg, sizeof msg);
            fprintf(stderr, "ordo: bad grouping regex '%s' at offset %zu: %s\n", regex, (size_t)at, msg);
            return ORDO_EXIT_USAGE;
        }
    }
    out->group_of = xcalloc(r->n_configs ? r->n_configs : 1, sizeof *out->group_of);
    for (size_t c = 0; c < r->n_configs; c++) {
        unsigned g = find_or_add_group(out, group_name(re, r->configs[c]), r->n_tasks);
        config_group *grp = &out->groups[g];
        grp->configs = xrealloc(grp->configs, (grp->n_configs + 1) * sizeof *grp->configs);
        grp->configs[grp->n_configs++] = (unsigned)c;
        out->group_of[c] = g;
    }
    for (size_t g = 0; g < out->n_groups; g++)
        mark_common(r, &out->groups[g]);
    pcre2_code_free(re);
    return 0;
}

/* Do all members of GRP (at least one, each with a row: T is common)
 * have the same value of STAT on task T (missing counts as a value of its
 * own)? */
static bool same_value(const results *r, const config_group *grp, unsigned t, int stat)
{
    double first = results_value(results_cell(r, grp->configs[0], t), stat);
    for (size_t i = 1; i < grp->n_configs; i++) {
        double v = results_value(results_cell(r, grp->configs[i], t), stat);
        if (isnan(v) != isnan(first) || (!isnan(v) && v != first))
            return false;
    }
    return true;
}

int groups_require_same(const results *r, config_groups *g, const char *value)
{
    int stat = results_value_index(r, value);
    if (stat == RESULTS_NO_VALUE) {
        fprintf(stderr, "ordo: no column '%s' in the results to compare tasks by\n", value);
        return ORDO_EXIT_USAGE;
    }
    g->same = value;
    for (size_t k = 0; k < g->n_groups; k++) {
        config_group *grp = &g->groups[k];
        for (size_t t = 0; t < r->n_tasks; t++)
            if (grp->common[t] && !same_value(r, grp, (unsigned)t, stat)) {
                grp->common[t] = false;
                grp->n_common--;
            }
    }
    return 0;
}

void groups_free(config_groups *g)
{
    for (size_t i = 0; i < g->n_groups; i++) {
        free(g->groups[i].name);
        free(g->groups[i].configs);
        free(g->groups[i].common);
    }
    free(g->groups);
    free(g->group_of);
    memset(g, 0, sizeof *g);
}

double summary_aggregate(const results *r, unsigned config, const bool *tasks, int stat,
                         aggregate_kind kind)
{
    double sum = 0;
    unsigned n = 0;
    for (size_t t = 0; t < r->n_tasks; t++) {
        const result_row *row = results_cell(r, config, (unsigned)t);
        if (!row || (tasks ? !tasks[t] : row->judged != JUDGED_CORRECT))
            continue;
        double v = results_value(row, stat);
        if (isnan(v))
            continue;
        sum += v;
        n++;
    }
    if (!n)
        return NAN;
    return kind == AGG_AVG ? sum / n : sum;
}
