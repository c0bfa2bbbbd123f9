/* sbatch of a job array of pairs (slurm_submit.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wordexp.h>

#include <ordo/xalloc.h>

#include "runner.h"
#include "slurm_queue.h"
#include "slurm_submit.h"

/* s in single quotes for sh. */
static void put_quoted(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        *s == '\'' ? fputs("'\\''", f) : fputc(*s, f);
    fputc('\'', f);
}

static bool write_pairs(const char *path, const bench_config *c, const task_list *tasks,
                        const slurm_pair *pairs, size_t n)
{
    FILE *f = fopen(path, "w");
    for (size_t i = 0; f && i < n; i++)
        fprintf(f, "%s\t%s\n", c->runs[pairs[i].run].name, tasks->tasks[pairs[i].task].name);
    return f && fclose(f) == 0;
}

static bool write_script(const char *path, const char *out, size_t seq, size_t per_element)
{
    char *ordo = realpath("/proc/self/exe", NULL);
    FILE *f = ordo ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "#!/bin/sh\n# An element of ordo bench --slurm (README, \"Running on a "
                   "cluster\").\nexec ");
        put_quoted(f, ordo);
        fputs(" slurm-element ", f);
        put_quoted(f, out);
        fprintf(f, " %zu %zu\n", seq, per_element);
    }
    free(ordo);
    return f && fclose(f) == 0 && chmod(path, 0755) == 0;
}

typedef struct {
    size_t n, cap;
    char **v;
} argv_list;

static void add(argv_list *l, char *arg)
{
    XGROW(l->v, l->n, l->cap);
    l->v[l->n++] = arg;
}

/* What each element asks for: one core, the memory limit plus margin, its
 * runs' wall limits plus margin. */
static void add_resources(argv_list *l, const run_limits *lim, size_t per_element)
{
    add(l, xstrdup("--ntasks=1"));
    add(l, xstrdup("--cpus-per-task=1"));
    if (lim->memory_mb > 0)
        add(l, xasprintf("--mem=%ldM", lim->memory_mb + SLURM_MEMORY_MARGIN_MB));
    double wall = lim->wall_s > 0 ? lim->wall_s : lim->cpu_s > 0 ? default_wall_s(lim->cpu_s) : 0;
    if (wall > 0) {
        double s = (double)per_element * (wall + report_grace_s(wall)) + SLURM_TIME_MARGIN_S;
        add(l, xasprintf("--time=%ld", (long)ceil(s / 60)));
    }
}

/* The sbatch command; false when --sbatch-args does not split. */
static bool sbatch_argv(argv_list *l, const char *out, const bench_config *c,
                        const slurm_args *a, size_t seq, size_t elements, size_t per_element,
                        const char *script)
{
    add(l, xstrdup("sbatch"));
    add(l, xstrdup("--parsable"));
    add(l, xasprintf("--job-name=ordo-%s", c->benchmark));
    add(l, a->max_parallel ? xasprintf("--array=0-%zu%%%d", elements - 1, a->max_parallel)
                           : xasprintf("--array=0-%zu", elements - 1));
    add(l, xasprintf("--output=%s/slurm/logs/array-%zu-%%a.out", out, seq));
    add_resources(l, &c->limits, per_element);
    if (a->partition)
        add(l, xasprintf("--partition=%s", a->partition));
    if (a->sbatch_args) {
        wordexp_t w;
        if (wordexp(a->sbatch_args, &w, WRDE_NOCMD) != 0) {
            fprintf(stderr, "ordo bench: --sbatch-args '%s' does not split into arguments\n",
                    a->sbatch_args);
            return false;
        }
        for (size_t i = 0; i < w.we_wordc; i++)
            add(l, xstrdup(w.we_wordv[i]));
        wordfree(&w);
    }
    add(l, xstrdup(script));
    add(l, NULL);
    return true;
}

/* The job id from sbatch --parsable's output ("ID" or "ID;CLUSTER"),
 * its last line (warnings may come before). */
static char *job_id_of(char *text)
{
    char *id = NULL, *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (line[0] >= '0' && line[0] <= '9') {
            line[strcspn(line, ";")] = '\0';
            id = line;
        }
    return id ? xstrdup(id) : NULL;
}

bool slurm_submit(const char *out, const bench_config *c, const task_list *tasks,
                  const slurm_pair *pairs, size_t n, const slurm_args *a, size_t seq,
                  slurm_job *job)
{
    size_t max = (size_t)slurm_max_array_size();
    size_t per_element = (n + max - 1) / max;
    if ((size_t)a->pairs_per_element > per_element)
        per_element = (size_t)a->pairs_per_element;
    size_t elements = (n + per_element - 1) / per_element;
    char *pairs_path = xasprintf("%s/slurm/array-%zu.pairs", out, seq);
    char *script = xasprintf("%s/slurm/array-%zu.sh", out, seq);
    argv_list argv = { 0 };
    bool ok = write_pairs(pairs_path, c, tasks, pairs, n) &&
              write_script(script, out, seq, per_element);
    if (!ok)
        fprintf(stderr, "ordo bench: cannot write %s\n", script);
    ok = ok && sbatch_argv(&argv, out, c, a, seq, elements, per_element, script);
    int st = 0;
    char *said = ok ? slurm_command(argv.v, &st) : NULL;
    char *id = ok && st == 0 ? job_id_of(said) : NULL;
    if (ok && !id)
        fprintf(stderr, "ordo bench: sbatch failed (exit %d): %s", st, said);
    *job = (slurm_job){ id, seq, n, elements, per_element };
    for (size_t i = 0; i < argv.n; i++)
        free(argv.v[i]);
    free(argv.v);
    free(said);
    free(script);
    free(pairs_path);
    return id != NULL;
}
