/* The slurm: section of metadata.yml (slurm_metadata.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "slurm_metadata.h"

static const char section[] = "slurm:\n";

/* The file up to its slurm: section. */
static char *without_section(const char *path)
{
    FILE *in = fopen(path, "r");
    char *text = NULL, *line = NULL;
    size_t len = 0, cap = 0;
    FILE *mem = open_memstream(&text, &len);
    while (in && getline(&line, &cap, in) > 0 && strcmp(line, section))
        fputs(line, mem);
    fclose(mem);
    free(line);
    if (in)
        fclose(in);
    return text;
}

static void list(FILE *out, const char *key, const slurm_names *names)
{
    fprintf(out, "  %s:\n", key);
    for (size_t i = 0; i < names->n; i++)
        fprintf(out, "    - \"%s\"\n", names->items[i]);
}

bool slurm_metadata_write(const char *out, const slurm_setup *s, const slurm_jobs *j,
                          const slurm_merged *m)
{
    char *path = xasprintf("%s/metadata.yml", out), *tmp = xasprintf("%s.tmp", path);
    char *before = without_section(path);
    FILE *f = fopen(tmp, "w");
    bool ok = f != NULL;
    if (f) {
        fprintf(f, "%s%s  version: \"%s\"\n  config_hash: \"%s\"\n  arrays:\n", before, section,
                s->slurm_version ? s->slurm_version : "unknown", s->config_hash);
        for (size_t i = 0; i < j->n; i++)
            fprintf(f, "    - {job: \"%s\", pairs: %zu, elements: %zu, pairs_per_element: %zu}\n",
                    j->jobs[i].id, j->jobs[i].pairs, j->jobs[i].elements,
                    j->jobs[i].per_element);
        fprintf(f, "  rows: %zu\n  missing: %zu\n", m->n_rows, m->n_pairs - m->n_rows);
        list(f, "nodes", &m->nodes);
        list(f, "memory_enforced_by", &m->memory_enforced_by);
        list(f, "cpu_enforced_by", &m->cpu_enforced_by);
        ok = fclose(f) == 0 && rename(tmp, path) == 0;
    }
    if (!ok)
        fprintf(stderr, "ordo: cannot write %s\n", path);
    free(before);
    free(tmp);
    free(path);
    return ok;
}
