/*
 * Benchmark configuration files. Example (README.md documents it):
 *
 *   benchmark: demo
 *   tasks: [../sv-benchmarks/ordo.set]
 *   limits: {cpu_time: 10, wall_time: 20, memory: 1024}   # s, s, MB
 *   jobs: 2
 *   scoring: sound        # or svcomp (scoring.h); the exit status follows it
 *   runs:
 *     - name: base
 *       engine: oc
 *       options: {decision-procedure: prop}
 *     - name: '{decision-procedure}+{solver}'   # one run per combination
 *       engine: oc
 *       matrix: {decision-procedure: [basic, prop], solver: [z3, cvc5]}
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "config.h"
#include "../common/yaml_doc.h"

static const char *const top_keys[] = { "benchmark", "corpus", "tasks", "include", "exclude",
                                        "limits", "jobs", "scoring", "runs", NULL };
static const char *const limit_keys[] = { "cpu_time", "wall_time", "memory", NULL };
static const char *const run_keys[] = { "name", "engine", "options", "matrix", NULL };

typedef struct {
    yaml_file f;
    const ordo_plugin_set *plugins;
    bench_config *c;
    char *err; /* first error */
} loader;

static bool fail(loader *L, yaml_node_t *at, char *msg)
{
    if (!L->err)
        L->err = xasprintf("%s:%lu: %s", L->c->path, at ? yaml_line(at) : 1UL, msg);
    free(msg);
    return false;
}

static char *list_text(const char *const *names)
{
    size_t len = 1;
    for (size_t i = 0; names[i]; i++)
        len += strlen(names[i]) + 2;
    char *s = xcalloc(1, len);
    for (size_t i = 0; names[i]; i++) {
        if (i)
            strcat(s, ", ");
        strcat(s, names[i]);
    }
    return s;
}

/* Every key of map must be one of `known`. */
static bool check_keys(loader *L, yaml_node_t *map, const char *const *known, const char *what)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return fail(L, map, xasprintf("%s must be a mapping", what));
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&L->f.doc, p->key);
        const char *key = yaml_scalar(k);
        bool ok = false;
        for (size_t i = 0; key && known[i]; i++)
            ok = ok || !strcmp(known[i], key);
        if (!ok) {
            char *keys = list_text(known);
            fail(L, k, xasprintf("unknown key '%s' in %s (keys: %s)", key ? key : "?", what, keys));
            free(keys);
            return false;
        }
    }
    return true;
}

static bool number(loader *L, yaml_node_t *n, const char *what, double *out)
{
    const char *s = yaml_scalar(n);
    char *end;
    double v = s ? strtod(s, &end) : 0;
    if (!s || end == s || *end || v < 0)
        return fail(L, n, xasprintf("%s must be a non-negative number", what));
    *out = v;
    return true;
}

static bool load_limits(loader *L, yaml_node_t *n)
{
    run_limits *lim = &L->c->limits;
    *lim = (run_limits){ 900, 0, 0 };
    if (!n)
        return true;
    if (!check_keys(L, n, limit_keys, "limits"))
        return false;
    double mem = 0;
    yaml_node_t *cpu = yaml_map_get(&L->f, n, "cpu_time");
    yaml_node_t *wall = yaml_map_get(&L->f, n, "wall_time");
    yaml_node_t *memory = yaml_map_get(&L->f, n, "memory");
    if ((cpu && !number(L, cpu, "limits.cpu_time (s)", &lim->cpu_s)) ||
        (wall && !number(L, wall, "limits.wall_time (s)", &lim->wall_s)) ||
        (memory && !number(L, memory, "limits.memory (MB)", &mem)))
        return false;
    lim->memory_mb = (long)mem;
    if (!wall)
        lim->wall_s = default_wall_s(lim->cpu_s);
    return true;
}

static char *scalar_or_fail(loader *L, yaml_node_t *n, const char *what)
{
    const char *s = yaml_scalar(n);
    if (!s)
        fail(L, n, xasprintf("%s must be a text", what));
    return s ? xstrdup(s) : NULL;
}

static bool load_tasks(loader *L, yaml_node_t *n)
{
    if (!n || n->type != YAML_SEQUENCE_NODE || !yaml_seq_len(n))
        return fail(L, n, xstrdup("tasks must be a list of set files or globs"));
    bench_config *c = L->c;
    c->tasks = xcalloc(yaml_seq_len(n), sizeof *c->tasks);
    for (size_t i = 0; i < yaml_seq_len(n); i++) {
        c->tasks[i] = scalar_or_fail(L, yaml_seq_item(&L->f, n, i), "a tasks entry");
        if (!c->tasks[i])
            return false;
        c->n_tasks++;
    }
    return true;
}

/* Replaces each {key} of the template by the key's value in kv. */
static char *expand_name(const char *tmpl, const kv_list *kv)
{
    char *name = xstrdup(tmpl);
    for (size_t i = 0; i < kv->n; i++) {
        char *hole = xasprintf("{%s}", kv->keys[i]), *at;
        while ((at = strstr(name, hole))) {
            *at = '\0';
            char *next = xasprintf("%s%s%s", name, kv->values[i], at + strlen(hole));
            free(name);
            name = next;
        }
        free(hole);
    }
    return name;
}

