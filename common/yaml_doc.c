/* The YAML loader (yaml_doc.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "yaml_doc.h"

bool yaml_file_read(yaml_file *f, const char *path, yaml_load_error *e)
{
    *f = (yaml_file){ 0 };
    *e = (yaml_load_error){ 0 };
    FILE *in = fopen(path, "rb");
    if (!in) {
        *e = (yaml_load_error){ .unopened = true, .errnum = errno };
        return false;
    }
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, in);
    bool ok = yaml_parser_load(&parser, &f->doc);
    if (!ok) /* libyaml's problems are string constants */
        *e = (yaml_load_error){ .line = (unsigned long)parser.problem_mark.line + 1,
                                .problem = parser.problem };
    yaml_parser_delete(&parser);
    fclose(in);
    if (!ok)
        return false;
    f->path = xstrdup(path);
    f->root = yaml_document_get_root_node(&f->doc);
    return true;
}

bool yaml_file_load(yaml_file *f, const char *path, char **err)
{
    yaml_load_error e;
    if (yaml_file_read(f, path, &e))
        return true;
    if (e.unopened)
        *err = xasprintf("%s:0: cannot open: %s", path, strerror(e.errnum));
    else
        *err = xasprintf("%s:%lu: malformed YAML: %s", path, e.line,
                         e.problem ? e.problem : "syntax error");
    return false;
}

void yaml_file_free(yaml_file *f)
{
    if (!f->path)
        return;
    yaml_document_delete(&f->doc);
    free(f->path);
    f->path = NULL;
}

const char *yaml_scalar(yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

unsigned long yaml_line(yaml_node_t *n)
{
    return n ? (unsigned long)n->start_mark.line + 1 : 0;
}

yaml_node_t *yaml_map_get(yaml_file *f, yaml_node_t *map, const char *key)
{
    for (size_t i = 0; i < yaml_map_len(map); i++) {
        yaml_node_t *k, *v;
        yaml_map_pair(f, map, i, &k, &v);
        const char *text = yaml_scalar(k);
        if (text && !strcmp(text, key))
            return v;
    }
    return NULL;
}

size_t yaml_map_len(yaml_node_t *map)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return 0;
    return (size_t)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
}

void yaml_map_pair(yaml_file *f, yaml_node_t *map, size_t i, yaml_node_t **key, yaml_node_t **value)
{
    yaml_node_pair_t *p = &map->data.mapping.pairs.start[i];
    *key = yaml_document_get_node(&f->doc, p->key);
    *value = yaml_document_get_node(&f->doc, p->value);
}

size_t yaml_seq_len(yaml_node_t *seq)
{
    if (!seq || seq->type != YAML_SEQUENCE_NODE)
        return 0;
    return (size_t)(seq->data.sequence.items.top - seq->data.sequence.items.start);
}

yaml_node_t *yaml_seq_item(yaml_file *f, yaml_node_t *seq, size_t i)
{
    return yaml_document_get_node(&f->doc, seq->data.sequence.items.start[i]);
}

yaml_node_t *yaml_sole_item(yaml_file *f, yaml_node_t *n)
{
    return yaml_seq_len(n) == 1 ? yaml_seq_item(f, n, 0) : n;
}
