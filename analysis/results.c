/* Loading and validating results CSV files (results.h, BRIEF.md "Results
 * format"). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include <ordo/csv.h>
#include "results.h"


void results_init(results *r)
{
    memset(r, 0, sizeof *r);
    r->arena = ordo_arena_new();
    r->scoring = SCORING_DEFAULT;
}

void results_free(results *r)
{
    ordo_arena_free(r->arena);
    free(r->rows);
    free(r->stat_names);
    free(r->configs);
    free(r->tasks);
    free(r->task_slots);
    free(r->cell);
    free(r->dirs);
    memset(r, 0, sizeof *r);
}

static int input_error(const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int input_error(const char *file, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ordo: %s:%u: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return ORDO_EXIT_INPUT;
}

static uint64_t hash_string(const char *s)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static void rehash_tasks(results *r)
{
    free(r->task_slots);
    r->n_slots = r->n_slots ? 2 * r->n_slots : 64;
    r->task_slots = xcalloc(r->n_slots, sizeof *r->task_slots);
    for (size_t t = 0; t < r->n_tasks; t++) {
        size_t i = hash_string(r->tasks[t]) & (r->n_slots - 1);
        while (r->task_slots[i])
            i = (i + 1) & (r->n_slots - 1);
        r->task_slots[i] = (unsigned)t + 1;
    }
}

static unsigned intern_task(results *r, const char *task)
{
    int known = results_find_task(r, task);
    if (known >= 0)
        return (unsigned)known;
    if (2 * (r->n_tasks + 1) > r->n_slots)
        rehash_tasks(r);
    size_t i = hash_string(task) & (r->n_slots - 1);
    while (r->task_slots[i])
        i = (i + 1) & (r->n_slots - 1);
    XGROW(r->tasks, r->n_tasks, r->cap_tasks);
    r->tasks[r->n_tasks] = ordo_arena_strdup(r->arena, task);
    r->task_slots[i] = (unsigned)++r->n_tasks;
    return (unsigned)(r->n_tasks - 1);
}

int results_find_task(const results *r, const char *task)
{
    if (!r->n_slots)
        return -1;
    for (size_t i = hash_string(task) & (r->n_slots - 1); r->task_slots[i]; i = (i + 1) & (r->n_slots - 1))
        if (!strcmp(r->tasks[r->task_slots[i] - 1], task))
            return (int)r->task_slots[i] - 1;
    return -1;
}

int results_find_config(const results *r, const char *run)
{
    for (size_t c = 0; c < r->n_configs; c++)
        if (!strcmp(r->configs[c], run))
            return (int)c;
    return -1;
}

static unsigned intern_config(results *r, const char *run)
{
    int c = results_find_config(r, run);
    if (c >= 0)
        return (unsigned)c;
    XGROW(r->configs, r->n_configs, r->cap_configs);
    r->configs[r->n_configs] = ordo_arena_strdup(r->arena, run);
    return (unsigned)r->n_configs++;
}

static unsigned intern_stat(results *r, const char *name)
{
    int i = results_stat_index(r, name);
    if (i >= 0)
        return (unsigned)i;
    XGROW(r->stat_names, r->n_stats, r->cap_stats);
    r->stat_names[r->n_stats] = ordo_arena_strdup(r->arena, name);
    return (unsigned)r->n_stats++;
}

int results_stat_index(const results *r, const char *name)
{
    for (size_t i = 0; i < r->n_stats; i++)
        if (!strcmp(r->stat_names[i], name))
            return (int)i;
    return -1;
}

int results_value_index(const results *r, const char *name)
{
    if (!strcmp(name, "cputime_s"))
        return -1;
    if (!strcmp(name, "walltime_s"))
        return -2;
    if (!strcmp(name, "memory_mb"))
        return -3;
    int i = results_stat_index(r, name);
    return i >= 0 ? i : RESULTS_NO_VALUE;
}

double results_value(const result_row *row, int stat)
{
    switch (stat) {
    case -1: return row->cputime_s;
    case -2: return row->walltime_s;
    case -3: return row->memory_mb;
    default: return stat >= 0 && (size_t)stat < row->n_stats ? row->stats[stat] : NAN;
    }
}

double results_cputime_floor(const result_row *row, double floor_s)
{
    return fmax(isnan(row->cputime_s) ? 0 : row->cputime_s, floor_s);
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void sort_doubles(double *values, size_t n)
{
    qsort(values, n, sizeof *values, ascending);
}

static void judge(result_row *row, scoring_policy policy)
{
    row->judged = scoring_judge(policy, row->answer, row->expected);
    row->points = scoring_points(policy, row->answer, row->expected);
}

void results_rescore(results *r, scoring_policy policy)
{
    r->scoring = policy;
    for (size_t i = 0; i < r->n_rows; i++)
        judge(&r->rows[i], policy);
}

/* Parses a number column; empty means missing (NAN). */
static int parse_number(const char *text, double *out)
{
    if (!*text) {
        *out = NAN;
        return 0;
    }
    char *end;
    errno = 0;
    *out = strtod(text, &end);
    return *end || errno || !isfinite(*out) ? -1 : 0;
}