/* The name of one matrix point: the template with holes filled, or
 * NAME:k=v,k=v when the template has no holes. */
static char *matrix_name(const char *tmpl, const kv_list *point)
{
    if (strchr(tmpl, '{'))
        return expand_name(tmpl, point);
    size_t len = strlen(tmpl) + 2;
    for (size_t i = 0; i < point->n; i++)
        len += strlen(point->keys[i]) + strlen(point->values[i]) + 2;
    char *s = xcalloc(1, len);
    strcpy(s, tmpl);
    for (size_t i = 0; i < point->n; i++)
        sprintf(s + strlen(s), "%s%s=%s", i ? "," : ":", point->keys[i], point->values[i]);
    return s;
}

static bool add_run(loader *L, yaml_node_t *at, const char *name, const char *engine,
                    const kv_list *kv)
{
    bench_config *c = L->c;
    for (size_t i = 0; i < c->n_runs; i++)
        if (!strcmp(c->runs[i].name, name))
            return fail(L, at, xasprintf("two runs named '%s'", name));
    c->runs = xrealloc(c->runs, (c->n_runs + 1) * sizeof *c->runs);
    char *err = NULL;
    bool ok = run_config_build(&c->runs[c->n_runs], name, engine, kv, L->plugins, &err);
    c->n_runs++;
    return ok || fail(L, at, err);
}

static bool collect_options(loader *L, yaml_node_t *opts, kv_list *kv)
{
    if (!opts)
        return true;
    if (opts->type != YAML_MAPPING_NODE)
        return fail(L, opts, xstrdup("options must be a mapping of option: value"));
    for (yaml_node_pair_t *p = opts->data.mapping.pairs.start; p < opts->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&L->f.doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&L->f.doc, p->value);
        if (!yaml_scalar(k) || !yaml_scalar(v))
            return fail(L, v, xstrdup("an option value must be a single value"));
        kv_add(kv, yaml_scalar(k), yaml_scalar(v));
    }
    return true;
}

/* Expands matrix keys [i..] over every value, on top of `base`. */
static bool expand_matrix(loader *L, yaml_node_t *run, yaml_node_t *matrix, size_t i,
                          kv_list *point, const kv_list *base, const char *tmpl,
                          const char *engine)
{
    yaml_node_pair_t *pairs = matrix->data.mapping.pairs.start;
    size_t n = (size_t)(matrix->data.mapping.pairs.top - pairs);
    if (i == n) {
        kv_list all = { 0 };
        for (size_t j = 0; j < base->n; j++)
            kv_add(&all, base->keys[j], base->values[j]);
        for (size_t j = 0; j < point->n; j++)
            kv_add(&all, point->keys[j], point->values[j]);
        char *name = matrix_name(tmpl, point);
        bool ok = add_run(L, run, name, engine, &all);
        free(name);
        kv_free(&all);
        return ok;
    }
    yaml_node_t *key = yaml_document_get_node(&L->f.doc, pairs[i].key);
    yaml_node_t *values = yaml_document_get_node(&L->f.doc, pairs[i].value);
    if (!yaml_scalar(key) || values->type != YAML_SEQUENCE_NODE || !yaml_seq_len(values))
        return fail(L, values, xstrdup("a matrix entry must be option: [value, ...]"));
    bool ok = true;
    for (size_t v = 0; ok && v < yaml_seq_len(values); v++) {
        yaml_node_t *value = yaml_seq_item(&L->f, values, v);
        if (!yaml_scalar(value))
            return fail(L, value, xstrdup("a matrix value must be a single value"));
        kv_list next = { 0 };
        for (size_t j = 0; j < point->n; j++)
            kv_add(&next, point->keys[j], point->values[j]);
        kv_add(&next, yaml_scalar(key), yaml_scalar(value));
        ok = expand_matrix(L, run, matrix, i + 1, &next, base, tmpl, engine);
        kv_free(&next);
    }
    return ok;
}

static bool load_run(loader *L, yaml_node_t *run)
{
    if (!check_keys(L, run, run_keys, "a run"))
        return false;
    yaml_node_t *name = yaml_map_get(&L->f, run, "name");
    yaml_node_t *engine = yaml_map_get(&L->f, run, "engine");
    if (!yaml_scalar(name) || !yaml_scalar(engine))
        return fail(L, run, xstrdup("a run needs a name and an engine"));
    kv_list base = { 0 };
    bool ok = collect_options(L, yaml_map_get(&L->f, run, "options"), &base);
    yaml_node_t *matrix = yaml_map_get(&L->f, run, "matrix");
    if (ok && matrix && (matrix->type != YAML_MAPPING_NODE || !matrix->data.mapping.pairs.top))
        ok = fail(L, matrix, xstrdup("matrix must be a mapping of option: [value, ...]"));
    else if (ok && matrix) {
        kv_list point = { 0 };
        ok = expand_matrix(L, run, matrix, 0, &point, &base, yaml_scalar(name),
                           yaml_scalar(engine));
    } else if (ok)
        ok = add_run(L, run, yaml_scalar(name), yaml_scalar(engine), &base);
    kv_free(&base);
    return ok;
}

