/* The columns and field encodings of results.csv (results_format.h). */
#include <string.h>

#include <ordo/csv.h>

#include "results_format.h"
#include "scoring.h"

const char *const results_fixed_columns[RESULTS_N_FIXED] = {
    "benchmark", "run", "engine", "options", "task", "expected", "status",
    "verdict", "result", "bound", "complete", "cputime_s", "walltime_s", "memory_mb", "reason",
};

void results_write_header(FILE *out, char *const *stat_names, size_t n_stats)
{
    for (size_t i = 0; i < RESULTS_N_FIXED; i++)
        fprintf(out, "%s%s", i ? "," : "", results_fixed_columns[i]);
    for (size_t i = 0; i < n_stats; i++) {
        fputc(',', out);
        csv_write_field(out, stat_names[i]);
    }
    fputc('\n', out);
}

/* A boolean field: "true" or "false". */
static const char *flag_text(bool flag)
{
    return flag ? "true" : "false";
}

static bool flag_parse(const char *text, bool *flag)
{
    *flag = !strcmp(text, "true");
    return *flag || !strcmp(text, "false");
}

/* A boolean field that may be empty: 1 "true", 0 "false", -1 empty. */
static bool optional_flag_parse(const char *text, int *out)
{
    bool flag = false;
    if (*text && !flag_parse(text, &flag))
        return false;
    *out = *text ? flag : -1;
    return true;
}

_Static_assert(EXPECT_NONE == -1 && EXPECT_FALSE == 0 && EXPECT_TRUE == 1,
               "a verdict field reads as an optional flag");

const char *results_verdict_text(int verdict)
{
    return verdict == EXPECT_NONE ? "" : flag_text(verdict == EXPECT_TRUE);
}

bool results_verdict_parse(const char *text, int *verdict)
{
    return optional_flag_parse(text, verdict);
}

const char *results_expected_text(bool expected_true)
{
    return flag_text(expected_true);
}

bool results_expected_parse(const char *text, bool *expected_true)
{
    return flag_parse(text, expected_true);
}

const char *results_complete_text(int verdict, bool complete)
{
    return verdict == EXPECT_TRUE ? flag_text(complete) : "";
}

bool results_complete_parse(const char *text, int *complete)
{
    return optional_flag_parse(text, complete);
}
