/* Reading YAML files (tasks, configs) as libyaml documents, with the
 * file:line of every node for error messages. */
#ifndef ORDO_HARNESS_YAML_DOC_H
#define ORDO_HARNESS_YAML_DOC_H

#include <stdbool.h>
#include <yaml.h>

typedef struct {
    char *path;
    yaml_document_t doc;
    yaml_node_t *root; /* NULL for an empty file */
} yaml_file;

/* Loads path; on failure returns false and sets *err ("FILE:LINE: WHAT"). */
bool yaml_file_load(yaml_file *f, const char *path, char **err);
void yaml_file_free(yaml_file *f);

/* The value of `key` in mapping `map`, or NULL (also when map is no mapping). */
yaml_node_t *yaml_map_get(yaml_file *f, yaml_node_t *map, const char *key);
/* The text of a scalar node, or NULL for another kind of node. */
const char *yaml_scalar(yaml_node_t *n);
/* The 1-based line of n. */
unsigned long yaml_line(yaml_node_t *n);
/* Item i of a sequence node. */
yaml_node_t *yaml_seq_item(yaml_file *f, yaml_node_t *seq, size_t i);
size_t yaml_seq_len(yaml_node_t *seq);

#endif
