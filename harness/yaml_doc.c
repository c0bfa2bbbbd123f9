/* libyaml documents with positions (yaml_doc.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "yaml_doc.h"

bool yaml_file_load(yaml_file *f, const char *path, char **err)
{
    *f = (yaml_file){ 0 };
    FILE *in = fopen(path, "rb");
    if (!in) {
        *err = xasprintf("%s:0: cannot open: %s", path, strerror(errno));
        return false;
    }
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, in);
    bool ok = yaml_parser_load(&parser, &f->doc);
    if (!ok)
        *err = xasprintf("%s:%lu: malformed YAML: %s", path,
                         (unsigned long)parser.problem_mark.line + 1,
                         parser.problem ? parser.problem : "syntax error");
    yaml_parser_delete(&parser);
    fclose(in);
    if (!ok)
        return false;
    f->path = xstrdup(path);
    f->root = yaml_document_get_root_node(&f->doc);
    return true;
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
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        const char *k = yaml_scalar(yaml_document_get_node(&f->doc, p->key));
        if (k && !strcmp(k, key))
            return yaml_document_get_node(&f->doc, p->value);
    }
    return NULL;
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
