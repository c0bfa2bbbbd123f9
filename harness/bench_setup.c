/* Set-up shared by ordo bench, its SLURM elements and ordo collect (bench_setup.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "context.h"

/* Deepest folder first: one system call when the parents exist. */
bool make_dirs(const char *path)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST)
        return true;
    char *parent = xstrdup(path), *slash = strrchr(parent, '/');
    bool ok = errno == ENOENT && slash && slash != parent;
    if (ok) {
        *slash = '\0';
        ok = make_dirs(parent) && (mkdir(path, 0755) == 0 || errno == EEXIST);
    }
    free(parent);
    return ok;
}

char **stat_columns(const bench_config *c, size_t *n)
{
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t i = 0; i < 2 * c->n_runs; i++) {
        const ordo_plugin *p = i % 2 ? c->runs[i / 2].solver : c->runs[i / 2].engine;
        for (const ordo_stat_desc *s = p ? p->stats : NULL; s && s->name; s++) {
            bool seen = false;
            for (size_t j = 0; j < *n; j++)
                seen = seen || !strcmp(names[j], s->name);
            if (!seen) {
                XGROW(names, *n, cap);
                names[(*n)++] = (char *)s->name;
            }
        }
    }
    return names;
}

bool load_tasks(const char *cmd, const bench_config *c, const char *corpus_arg,
                const char *include, const char *exclude, task_list *tasks, char **corpus)
{
    *corpus = context_corpus(corpus_arg, c->corpus, c->dir, c->repo);
    task_roots roots;
    task_roots_init(&roots, *corpus, c->repo);
    char *err = NULL;
    bool ok = true;
    for (size_t i = 0; ok && i < c->n_tasks; i++)
        ok = task_list_add(tasks, &roots, c->tasks[i], c->dir, &err);
    const char *inc = include ? include : c->include;
    const char *exc = exclude ? exclude : c->exclude;
    ok = ok && task_list_finish(tasks, inc, exc, &err);
    if (!ok)
        fprintf(stderr, "ordo %s: %s\n", cmd, err);
    for (size_t i = 0; i < tasks->n_errors; i++)
        fprintf(stderr, "ordo %s: %s\n", cmd, tasks->errors[i]);
    free(err);
    task_roots_free(&roots);
    return ok;
}

static char *flat(const char *s)
{
    char *f = xstrdup(s);
    for (char *p = f; *p; p++)
        if (*p == '/')
            *p = '_';
    return f;
}

char *log_path(const char *out, const run_config *rc, const task *t)
{
    char *run = flat(rc->name);
    char *dir = xasprintf("%s/logs/%s", out, run);
    make_dirs(dir);
    size_t len = strlen(t->name);
    char *name = xcalloc(1, 2 * len + 1), *p = name;
    for (const char *s = t->name; *s; s++)
        p = *s == '/' ? stpcpy(p, "__") : (*p = *s, p + 1);
    char *path = xasprintf("%s/%s.log", dir, name);
    free(run);
    free(dir);
    free(name);
    return path;
}
