/* The HTML report's JSON data (html_data.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "html_cross_check.h"
#include "html_data.h"
#include "html_json.h"

/* The tasks of all sets, each once, in order of first appearance. */
typedef struct {
    const char **names;
    size_t n, cap;
} task_union;

static void union_build(task_union *u, const html_set *sets, size_t n_sets)
{
    memset(u, 0, sizeof *u);
    for (size_t s = 0; s < n_sets; s++)
        for (size_t t = 0; t < sets[s].r.n_tasks; t++) {
            const char *name = sets[s].r.tasks[t];
            size_t earlier = 0;
            while (earlier < s && results_find_task(&sets[earlier].r, name) < 0)
                earlier++;
            if (earlier < s)
                continue;
            XGROW(u->names, u->n, u->cap);
            u->names[u->n++] = name;
        }
}

/* Metadata keys shown in the setup block: a key equal to an entry, or
 * under an entry ending in '.'. */
static const char *const setup_keys[] = {
    "benchmark", "ordo_version", "ordo_commit", "date", "host.", "limits.", "jobs", "engines.", "solvers.",
    "corpus", "tasks", "runs",
};

static bool key_under(const char *key, const char *entry)
{
    size_t n = strlen(entry);
    return entry[n - 1] == '.' ? !strncmp(key, entry, n) : !strcmp(key, entry);
}

static void write_setup(FILE *out, const metadata *m)
{
    fputc('[', out);
    bool first = true;
    for (size_t k = 0; k < sizeof setup_keys / sizeof *setup_keys; k++)
        for (size_t i = 0; i < m->n; i++) {
            if (!key_under(m->keys[i], setup_keys[k]))
                continue;
            fputs(first ? "[" : ",[", out);
            json_string(out, m->keys[i]);
            fputc(',', out);
            json_string(out, m->values[i]);
            fputc(']', out);
            first = false;
        }
    fputc(']', out);
}

static void write_set(FILE *out, const html_set *set)
{
    const char *limit = metadata_get(&set->m, "limits.cpu_s");
    fputs("{\"name\":", out);
    json_string(out, set->name);
    fputs(",\"scoring\":", out);
    json_string(out, set->scoring);
    fputs(",\"cpuLimit\":", out);
    json_number(out, limit ? strtod(limit, NULL) : NAN);
    fputs(",\"setup\":", out);
    write_setup(out, &set->m);
    fputs(",\"tables\":[", out);
    for (size_t i = 0; i < set->n_tables; i++) {
        fputs(i ? "," : "", out);
        json_table(out, &set->tables[i]);
    }
    fputs("]}", out);
}

/* The rows of one configuration of SET, indexed by union task (NULL where
 * it has no run). */
static const result_row **config_rows(const html_set *set, unsigned config, const task_union *u)
{
    const result_row **rows = xcalloc(u->n + 1, sizeof *rows);
    for (size_t i = 0; i < u->n; i++) {
        int t = results_find_task(&set->r, u->names[i]);
        rows[i] = t < 0 ? NULL : results_cell(&set->r, config, (unsigned)t);
    }
    return rows;
}

/* One column of the page: a configuration of a set, its runs by union task. */
typedef struct {
    const html_set *set;
    size_t set_index;
    unsigned config;
    const result_row **rows;
    char *label; /* the configuration, "RUN @ SET" when another set has it too */
} page_column;

static size_t sets_with_config(const html_set *sets, size_t n_sets, const char *run)
{
    size_t n = 0;
    for (size_t s = 0; s < n_sets; s++)
        n += results_find_config(&sets[s].r, run) >= 0;
    return n;
}

/* Every configuration of every set, in order (as the page's script labels them). */
static page_column *page_columns(const html_set *sets, size_t n_sets, const task_union *u, size_t *n)
{
    page_column *cols = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t s = 0; s < n_sets; s++)
        for (unsigned c = 0; c < sets[s].r.n_configs; c++) {
            const char *run = sets[s].r.configs[c];
            XGROW(cols, *n, cap);
            cols[(*n)++] = (page_column){
                &sets[s], s, c, config_rows(&sets[s], c, u),
                sets_with_config(sets, n_sets, run) > 1 ? xasprintf("%s @ %s", run, sets[s].name)
                                                        : xstrdup(run),
            };
        }
    return cols;
}

