/*
 * SV-COMP tasks: the .yml task definition (format 2.0: input_files,
 * properties with the unreach-call expected_verdict, options.data_model).
 */
#include <limits.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/ir.h>
#include <ordo/xalloc.h>

#include "task.h"
#include "../common/yaml_doc.h"

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* The expected verdict of the unreach-call property, or EXPECT_NONE. */
static int expected_verdict(yaml_file *f, yaml_node_t *props, char **err)
{
    for (size_t i = 0; i < yaml_seq_len(props); i++) {
        yaml_node_t *p = yaml_seq_item(f, props, i);
        const char *file = yaml_scalar(yaml_map_get(f, p, "property_file"));
        if (!file || !ends_with(file, "unreach-call.prp"))
            continue;
        yaml_node_t *v = yaml_map_get(f, p, "expected_verdict");
        const char *text = yaml_scalar(v);
        if (!text)
            return EXPECT_NONE;
        if (!strcmp(text, "true"))
            return EXPECT_TRUE;
        if (!strcmp(text, "false"))
            return EXPECT_FALSE;
        *err = xasprintf("%s:%lu: expected_verdict must be true or false, not '%s'", f->path,
                         yaml_line(v), text);
        return EXPECT_NONE;
    }
    return EXPECT_NONE;
}

static char *program_path(yaml_file *f, const char *yml, char **err)
{
    yaml_node_t *in = yaml_sole_item(f, yaml_map_get(f, f->root, "input_files"));
    const char *file = yaml_scalar(in);
    if (!file) {
        *err = xasprintf("%s:%lu: input_files must name one file", yml,
                         in ? yaml_line(in) : 1UL);
        return NULL;
    }
    char *dir_copy = xstrdup(yml);
    char *path = file[0] == '/' ? xstrdup(file) : xasprintf("%s/%s", dirname(dir_copy), file);
    free(dir_copy);
    if (access(path, R_OK) != 0) {
        *err = xasprintf("%s:%lu: input file %s not found", yml, yaml_line(in), path);
        free(path);
        return NULL;
    }
    return path;
}

static int data_model(yaml_file *f, char **err)
{
    yaml_node_t *dm = yaml_map_get(f, yaml_map_get(f, f->root, "options"), "data_model");
    const char *text = yaml_scalar(dm);
    if (!text || !strcmp(text, "ILP32"))
        return ORDO_DM_ILP32;
    if (!strcmp(text, "LP64"))
        return ORDO_DM_LP64;
    *err = xasprintf("%s:%lu: data_model must be ILP32 or LP64, not '%s'", f->path,
                     yaml_line(dm), text);
    return -1;
}

task_load_status task_load(task *t, const char *yml, const char *name, char **err)
{
    *t = (task){ 0 };
    *err = NULL;
    yaml_file f;
    if (!yaml_file_load(&f, yml, err))
        return TASK_MALFORMED;
    task_load_status st = TASK_MALFORMED;
    if (!f.root || f.root->type != YAML_MAPPING_NODE) {
        *err = xasprintf("%s:1: not a task definition (expected a mapping)", yml);
        goto done;
    }
    t->expected = expected_verdict(&f, yaml_map_get(&f, f.root, "properties"), err);
    if (*err)
        goto done;
    if (t->expected == EXPECT_NONE) {
        st = TASK_NO_PROPERTY;
        goto done;
    }
    t->data_model = data_model(&f, err);
    if (*err)
        goto done;
    t->program = program_path(&f, yml, err);
    if (!t->program)
        goto done;
    t->path = xstrdup(yml);
    t->name = xstrdup(name);
    st = TASK_OK;
done:
    yaml_file_free(&f);
    if (st != TASK_OK)
        task_free(t);
    return st;
}

void task_free(task *t)
{
    free(t->path);
    free(t->name);
    free(t->program);
    *t = (task){ 0 };
}

static char *absolute(const char *dir)
{
    char buf[PATH_MAX];
    return dir && realpath(dir, buf) ? xstrdup(buf) : NULL;
}

void task_roots_init(task_roots *r, const char *corpus_dir, const char *repo_dir)
{
    char *c = corpus_dir ? xasprintf("%s/c", corpus_dir) : NULL;
    r->corpus = absolute(c);
    if (!r->corpus)
        r->corpus = absolute(corpus_dir);
    r->repo = absolute(repo_dir);
    free(c);
}

void task_roots_free(task_roots *r)
{
    free(r->corpus);
    free(r->repo);
}

static const char *strip_root(const char *path, const char *root)
{
    size_t n = root ? strlen(root) : 0;
    if (n && !strncmp(path, root, n) && path[n] == '/')
        return path + n + 1;
    return NULL;
}

char *task_name(const task_roots *r, const char *path)
{
    char *abs = absolute(path);
    if (!abs)
        return xstrdup(path);
    const char *rel = strip_root(abs, r->corpus);
    if (!rel)
        rel = strip_root(abs, r->repo);
    char *name = xstrdup(rel ? rel : abs);
    free(abs);
    return name;
}
