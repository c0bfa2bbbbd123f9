/* ordo report --html (html_report.h). The page's script and styles are
 * analysis/html/report.js, report.css and errors.js, embedded at build
 * time (analysis/module.mk). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "html_data.h"
#include "html_json.h"
#include "html_report.h"
#include "outdir.h"

extern const unsigned char report_js[], report_css[], errors_js[];
extern const unsigned int report_js_len, report_css_len, errors_js_len;

/* The last path component of PATH, without a trailing "/results.csv". */
static char *set_name(const char *path)
{
    char *p = xstrdup(path);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/')
        p[--n] = '\0';
    if (n > 12 && !strcmp(p + n - 12, "/results.csv"))
        p[n -= 12] = '\0';
    const char *slash = strrchr(p, '/');
    char *name = xstrdup(slash && slash[1] ? slash + 1 : p);
    free(p);
    return name;
}

/* TO relative to the directory FROM (both existing). NULL when either
 * cannot be resolved. */
static char *relative_path(const char *from, const char *to)
{
    char a[PATH_MAX + 1], b[PATH_MAX + 1];
    if (!realpath(from, a) || !realpath(to, b))
        return NULL;
    if (strcmp(a, "/"))
        strcat(a, "/"); /* both end in '/': the common prefix ends at one */
    if (strcmp(b, "/"))
        strcat(b, "/");
    size_t common = 0;
    for (size_t i = 0; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/')
            common = i + 1;
    size_t ups = 0;
    for (const char *p = a + common; *p; p++)
        ups += *p == '/';
    char *rel = xcalloc(3 * ups + strlen(b + common) + 2, 1);
    for (size_t i = 0; i < ups; i++)
        strcat(rel, "../");
    strcat(rel, b + common);
    size_t n = strlen(rel);
    if (n)
        rel[n - 1] = '\0'; /* the trailing '/' */
    else
        strcpy(rel, ".");
    return rel;
}

/* The directory the page is written to. */
static char *page_dir(const char *out)
{
    const char *slash = out ? strrchr(out, '/') : NULL;
    return slash ? xasprintf("%.*s", (int)(slash - out + 1), out) : xstrdup(".");
}

static int load_set(html_set *set, const char *input, const html_options *o, const char *dir)
{
    set->name = set_name(input);
    results_init(&set->r);
    int status = results_load(&set->r, input);
    if (status)
        return status;
    if (set->r.n_dirs) {
        if ((status = metadata_load(&set->m, set->r.dirs[0])) > 0)
            return status;
        char *logs = xasprintf("%s/logs", set->r.dirs[0]);
        struct stat st;
        if (!stat(logs, &st) && S_ISDIR(st.st_mode))
            set->log_base = relative_path(dir, set->r.dirs[0]);
        free(logs);
    }
    results_rescore(&set->r, o->scoring);
    set->scoring = scoring_name(o->scoring);
    layout_summary(&set->r, &set->tables[set->n_tables++]);
    config_groups g = { 0 };
    bool built;
    status = common_table_build(&set->r, &o->tables, &g, &set->tables[set->n_tables], &built);
    set->n_tables += built;
    groups_free(&g);
    return status;
}

static void free_set(html_set *set)
{
    for (size_t i = 0; i < set->n_tables; i++)
        table_free(&set->tables[i]);
    metadata_free(&set->m);
    results_free(&set->r);
    free(set->log_base);
    free(set->name);
}

/* Sets with the same name (two "results" directories) are told apart by
 * their position. */
static void distinguish_names(html_set *sets, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (!strcmp(sets[i].name, sets[j].name)) {
                char *name = xasprintf("%s#%zu", sets[i].name, i + 1);
                free(sets[i].name);
                sets[i].name = name;
                break;
            }
}

/* The task table's numeric columns: CPU, memory, wall time, then the
 * values of --columns without their sum:/avg: prefix. */
static size_t value_names(const char *columns, char ***out)
{
    static const char *const measured[] = { "cputime_s", "memory_mb", "walltime_s" };
    char *items = xstrdup(columns ? columns : ""), *save = NULL;
    char **names = xcalloc(3 + strlen(items) / 2 + 1, sizeof *names);
    size_t n = 0;
    for (size_t i = 0; i < 3; i++)
        names[n++] = xstrdup(measured[i]);
    for (char *item = strtok_r(items, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        const char *colon = strchr(item, ':');
        const char *name = colon ? colon + 1 : item;
        size_t seen = 0;
        while (seen < n && strcmp(names[seen], name))
            seen++;
        if (seen == n)
            names[n++] = xstrdup(name);
    }
    free(items);
    *out = names;
    return n;
}

static void write_page(FILE *out, const html_set *sets, size_t n_sets, const char *const *values, size_t n_values)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ordo report: ", out);
    for (size_t s = 0; s < n_sets; s++) {
        fputs(s ? " vs " : "", out);
        html_text(out, sets[s].name);
    }
    fputs("</title>\n<style>\n", out);
    fwrite(report_css, 1, report_css_len, out);
    fputs("</style></head>\n<body>\n<ul id=\"errors\" data-count=\"0\" hidden></ul>\n<script>\n", out);
    fwrite(errors_js, 1, errors_js_len, out);
    fputs("</script>\n<div id=\"app\">Loading...</div>\n<script id=\"data\" type=\"application/json\">", out);
    html_data_write(out, sets, n_sets, values, n_values);
    fputs("</script>\n<script>\n", out);
    fwrite(report_js, 1, report_js_len, out);
    fputs("</script>\n</body></html>\n", out);
}

/* Opens the page's file, or stdout. */
static FILE *open_page(const char *out, int *status)
{
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "ordo: cannot write %s: %s\n", out, strerror(errno));
        *status = ORDO_EXIT_INPUT;
    }
    return f;
}

int html_report(const html_options *o)
{
    char *dir = page_dir(o->out);
    int status = o->out ? make_output_dir(dir) : 0; /* first: log links are relative to it */
    html_set *sets = xcalloc(o->n_inputs, sizeof *sets);
    size_t n_sets = 0;
    while (!status && n_sets < o->n_inputs) {
        status = load_set(&sets[n_sets], o->inputs[n_sets], o, dir);
        n_sets++;
    }
    char **values = NULL;
    size_t n_values = value_names(o->tables.columns, &values);
    FILE *out = status ? NULL : open_page(o->out, &status);
    if (out) {
        distinguish_names(sets, n_sets);
        write_page(out, sets, n_sets, (const char *const *)values, n_values);
        if (fflush(out) || ferror(out)) {
            fprintf(stderr, "ordo: cannot write %s: %s\n", o->out ? o->out : "stdout", strerror(errno));
            status = ORDO_EXIT_INPUT;
        }
        if (out != stdout)
            fclose(out);
    }
    for (size_t s = 0; s < n_sets; s++)
        free_set(&sets[s]);
    for (size_t v = 0; v < n_values; v++)
        free(values[v]);
    free(values);
    free(sets);
    free(dir);
    return status;
}
