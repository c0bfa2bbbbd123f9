/* OUT/slurm/setup and OUT/slurm/jobs (slurm_state.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "commands.h"
#include "context.h"
#include "slurm_state.h"

char *slurm_config_hash(const bench_config *c)
{
    uint64_t h = 14695981039346656037ull;
    for (const unsigned char *p = (const unsigned char *)c->text; p && *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    return xasprintf("%016" PRIx64, h);
}

static char **setup_field(slurm_setup *s, const char *key)
{
    static const char *const keys[] = { "config", "corpus", "include", "exclude",
                                        "config_hash", "slurm_version" };
    char **fields[] = { &s->config, &s->corpus, &s->include, &s->exclude,
                        &s->config_hash, &s->slurm_version };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(key, keys[i]))
            return fields[i];
    return NULL;
}

bool slurm_setup_write(const char *out, const slurm_setup *s)
{
    char *path = xasprintf("%s/slurm/setup", out);
    FILE *f = fopen(path, "w");
    free(path);
    if (!f)
        return false;
    const char *keys[] = { "config", "corpus", "include", "exclude", "config_hash",
                           "slurm_version" };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        char *const *v = setup_field((slurm_setup *)s, keys[i]);
        if (*v)
            fprintf(f, "%s %s\n", keys[i], *v);
    }
    return fclose(f) == 0;
}

bool slurm_setup_read(const char *out, slurm_setup *s, char **err)
{
    *s = (slurm_setup){ 0 };
    char *path = xasprintf("%s/slurm/setup", out);
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    while (f && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = '\0';
        char *value = strchr(line, ' ');
        char **field = value ? (*value++ = '\0', setup_field(s, line)) : NULL;
        if (field) {
            free(*field);
            *field = xstrdup(value);
        }
    }
    free(line);
    bool ok = f && s->config && s->corpus && s->config_hash;
    if (!ok)
        *err = xasprintf("%s: %s", path,
                         f ? "incomplete" : "cannot read it (no benchmark run with --slurm here?)");
    if (f)
        fclose(f);
    free(path);
    return ok;
}

void slurm_setup_free(slurm_setup *s)
{
    free(s->config);
    free(s->corpus);
    free(s->include);
    free(s->exclude);
    free(s->config_hash);
    free(s->slurm_version);
    *s = (slurm_setup){ 0 };
}

void slurm_jobs_read(const char *out, slurm_jobs *j)
{
    *j = (slurm_jobs){ 0 };
    size_t cap = 0;
    char *path = xasprintf("%s/slurm/jobs", out);
    FILE *f = fopen(path, "r");
    free(path);
    char id[128];
    slurm_job job;
    while (f && fscanf(f, "%127s %zu %zu %zu %zu", id, &job.seq, &job.pairs, &job.elements,
                       &job.per_element) == 5) {
        job.id = xstrdup(id);
        XGROW(j->jobs, j->n, cap);
        j->jobs[j->n++] = job;
    }
    if (f)
        fclose(f);
}

bool slurm_jobs_append(const char *out, const slurm_job *j)
{
    char *path = xasprintf("%s/slurm/jobs", out);
    FILE *f = fopen(path, "a");
    free(path);
    if (!f)
        return false;
    fprintf(f, "%s %zu %zu %zu %zu\n", j->id, j->seq, j->pairs, j->elements, j->per_element);
    return fclose(f) == 0;
}

void slurm_jobs_free(slurm_jobs *j)
{
    for (size_t i = 0; i < j->n; i++)
        free(j->jobs[i].id);
    free(j->jobs);
    *j = (slurm_jobs){ 0 };
}

int slurm_load(const char *cmd, const char *out, slurm_loaded *l)
{
    *l = (slurm_loaded){ .out = xstrdup(out) };
    char *err = NULL;
    if (!slurm_setup_read(out, &l->setup, &err)) {
        fprintf(stderr, "ordo %s: %s\n", cmd, err);
        free(err);
        return ORDO_EXIT_INPUT;
    }
    context_load_plugins(&l->plugins);
    if (!bench_config_load(&l->c, l->setup.config, &l->plugins, &err)) {
        fprintf(stderr, "ordo %s: %s\n", cmd, err);
        free(err);
        return ORDO_EXIT_USAGE;
    }
    char *hash = slurm_config_hash(&l->c);
    bool same = !strcmp(hash, l->setup.config_hash);
    if (!same)
        fprintf(stderr, "ordo %s: %s changed since it was submitted to SLURM (config hash %s, "
                        "now %s; see %s/metadata.yml)\n",
                cmd, l->setup.config, l->setup.config_hash, hash, out);
    free(hash);
    if (!same)
        return ORDO_EXIT_USAGE;
    bool ok = load_tasks(cmd, &l->c, l->setup.corpus, l->setup.include, l->setup.exclude,
                         &l->tasks, &l->corpus);
    return ok ? -1 : ORDO_EXIT_INPUT;
}

void slurm_loaded_free(slurm_loaded *l)
{
    free(l->out);
    slurm_setup_free(&l->setup);
    free(l->corpus);
    task_list_free(&l->tasks);
    bench_config_free(&l->c);
    ordo_plugins_close(&l->plugins);
    *l = (slurm_loaded){ 0 };
}