static bool load_runs(loader *L, yaml_node_t *runs)
{
    if (!runs || runs->type != YAML_SEQUENCE_NODE || !yaml_seq_len(runs))
        return fail(L, runs, xstrdup("runs must be a non-empty list"));
    for (size_t i = 0; i < yaml_seq_len(runs); i++)
        if (!load_run(L, yaml_seq_item(&L->f, runs, i)))
            return false;
    return true;
}

static bool optional_text(loader *L, const char *key, char **out)
{
    yaml_node_t *n = yaml_map_get(&L->f, L->f.root, key);
    if (!n)
        return true;
    *out = scalar_or_fail(L, n, key);
    return *out != NULL;
}

static bool load_scoring(loader *L, yaml_node_t *n)
{
    L->c->scoring = SCORING_DEFAULT;
    const char *name = n ? yaml_scalar(n) : NULL;
    if (n && (!name || !scoring_parse(name, &L->c->scoring)))
        return fail(L, n, xasprintf("scoring must be one of: %s", SCORING_NAMES));
    return true;
}

static bool load_top(loader *L)
{
    bench_config *c = L->c;
    yaml_node_t *root = L->f.root;
    if (!check_keys(L, root, top_keys, "the configuration"))
        return false;
    yaml_node_t *bench = yaml_map_get(&L->f, root, "benchmark");
    if (!yaml_scalar(bench) || !*yaml_scalar(bench) || strchr(yaml_scalar(bench), '/'))
        return fail(L, bench ? bench : root, xstrdup("benchmark must be a name (no '/')"));
    c->benchmark = xstrdup(yaml_scalar(bench));
    double jobs = 1;
    yaml_node_t *j = yaml_map_get(&L->f, root, "jobs");
    if (j && (!number(L, j, "jobs", &jobs) || jobs < 1))
        return fail(L, j, xstrdup("jobs must be at least 1"));
    c->jobs = (int)jobs;
    return optional_text(L, "corpus", &c->corpus) && optional_text(L, "include", &c->include) &&
           optional_text(L, "exclude", &c->exclude) &&
           load_scoring(L, yaml_map_get(&L->f, root, "scoring")) &&
           load_limits(L, yaml_map_get(&L->f, root, "limits")) &&
           load_tasks(L, yaml_map_get(&L->f, root, "tasks")) &&
           load_runs(L, yaml_map_get(&L->f, root, "runs"));
}

static char *read_text(const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, in));)
        fwrite(buf, 1, n, out);
    fclose(out);
    fclose(in);
    return text;
}

char *repo_root_of(const char *dir)
{
    char buf[PATH_MAX];
    if (!realpath(dir, buf))
        return xstrdup(dir);
    for (char *end = buf + strlen(buf);;) {
        char *git = xasprintf("%s/.git", buf);
        struct stat st;
        bool found = stat(git, &st) == 0;
        free(git);
        if (found)
            return xstrdup(buf);
        end = strrchr(buf, '/');
        if (!end || end == buf)
            break;
        *end = '\0';
    }
    return realpath(dir, buf) ? xstrdup(buf) : xstrdup(dir);
}

double default_wall_s(double cpu_s)
{
    return cpu_s > 0 ? (cpu_s * 2 > cpu_s + 10 ? cpu_s * 2 : cpu_s + 10) : 0;
}

bool bench_config_load(bench_config *c, const char *path, const ordo_plugin_set *plugins,
                       char **err)
{
    *c = (bench_config){ 0 };
    loader L = { .plugins = plugins, .c = c };
    c->path = xstrdup(path);
    char *copy = xstrdup(path);
    c->dir = xstrdup(dirname(copy));
    free(copy);
    c->repo = repo_root_of(c->dir);
    c->text = read_text(path);
    if (!c->text || !yaml_file_load(&L.f, path, err)) {
        if (!c->text)
            *err = xasprintf("%s:0: cannot read: %s", path, strerror(errno));
        return false;
    }
    bool ok = L.f.root ? load_top(&L) : fail(&L, NULL, xstrdup("empty configuration"));
    yaml_file_free(&L.f);
    *err = L.err;
    return ok;
}

void bench_config_free(bench_config *c)
{
    free(c->path);
    free(c->dir);
    free(c->text);
    free(c->repo);
    free(c->benchmark);
    free(c->corpus);
    free(c->include);
    free(c->exclude);
    for (size_t i = 0; i < c->n_tasks; i++)
        free(c->tasks[i]);
    free(c->tasks);
    for (size_t i = 0; i < c->n_runs; i++)
        run_config_free(&c->runs[i]);
    free(c->runs);
    *c = (bench_config){ 0 };
}