static int parse_status(const char *s, run_status *out)
{
    static const char *const names[] = { "true", "false", "unknown", "timeout", "memout",
                                         "crash", "error", "unsupported" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i])) {
            *out = (run_status)i;
            return 0;
        }
    if (!strncmp(s, "crash (", 7)) { /* crash (SIGSEGV) */
        *out = STATUS_CRASH;
        return 0;
    }
    return -1;
}

/* Whether a SAFE of a file without the `complete` column was complete:
 * only with no bound and the engine's ENGINE.complete statistic at 1
 * (results.h); any other SAFE may have assumed a bound. */
static bool legacy_complete(const results *r, const result_row *row, const double *stats)
{
    char *name = xasprintf("%s.complete", row->engine);
    int i = results_stat_index(r, name);
    free(name);
    return !*row->bound && i >= 0 && stats[i] == 1;
}

/* A row's stored result must be what its answer and label give: the
 * classes never read anything else (scoring.h). */
static const char *inconsistency(const result_row *row, int complete, result_class stored)
{
    if (row->verdict == EXPECT_TRUE && complete < 0)
        return "a SAFE (verdict true) needs 'complete' true or false";
    if (complete == 1 && *row->bound)
        return "'complete' true but a bound is given";
    if (stored != row->result)
        return "the result differs from what verdict, complete and expected give (a bounded SAFE is "
               "'bounded' whatever the label)";
    return NULL;
}

/* Parses the fixed columns of one record into ROW, its stored result and
 * its completeness (-1 empty); returns the index of the first column with
 * a bad value, or -1. */
static int parse_fixed(result_row *row, char **f, result_class *stored, int *complete)
{
    if (!results_expected_parse(f[RESULTS_COL_EXPECTED], &row->expected))
        return RESULTS_COL_EXPECTED;
    if (parse_status(f[RESULTS_COL_STATUS], &row->status))
        return RESULTS_COL_STATUS;
    if (!results_verdict_parse(f[RESULTS_COL_VERDICT], &row->verdict))
        return RESULTS_COL_VERDICT;
    if (!result_class_parse(f[RESULTS_COL_RESULT], stored))
        return RESULTS_COL_RESULT;
    if (!results_complete_parse(f[RESULTS_COL_COMPLETE], complete))
        return RESULTS_COL_COMPLETE;
    if (parse_number(f[RESULTS_COL_CPU], &row->cputime_s))
        return RESULTS_COL_CPU;
    if (parse_number(f[RESULTS_COL_WALL], &row->walltime_s))
        return RESULTS_COL_WALL;
    if (parse_number(f[RESULTS_COL_MEMORY], &row->memory_mb))
        return RESULTS_COL_MEMORY;
    if (!*f[RESULTS_COL_RUN] || !*f[RESULTS_COL_TASK])
        return !*f[RESULTS_COL_RUN] ? RESULTS_COL_RUN : RESULTS_COL_TASK;
    return -1;
}

