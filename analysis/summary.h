/*
 * Summary statistics of a results model: per configuration counts and the
 * score under the results' scoring policy, the commonly solved task sets, and averages or sums of a
 * measured value over a task set (the thesis reports its Tables 3.1, 4.1
 * and 5.1 over the tasks all configurations of one family solved).
 */
#ifndef ORDO_ANALYSIS_SUMMARY_H
#define ORDO_ANALYSIS_SUMMARY_H

#include <stdbool.h>

#include "results.h"

typedef struct {
    unsigned tasks;          /* rows of this configuration */
    /* As the results' scoring policy judges the answers (scoring.h). */
    unsigned solved;         /* judged correct */
    unsigned correct_true, correct_false;
    unsigned wrong, false_alarms, missed_bugs;
    /* Bounded SAFEs, whatever the policy, split by the task's label. */
    unsigned bounded_true, bounded_false;
    unsigned unknown, timeouts, memouts, crashes, errors, unsupported; /* by status */
    long score;
    double cputime_s, walltime_s; /* totals over all rows */
} config_summary;

void summarize_config(const results *r, unsigned config, config_summary *out);

/* Configurations that share a common task set. By default one group holds
 * every configuration; with a grouping regex (PCRE2) a configuration's group
 * is the regex's first capture group in its name (or the whole match), and
 * a name that does not match forms a group of its own. */
typedef struct {
    char *name;
    unsigned *configs;
    size_t n_configs;
    bool *common;            /* per task: every configuration solved it */
    unsigned n_common;
} config_group;

typedef struct {
    config_group *groups;
    size_t n_groups;
    unsigned *group_of;      /* per configuration */
    const char *same;        /* the value common sets agree on, or NULL */
} config_groups;

/* The grouping regex the thesis layouts use: the run name up to its first
 * '+', '/' or '-' (BASIC and BASIC+OPT form the family BASIC). */
#define SUMMARY_FAMILY_REGEX "^[^+/-]+"

/* Builds the groups; returns 0, or ORDO_EXIT_USAGE (with one line printed)
 * when REGEX does not compile. REGEX NULL: one group. */
int groups_build(const results *r, const char *regex, config_groups *out);
/* Narrows every group's common set to the tasks on which all its members
 * have the same VALUE (a measured column or statistic), e.g. the unroll
 * bound an answer came from: then they solved the same formula. Returns 0,
 * or ORDO_EXIT_USAGE (with one line printed) when there is no such column. */
int groups_require_same(const results *r, config_groups *g, const char *value);
void groups_free(config_groups *g);

typedef enum { AGG_AVG, AGG_SUM } aggregate_kind;

/* Average or sum of value STAT (results_value_index) of CONFIG over the
 * tasks with TASKS[t] set (NULL: the tasks CONFIG solved correctly).
 * Missing values are skipped; NAN when no task has a value. */
double summary_aggregate(const results *r, unsigned config, const bool *tasks, int stat,
                         aggregate_kind kind);

#endif
