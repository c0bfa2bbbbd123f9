/* metadata.yml of a result directory, flattened to dotted keys
 * (metadata.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "exit_status.h"
#include "metadata.h"
#include "yaml_doc.h"

static void add(metadata *m, const char *key, const char *value)
{
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->keys = xrealloc(m->keys, m->cap * sizeof *m->keys);
        m->values = xrealloc(m->values, m->cap * sizeof *m->values);
    }
    m->keys[m->n] = xstrdup(key);
    m->values[m->n++] = xstrdup(value);
}

/* Records every scalar under a mapping path; sequences are skipped (the
 * metadata has none that analysis needs). */
static void flatten(metadata *m, yaml_file *f, yaml_node_t *node, const char *prefix)
{
    if (yaml_scalar(node)) {
        add(m, prefix, yaml_scalar(node));
        return;
    }
    for (size_t i = 0; i < yaml_map_len(node); i++) {
        yaml_node_t *k, *v;
        yaml_map_pair(f, node, i, &k, &v);
        const char *key = yaml_scalar(k);
        if (!key || !v)
            continue;
        char *path = *prefix ? xasprintf("%s.%s", prefix, key) : xstrdup(key);
        flatten(m, f, v, path);
        free(path);
    }
}

int metadata_load(metadata *m, const char *dir)
{
    memset(m, 0, sizeof *m);
    char *path = xasprintf("%s/metadata.yml", dir);
    yaml_file f;
    yaml_load_error e;
    int status = 0;
    if (yaml_file_read(&f, path, &e)) {
        if (f.root)
            flatten(m, &f, f.root, "");
        yaml_file_free(&f);
    } else if (e.unopened) {
        status = -1;
    } else {
        fprintf(stderr, "ordo: %s:%lu: %s\n", path, e.line, e.problem ? e.problem : "invalid YAML");
        status = ORDO_EXIT_INPUT;
    }
    free(path);
    return status;
}

void metadata_free(metadata *m)
{
    for (size_t i = 0; i < m->n; i++) {
        free(m->keys[i]);
        free(m->values[i]);
    }
    free(m->keys);
    free(m->values);
    memset(m, 0, sizeof *m);
}

const char *metadata_get(const metadata *m, const char *key)
{
    for (size_t i = 0; i < m->n; i++)
        if (!strcmp(m->keys[i], key))
            return m->values[i];
    return NULL;
}
