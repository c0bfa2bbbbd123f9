/* Part files of SLURM elements (slurm_part.h). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "bench_setup.h"
#include "slurm_part.h"

/* A name as one path component: '%' and '/' percent-encoded, so that no
 * two (run, task) pairs share a file. */
static char *component(const char *s)
{
    char *c = xcalloc(1, 3 * strlen(s) + 1), *p = c;
    for (; *s; s++)
        p = *s == '%' ? stpcpy(p, "%25") : *s == '/' ? stpcpy(p, "%2F") : (*p = *s, p + 1);
    return c;
}

char *slurm_part_path(const char *out, const char *run, const char *task)
{
    char *r = component(run), *t = component(task);
    char *path = xasprintf("%s/parts/%s/%s.row", out, r, t);
    free(r);
    free(t);
    return path;
}

static bool sync_folder_of(const char *path)
{
    char *copy = xstrdup(path);
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(copy);
    bool ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

bool slurm_part_write(const char *out, const results_file *rf, const char *benchmark,
                      const run_config *rc, const task *t, const run_outcome *o,
                      const slurm_part *about)
{
    char *path = slurm_part_path(out, rc->name, t->name);
    char *folder = xstrdup(path);
    *strrchr(folder, '/') = '\0';
    char *tmp = xasprintf("%s.tmp-%s-%d", path, about->job, (int)getpid());
    int fd = make_dirs(folder) ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    bool ok = fd >= 0;
    if (ok) {
        answer_kind a = run_answer(o);
        dprintf(fd, "node %s\njob %s\nresult %s\nstatus %s\nanswer %d\ncputime_s %.3f\n"
                    "memory_enforced_by %s\ncpu_enforced_by %s\nrow ",
                about->node, about->job,
                result_class_name(classify(a, t->expected == EXPECT_TRUE)), o->status, (int)a,
                o->cputime_s, about->memory_enforced_by, about->cpu_enforced_by);
        results_file to_part = *rf;
        to_part.fd = fd;
        results_append(&to_part, benchmark, rc, t, o);
        ok = fsync(fd) == 0;
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0 && sync_folder_of(path);
    }
    if (!ok) {
        fprintf(stderr, "ordo slurm-element: cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    free(folder);
    free(path);
    return ok;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[8192];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;)
        fwrite(buf, 1, n, mem);
    fclose(mem);
    fclose(f);
    return text;
}

static char **field_of(slurm_part *p, const char *key)
{
    static const char *const keys[] = { "node", "job", "result", "status",
                                        "memory_enforced_by", "cpu_enforced_by", "row" };
    char **fields[] = { &p->node, &p->job, &p->result, &p->status,
                        &p->memory_enforced_by, &p->cpu_enforced_by, &p->row };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(key, keys[i]))
            return fields[i];
    return NULL;
}

bool slurm_part_read(const char *path, slurm_part *p)
{
    *p = (slurm_part){ 0 };
    char *text = read_all(path);
    size_t len = text ? strlen(text) : 0;
    bool whole = len && text[len - 1] == '\n';
    char *save = NULL;
    for (char *line = whole ? strtok_r(text, "\n", &save) : NULL; line;
         line = strtok_r(NULL, "\n", &save)) {
        char *value = strchr(line, ' ');
        if (!value)
            continue;
        *value++ = '\0';
        char **field = field_of(p, line);
        if (field) {
            free(*field);
            *field = xstrdup(value);
        } else if (!strcmp(line, "answer"))
            p->answer = (answer_kind)atoi(value);
        else if (!strcmp(line, "cputime_s"))
            p->cputime_s = atof(value);
    }
    free(text);
    bool ok = p->row && p->node && p->job && p->result && p->status;
    if (!ok)
        slurm_part_free(p);
    return ok;
}

void slurm_part_free(slurm_part *p)
{
    free(p->node);
    free(p->job);
    free(p->result);
    free(p->status);
    free(p->memory_enforced_by);
    free(p->cpu_enforced_by);
    free(p->row);
    *p = (slurm_part){ 0 };
}