static const char *keep(results *r, const char *s)
{
    return ordo_arena_strdup(r->arena, s);
}

/* Adds one data record; STAT_OF maps its statistic columns to r's. A
 * LEGACY record (no `complete` column) has an empty one put in. */
static int add_row(results *r, char **f, const unsigned *stat_of, size_t n_stat_cols,
                   const char *file, unsigned line, bool legacy)
{
    result_row row = { 0 };
    result_class stored;
    int complete;
    int bad = parse_fixed(&row, f, &stored, &complete);
    if (bad >= 0)
        return input_error(file, line, "bad value '%s' in column '%s'", f[bad], results_fixed_columns[bad]);
    row.benchmark = keep(r, f[RESULTS_COL_BENCHMARK]);
    row.run = keep(r, f[RESULTS_COL_RUN]);
    row.engine = keep(r, f[RESULTS_COL_ENGINE]);
    row.options = keep(r, f[RESULTS_COL_OPTIONS]);
    row.task = keep(r, f[RESULTS_COL_TASK]);
    row.status_text = keep(r, f[RESULTS_COL_STATUS]);
    row.bound = keep(r, f[RESULTS_COL_BOUND]);
    row.reason = keep(r, f[RESULTS_COL_REASON]);
    double *stats = ordo_arena_alloc(r->arena, (r->n_stats ? r->n_stats : 1) * sizeof *stats);
    for (size_t i = 0; i < r->n_stats; i++)
        stats[i] = NAN;
    for (size_t i = 0; i < n_stat_cols; i++)
        if (parse_number(f[RESULTS_N_FIXED + i], &stats[stat_of[i]]))
            return input_error(file, line, "bad number '%s' in column '%s'", f[RESULTS_N_FIXED + i],
                               r->stat_names[stat_of[i]]);
    if (legacy && row.verdict == EXPECT_TRUE)
        complete = legacy_complete(r, &row, stats);
    row.answer = answer_of(row.verdict, complete == 1);
    row.result = classify(row.answer, row.expected);
    const char *why = legacy ? NULL : inconsistency(&row, complete, stored);
    if (why)
        return input_error(file, line, "%s", why);
    judge(&row, r->scoring);
    row.stats = stats;
    row.n_stats = r->n_stats;
    row.config = intern_config(r, row.run);
    row.task_id = intern_task(r, row.task);
    row.file = file; /* kept in the arena by results_load */
    row.line = line;
    XGROW(r->rows, r->n_rows, r->cap_rows);
    r->rows[r->n_rows++] = row;
    return 0;
}

/* Whether the header is that of a file written before the `complete`
 * column: the fixed columns without it. */
static bool legacy_header(const csv_reader *in)
{
    for (size_t i = 0, col = 0; i < RESULTS_N_FIXED; i++, col++) {
        if (i == RESULTS_COL_COMPLETE)
            i++;
        if (col >= in->n_fields || strcmp(in->fields[col], results_fixed_columns[i]))
            return false;
    }
    return true;
}

/* Checks the header's fixed columns and registers its statistic columns. */
static int read_header(results *r, csv_reader *in, unsigned **stat_of, size_t *n_stat_cols,
                       bool *legacy)
{
    int got = csv_read(in);
    if (got < 0)
        return input_error(in->name, in->error_line, "%s", in->error);
    if (got == 0)
        return input_error(in->name, 1, "empty file (expected the results header)");
    *legacy = legacy_header(in);
    size_t n_fixed = RESULTS_N_FIXED - *legacy;
    for (size_t i = 0; !*legacy && i < RESULTS_N_FIXED; i++)
        if (i >= in->n_fields || strcmp(in->fields[i], results_fixed_columns[i]))
            return input_error(in->name, 1, "expected column '%s' at position %zu, found '%s'",
                               results_fixed_columns[i], i + 1, i < in->n_fields ? in->fields[i] : "");
    *n_stat_cols = in->n_fields - n_fixed;
    *stat_of = xcalloc(*n_stat_cols + 1, sizeof **stat_of);
    for (size_t i = 0; i < *n_stat_cols; i++)
        (*stat_of)[i] = intern_stat(r, in->fields[n_fixed + i]);
    return 0;
}

