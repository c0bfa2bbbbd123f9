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

const char *results_verdict_text(int verdict)
{
    return verdict == EXPECT_NONE ? "" : flag_text(verdict == EXPECT_TRUE);
}

bool results_verdict_parse(const char *text, int *verdict)
{
    bool safe;
    if (!*text)
        *verdict = EXPECT_NONE;
    else if (flag_parse(text, &safe))
        *verdict = safe ? EXPECT_TRUE : EXPECT_FALSE;
    else
        return false;
    return true;
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
    bool flag;
    if (!*text)
        *complete = -1;
    else if (flag_parse(text, &flag))
        *complete = flag;
    else
        return false;
    return true;
}
