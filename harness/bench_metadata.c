/* DIR/metadata.yml (bench_metadata.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "bench_metadata.h"
#include "version.h"

static void quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\x%02x", (unsigned char)*s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static char *cpu_model(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512], *model = NULL;
    while (f && !model && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            char *v = strchr(line, ':') + 1;
            v += strspn(v, " \t");
            v[strcspn(v, "\n")] = '\0';
            model = xstrdup(v);
        }
    if (f)
        fclose(f);
    return model ? model : xstrdup("unknown");
}

static void iso_date(char *buf, size_t n)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The distinct solver plugins the runs use, with their versions. */
static void write_solvers(FILE *out, const bench_config *c)
{
    fprintf(out, "solvers:\n");
    for (size_t i = 0; i < c->n_runs; i++) {
        const ordo_plugin *s = c->runs[i].solver;
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            seen = seen || c->runs[j].solver == s;
        if (s && !seen) {
            fprintf(out, "  %s: ", s->name);
            quoted(out, s->version);
            fputc('\n', out);
        }
    }
}

static void write_engines(FILE *out, const bench_config *c)
{
    fprintf(out, "engines:\n");
    for (size_t i = 0; i < c->n_runs; i++) {
        const ordo_plugin *e = c->runs[i].engine;
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            seen = seen || c->runs[j].engine == e;
        if (!seen) {
            fprintf(out, "  %s: ", e->name);
            quoted(out, e->version);
            fputc('\n', out);
        }
    }
}

static void write_config_text(FILE *out, const char *text)
{
    fprintf(out, "config_text: |\n");
    for (const char *line = text; line && *line;) {
        size_t n = strcspn(line, "\n");
        fprintf(out, "  %.*s\n", (int)n, line);
        line += n + (line[n] == '\n');
    }
}

bool metadata_write(const char *dir, const metadata_info *m)
{
    char *path = xasprintf("%s/metadata.yml", dir);
    /* A resumed benchmark notes the resumption under the first run's
     * metadata; one resumed into a fresh directory writes it whole. */
    bool append = m->resumed && access(path, F_OK) == 0;
    FILE *out = fopen(path, append ? "a" : "w");
    free(path);
    if (!out)
        return false;
    char date[64];
    iso_date(date, sizeof date);
    if (append) {
        fprintf(out, "# resumed %s by ordo %s (%s)\n", date, ordo_version, ordo_commit);
        return fclose(out) == 0;
    }
    const bench_config *c = m->config;
    const run_limits *l = &c->limits;
    char *model = cpu_model();
    fprintf(out, "benchmark: ");
    quoted(out, c->benchmark);
    fprintf(out, "\nconfig: ");
    quoted(out, c->path);
    fprintf(out, "\nordo_version: \"%s\"\nordo_commit: \"%s\"\ndate: \"%s\"\nhost:\n  cpu_model: ",
            ordo_version, ordo_commit, date);
    quoted(out, model);
    fprintf(out, "\n  cores: %ld\n  memory_mb: %ld\n", sysconf(_SC_NPROCESSORS_ONLN),
            (long)(sysconf(_SC_PHYS_PAGES) / 1024 * sysconf(_SC_PAGESIZE) / 1024));
    fprintf(out, "limits:\n  cpu_s: %g\n  wall_s: %g\n  memory_mb: %ld\n  memory_enforced_by: ",
            l->cpu_s, l->wall_s, l->memory_mb);
    /* Through SLURM, each element's runner says (slurm: below). */
    const char *elsewhere = "per SLURM element, see slurm:";
    quoted(out, m->runner ? runner_memory_mechanism(m->runner) : elsewhere);
    fprintf(out, "\n  cpu_enforced_by: ");
    quoted(out, m->runner ? runner_cpu_mechanism(m->runner) : elsewhere);
    fprintf(out, "\njobs: %d\nscoring: %s\n", c->jobs, scoring_name(c->scoring));
    write_solvers(out, c);
    write_engines(out, c);
    fprintf(out, "corpus: ");
    quoted(out, m->corpus);
    fprintf(out, "\ntasks: %zu\ntasks_skipped_without_unreach_call: %zu\ntask_errors: %zu\n"
                 "runs: %zu\n",
            m->n_tasks, m->n_skipped, m->n_errors, m->n_runs);
    write_config_text(out, c->text);
    free(model);
    return fclose(out) == 0;
}
