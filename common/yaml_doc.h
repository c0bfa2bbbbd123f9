/* The one YAML loader of ordo (task files, benchmark configurations,
 * metadata.yml): a file as a libyaml document, with the line of every
 * node for error messages. */
#ifndef ORDO_COMMON_YAML_DOC_H
#define ORDO_COMMON_YAML_DOC_H

#include <stdbool.h>
#include <yaml.h>

typedef struct {
    char *path;
    yaml_document_t doc;
    yaml_node_t *root; /* NULL for an empty file */
} yaml_file;

/* Why a file did not load: it could not be opened (errnum), or it is not
 * YAML (line, problem: libyaml's words, NULL when it gave none). Each
 * command words its own message from it. */
typedef struct {
    bool unopened;
    int errnum;
    unsigned long line;
    const char *problem;
} yaml_load_error;

/* Loads path; on failure returns false with *e. */
bool yaml_file_read(yaml_file *f, const char *path, yaml_load_error *e);
/* Loads path; on failure returns false and sets *err ("FILE:LINE: WHAT"). */
bool yaml_file_load(yaml_file *f, const char *path, char **err);
void yaml_file_free(yaml_file *f);

/* The value of `key` in mapping `map`, or NULL (also when map is no mapping). */
yaml_node_t *yaml_map_get(yaml_file *f, yaml_node_t *map, const char *key);
/* The number of pairs of a mapping node (0 for another kind of node), and
 * pair i's key and value. */
size_t yaml_map_len(yaml_node_t *map);
void yaml_map_pair(yaml_file *f, yaml_node_t *map, size_t i, yaml_node_t **key, yaml_node_t **value);
/* The text of a scalar node, or NULL for another kind of node. */
const char *yaml_scalar(yaml_node_t *n);
/* The 1-based line of n. */
unsigned long yaml_line(yaml_node_t *n);
/* Item i of a sequence node. */
yaml_node_t *yaml_seq_item(yaml_file *f, yaml_node_t *seq, size_t i);
size_t yaml_seq_len(yaml_node_t *seq);
/* The item of a sequence of one item, else n itself ("input_files: x.c"
 * and "input_files: [x.c]" alike). */
yaml_node_t *yaml_sole_item(yaml_file *f, yaml_node_t *n);

#endif