/* The cross-check over the page's columns (html_cross_check.h). */
static void write_cross_check(FILE *out, const page_column *cols, size_t n_cols, const task_union *u)
{
    const char **labels = xcalloc(n_cols + 1, sizeof *labels);
    run_grid g = { labels, u->names, (unsigned)n_cols, (unsigned)u->n,
                   xcalloc(n_cols * u->n + 1, sizeof(const result_row *)) };
    for (size_t k = 0; k < n_cols; k++) {
        labels[k] = cols[k].label;
        for (size_t t = 0; t < u->n; t++)
            g.runs[t * n_cols + k] = cols[k].rows[t];
    }
    html_cross_check_write(out, &g);
    run_grid_free(&g);
    free(labels);
}

static void write_column(FILE *out, const page_column *col, const task_union *u, const char *const *values,
                         size_t n_values)
{
    const html_set *set = col->set;
    unsigned config = col->config;
    const result_row **rows = col->rows;
    int *value_index = xcalloc(n_values + 1, sizeof *value_index);
    for (size_t v = 0; v < n_values; v++)
        value_index[v] = results_value_index(&set->r, values[v]);
    fputs("{\"run\":", out);
    json_string(out, set->r.configs[config]);
    fprintf(out, ",\"set\":%zu,\"log\":", col->set_index);
    if (set->log_base) {
        char *run = xstrdup(set->r.configs[config]), *log;
        for (char *p = run; *p; p++)
            if (*p == '/')
                *p = '_'; /* the harness's log file layout, cmd_bench.c log_path */
        log = xasprintf("%s/logs/%s/", set->log_base, run);
        json_string(out, log);
        free(log);
        free(run);
    } else {
        fputs("null", out);
    }
    fputs(",\"st\":[", out);
    for (size_t i = 0; i < u->n; i++) {
        fputs(i ? "," : "", out);
        json_string(out, rows[i] ? rows[i]->status_text : NULL);
    }
    fputs("],\"res\":[", out);
    for (size_t i = 0; i < u->n; i++)
        fprintf(out, "%s%d", i ? "," : "", rows[i] ? (int)rows[i]->result : -1);
    fputs("],\"v\":[", out);
    for (size_t v = 0; v < n_values; v++) {
        fputs(v ? ",[" : "[", out);
        for (size_t i = 0; i < u->n; i++) {
            fputs(i ? "," : "", out);
            json_number(out, rows[i] ? results_value(rows[i], value_index[v]) : NAN);
        }
        fputc(']', out);
    }
    fputs("]}", out);
    free(value_index);
}

/* Per union task, its expected verdict (1 true, 0 false) from the first
 * run of it. */
static void write_expected(FILE *out, const html_set *sets, size_t n_sets, const task_union *u)
{
    fputc('[', out);
    for (size_t i = 0; i < u->n; i++) {
        const result_row *row = NULL;
        for (size_t s = 0; s < n_sets && !row; s++) {
            int t = results_find_task(&sets[s].r, u->names[i]);
            for (unsigned c = 0; t >= 0 && c < sets[s].r.n_configs && !row; c++)
                row = results_cell(&sets[s].r, c, (unsigned)t);
        }
        fprintf(out, "%s%d", i ? "," : "", row && row->expected ? 1 : 0);
    }
    fputc(']', out);
}

void html_data_write(FILE *out, const html_set *sets, size_t n_sets, const char *const *values, size_t n_values)
{
    task_union u;
    union_build(&u, sets, n_sets);
    fputs("{\"values\":[", out);
    for (size_t v = 0; v < n_values; v++) {
        fputs(v ? "," : "", out);
        json_string(out, values[v]);
    }
    fputs("],\"sets\":[", out);
    for (size_t s = 0; s < n_sets; s++) {
        fputs(s ? "," : "", out);
        write_set(out, &sets[s]);
    }
    fputs("],\"tasks\":[", out);
    for (size_t i = 0; i < u.n; i++) {
        fputs(i ? "," : "", out);
        json_string(out, u.names[i]);
    }
    fputs("],\"expected\":", out);
    write_expected(out, sets, n_sets, &u);
    size_t n_cols;
    page_column *cols = page_columns(sets, n_sets, &u, &n_cols);
    fputs(",\"crossCheck\":", out);
    write_cross_check(out, cols, n_cols, &u);
    fputs(",\"columns\":[", out);
    for (size_t k = 0; k < n_cols; k++) {
        fputs(k ? "," : "", out);
        write_column(out, &cols[k], &u, values, n_values);
        free(cols[k].rows);
        free(cols[k].label);
    }
    fputs("]}", out);
    free(cols);
    free(u.names);
}