/* The fields of a record of a file without the `complete` column, with an
 * empty one put in its place. */
static char **with_complete_column(char **fields, size_t n, char **out)
{
    static char empty[] = "";
    for (size_t i = 0, j = 0; i < n; i++, j++) {
        if (j == RESULTS_COL_COMPLETE)
            out[j++] = empty;
        out[j] = fields[i];
    }
    return out;
}

static int read_rows(results *r, csv_reader *in)
{
    unsigned *stat_of = NULL;
    size_t n_stat_cols = 0;
    bool legacy = false;
    int status = read_header(r, in, &stat_of, &n_stat_cols, &legacy);
    size_t width = RESULTS_N_FIXED - legacy + n_stat_cols;
    char **widened = xcalloc(RESULTS_N_FIXED + n_stat_cols, sizeof *widened);
    while (!status) {
        int got = csv_read(in);
        if (got == 0)
            break;
        if (got < 0)
            status = input_error(in->name, in->error_line, "%s", in->error);
        else if (in->n_fields != width)
            status = input_error(in->name, in->record_line, "%zu fields, the header has %zu",
                                 in->n_fields, width);
        else
            status = add_row(r, legacy ? with_complete_column(in->fields, width, widened) : in->fields,
                             stat_of, n_stat_cols, in->name, in->record_line, legacy);
    }
    free(widened);
    free(stat_of);
    return status;
}

/* Rebuilds the config x task index; a second row for the same cell is an
 * error (a resumed benchmark never repeats a run). */
static int index_cells(results *r)
{
    free(r->cell);
    size_t n = r->n_configs * r->n_tasks;
    r->cell = xmalloc((n ? n : 1) * sizeof *r->cell);
    for (size_t i = 0; i < n; i++)
        r->cell[i] = -1;
    for (size_t i = 0; i < r->n_rows; i++) {
        const result_row *row = &r->rows[i];
        int *cell = &r->cell[row->config * r->n_tasks + row->task_id];
        if (*cell >= 0) {
            const result_row *first = &r->rows[*cell];
            return input_error(row->file, row->line, "run '%s' on task '%s' repeats %s:%u", row->run,
                               row->task, first->file, first->line);
        }
        *cell = (int)i;
    }
    return 0;
}

const result_row *results_cell(const results *r, unsigned config, unsigned task)
{
    int i = r->cell[config * r->n_tasks + task];
    return i >= 0 ? &r->rows[i] : NULL;
}

static void add_dir(results *r, const char *dir)
{
    XGROW(r->dirs, r->n_dirs, r->cap_dirs);
    r->dirs[r->n_dirs++] = ordo_arena_strdup(r->arena, dir);
}

/* The CSV file of PATH; a results directory (or its results.csv) is also
 * remembered for its metadata.yml. */
static const char *csv_file_of(results *r, const char *path)
{
    struct stat st;
    if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
        add_dir(r, path);
        char *file = xasprintf("%s/results.csv", path);
        const char *kept = ordo_arena_strdup(r->arena, file);
        free(file);
        return kept;
    }
    const char *base = strrchr(path, '/');
    if (!strcmp(base ? base + 1 : path, "results.csv")) {
        char *dir = base ? xasprintf("%.*s", (int)(base - path), path) : xstrdup(".");
        add_dir(r, dir);
        free(dir);
    }
    return ordo_arena_strdup(r->arena, path);
}

int results_load(results *r, const char *path)
{
    const char *file = csv_file_of(r, path);
    FILE *f = fopen(file, "r");
    if (!f) {
        fprintf(stderr, "ordo: %s: cannot read results: %s\n", file, strerror(errno));
        return ORDO_EXIT_INPUT;
    }
    csv_reader in;
    csv_reader_init(&in, f, file);
    int status = read_rows(r, &in);
    csv_reader_free(&in);
    fclose(f);
    return status ? status : index_cells(r);
}
