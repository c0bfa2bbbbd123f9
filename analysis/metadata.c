/* metadata.yml of a result directory, flattened to dotted keys
 * (metadata.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <ordo/xalloc.h>

#include "../harness/commands.h"
#include "metadata.h"

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
static void flatten(metadata *m, yaml_document_t *doc, yaml_node_t *node, const char *prefix)
{
    if (node->type == YAML_SCALAR_NODE) {
        add(m, prefix, (const char *)node->data.scalar.value);
        return;
    }
    if (node->type != YAML_MAPPING_NODE)
        return;
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        yaml_node_t *v = yaml_document_get_node(doc, p->value);
        if (!k || !v || k->type != YAML_SCALAR_NODE)
            continue;
        char *path = *prefix ? xasprintf("%s.%s", prefix, (const char *)k->data.scalar.value)
                             : xstrdup((const char *)k->data.scalar.value);
        flatten(m, doc, v, path);
        free(path);
    }
}

int metadata_load(metadata *m, const char *dir)
{
    memset(m, 0, sizeof *m);
    char *path = xasprintf("%s/metadata.yml", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        free(path);
        return -1;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    int status = 0;
    if (!yaml_parser_load(&parser, &doc)) {
        fprintf(stderr, "ordo: %s:%zu: %s\n", path, parser.problem_mark.line + 1,
                parser.problem ? parser.problem : "invalid YAML");
        status = ORDO_EXIT_INPUT;
    } else {
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        if (root)
            flatten(m, &doc, root, "");
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    fclose(f);
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
