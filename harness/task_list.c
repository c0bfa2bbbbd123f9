/*
 * Task lists: set files (one glob per line, relative to the set file, `#`
 * comments, as SV-COMP's), globs, and --include / --exclude name filters.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <glob.h>
#include <libgen.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "task.h"

static void add_error(task_list *l, char *msg)
{
    XGROW(l->errors, l->n_errors, l->cap_errors);
    l->errors[l->n_errors++] = msg;
}

static void add_task_file(task_list *l, const task_roots *r, const char *yml)
{
    char *name = task_name(r, yml), *err = NULL;
    task t;
    switch (task_load(&t, yml, name, &err)) {
    case TASK_OK:
        XGROW(l->tasks, l->n, l->cap);
        l->tasks[l->n++] = t;
        break;
    case TASK_NO_PROPERTY:
        l->n_skipped++;
        break;
    case TASK_MALFORMED:
        add_error(l, err);
        break;
    }
    free(name);
}

static char *resolve(const task_roots *r, const char *entry, const char *base_dir)
{
    if (!strncmp(entry, "$CORPUS/", 8))
        return xasprintf("%s/%s", r->corpus ? r->corpus : "(no corpus)", entry + 8);
    if (entry[0] == '/')
        return xstrdup(entry);
    return xasprintf("%s/%s", base_dir, entry);
}

static size_t add_glob(task_list *l, const task_roots *r, const char *pattern)
{
    glob_t g;
    size_t found = 0;
    if (glob(pattern, 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++) {
            size_t n = strlen(g.gl_pathv[i]);
            if (n > 4 && !strcmp(g.gl_pathv[i] + n - 4, ".yml")) {
                add_task_file(l, r, g.gl_pathv[i]);
                found++;
            }
        }
        globfree(&g);
    }
    return found;
}

static bool add_set_file(task_list *l, const task_roots *r, const char *set, char **err)
{
    FILE *in = fopen(set, "r");
    if (!in) {
        *err = xasprintf("%s:0: cannot read set file: %s", set, strerror(errno));
        return false;
    }
    char *copy = xstrdup(set);
    const char *dir = dirname(copy);
    char *line = NULL;
    size_t cap = 0;
    for (unsigned long lineno = 1; getline(&line, &cap, in) > 0; lineno++) {
        char *s = line + strspn(line, " \t");
        s[strcspn(s, "\r\n#")] = '\0';
        for (size_t n = strlen(s); n && (s[n - 1] == ' ' || s[n - 1] == '\t');)
            s[--n] = '\0';
        if (!*s)
            continue;
        char *pattern = resolve(r, s, dir);
        if (!add_glob(l, r, pattern))
            add_error(l, xasprintf("%s:%lu: '%s' matches no task", set, lineno, s));
        free(pattern);
    }
    free(line);
    free(copy);
    fclose(in);
    return true;
}

bool task_list_add(task_list *l, const task_roots *r, const char *entry, const char *base_dir,
                   char **err)
{
    char *path = resolve(r, entry, base_dir);
    size_t n = strlen(path);
    bool ok = true;
    if (n > 4 && !strcmp(path + n - 4, ".set"))
        ok = add_set_file(l, r, path, err);
    else if (!add_glob(l, r, path))
        add_error(l, xasprintf("%s: matches no task", path));
    free(path);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const task *)a)->name, ((const task *)b)->name);
}

static pcre2_code *compile(const char *regex, const char *what, char **err)
{
    int code;
    PCRE2_SIZE offset;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)regex, PCRE2_ZERO_TERMINATED, 0, &code, &offset,
                                   NULL);
    if (!re) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(code, msg, sizeof msg);
        *err = xasprintf("bad %s regex '%s' at offset %zu: %s", what, regex, (size_t)offset,
                         (char *)msg);
    }
    return re;
}

static bool matches(pcre2_code *re, pcre2_match_data *md, const char *s)
{
    return pcre2_match(re, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) >= 0;
}

bool task_list_finish(task_list *l, const char *include, const char *exclude, char **err)
{
    pcre2_code *inc = include ? compile(include, "--include", err) : NULL;
    if (include && !inc)
        return false;
    pcre2_code *exc = exclude ? compile(exclude, "--exclude", err) : NULL;
    if (exclude && !exc) {
        pcre2_code_free(inc);
        return false;
    }
    pcre2_match_data *md = pcre2_match_data_create(4, NULL);
    if (l->n) /* qsort wants an array, even of nothing */
        qsort(l->tasks, l->n, sizeof *l->tasks, by_name);
    size_t kept = 0;
    for (size_t i = 0; i < l->n; i++) {
        task *t = &l->tasks[i];
        bool keep = !(kept && !strcmp(l->tasks[kept - 1].name, t->name));
        keep = keep && (!inc || matches(inc, md, t->name)) && !(exc && matches(exc, md, t->name));
        if (keep)
            l->tasks[kept++] = *t;
        else
            task_free(t);
    }
    l->n = kept;
    pcre2_match_data_free(md);
    pcre2_code_free(inc);
    pcre2_code_free(exc);
    return true;
}

void task_list_free(task_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        task_free(&l->tasks[i]);
    for (size_t i = 0; i < l->n_errors; i++)
        free(l->errors[i]);
    free(l->tasks);
    free(l->errors);
    *l = (task_list){ 0 };
}
