/*
 * A result directory's metadata.yml (BRIEF.md "Results format"), read with
 * the YAML loader (yaml_doc.h) into dotted keys: "ordo_commit", "date", "limits.cpu_s",
 * "host.cpu_model", "solvers.z3", ...
 */
#ifndef ORDO_COMMON_METADATA_H
#define ORDO_COMMON_METADATA_H

#include <stddef.h>

typedef struct {
    char **keys, **values;
    size_t n, cap;
} metadata;

/* Loads DIR/metadata.yml. Returns 0; -1 when the file does not exist
 * (M is then empty); ORDO_EXIT_INPUT with one line printed when it is not
 * valid YAML. */
int metadata_load(metadata *m, const char *dir);
void metadata_free(metadata *m);
/* The scalar at dotted KEY, or NULL. */
const char *metadata_get(const metadata *m, const char *key);

#endif
