/* The results CSV (results_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ordo/csv.h>
#include <ordo/xalloc.h>

#include "../common/results_format.h"
#include "results_file.h"

answer_kind run_answer(const run_outcome *o)
{
    return answer_of(o->verdict, o->complete);
}

static char *done_key(const char *run, const char *task)
{
    return xasprintf("%s\t%s", run, task);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool results_done(const results_file *rf, const char *run, const char *task)
{
    char *key = done_key(run, task);
    bool found = rf->n_done && bsearch(&key, rf->done, rf->n_done, sizeof *rf->done, by_text);
    free(key);
    return found;
}

static char *header_text(char **stat_names, size_t n_stats)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    results_write_header(out, stat_names, n_stats);
    fclose(out);
    return text;
}

/* Drops a torn last line (a benchmark killed while writing it). */
static bool drop_torn_line(const char *path, off_t size, char **err)
{
    int fd = open(path, O_RDWR | O_CLOEXEC);
    off_t keep = size;
    char c = 0;
    while (fd >= 0 && keep > 0 && pread(fd, &c, 1, keep - 1) == 1 && c != '\n')
        keep--;
    bool ok = fd >= 0 && (keep == size || ftruncate(fd, keep) == 0);
    if (!ok)
        *err = xasprintf("%s: cannot repair its last line: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    return ok;
}

/* Reads the header and the (run, task) pairs present. */
static bool load_existing(results_file *rf, const char *header, char **err)
{
    struct stat st;
    if (stat(rf->path, &st) != 0 || st.st_size == 0)
        return true;
    if (!drop_torn_line(rf->path, st.st_size, err))
        return false;
    FILE *in = fopen(rf->path, "r");
    if (!in) {
        *err = xasprintf("%s: cannot read: %s", rf->path, strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t cap = 0;
    bool same = getline(&line, &cap, in) > 0 && !strcmp(line, header);
    free(line);
    if (!same) {
        *err = xasprintf("%s:1: its columns differ from this configuration's; use another --out "
                         "or run without --resume",
                         rf->path);
        fclose(in);
        return false;
    }
    csv_reader r;
    csv_reader_init(&r, in, rf->path);
    int got;
    while ((got = csv_read(&r)) > 0)
        if (r.n_fields > RESULTS_COL_TASK) {
            XGROW(rf->done, rf->n_done, rf->cap_done);
            rf->done[rf->n_done++] = done_key(r.fields[RESULTS_COL_RUN], r.fields[RESULTS_COL_TASK]);
        }
    if (got < 0)
        *err = xasprintf("%s:%u: %s", rf->path, r.error_line, r.error);
    csv_reader_free(&r);
    fclose(in);
    if (got < 0)
        return false;
    if (rf->n_done) /* qsort wants an array, even of nothing */
        qsort(rf->done, rf->n_done, sizeof *rf->done, by_text);
    return true;
}

bool results_open(results_file *rf, const char *dir, char **stat_names, size_t n_stats,
                  bool resume, char **err)
{
    *rf = (results_file){ .fd = -1, .n_stats = n_stats, .stat_names = stat_names };
    rf->path = xasprintf("%s/results.csv", dir);
    char *header = header_text(stat_names, n_stats);
    bool ok = !resume || load_existing(rf, header, err);
    if (ok) {
        int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (resume ? 0 : O_TRUNC);
        rf->fd = open(rf->path, flags, 0644);
        if (rf->fd < 0) {
            *err = xasprintf("%s: cannot write: %s", rf->path, strerror(errno));
            ok = false;
        } else if (lseek(rf->fd, 0, SEEK_END) == 0 &&
                   write(rf->fd, header, strlen(header)) != (ssize_t)strlen(header)) {
            *err = xasprintf("%s: cannot write: %s", rf->path, strerror(errno));
            ok = false;
        }
    }
    free(header);
    return ok;
}

static void put_number(FILE *out, const char *fmt, double v)
{
    fputc(',', out);
    fprintf(out, fmt, v);
}

void results_append(results_file *rf, const char *benchmark, const run_config *rc,
                    const task *t, const run_outcome *o)
{
    char *row = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&row, &len);
    bool expected_true = t->expected == EXPECT_TRUE;
    const char *fields[] = { benchmark, rc->name, rc->engine->name, rc->options_text, t->name,
                             results_expected_text(expected_true), o->status,
                             results_verdict_text(o->verdict),
                             result_class_name(classify(run_answer(o), expected_true)) };
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        if (i)
            fputc(',', out);
        csv_write_field(out, fields[i]);
    }
    fputc(',', out);
    if (o->bound >= 0)
        fprintf(out, "%ld", o->bound);
    fputc(',', out);
    fputs(results_complete_text(o->verdict, o->complete), out);
    put_number(out, "%.3f", o->cputime_s);
    put_number(out, "%.3f", o->walltime_s);
    put_number(out, "%.1f", o->memory_mb);
    fputc(',', out);
    csv_write_field(out, o->reason ? o->reason : "");
    for (size_t i = 0; i < rf->n_stats; i++) {
        fputc(',', out);
        if (ordo_stats_has(o->stats, rf->stat_names[i]))
            fprintf(out, "%.10g", ordo_stat_get(o->stats, rf->stat_names[i]));
    }
    fputc('\n', out);
    fclose(out);
    /* One write: a row is in the file whole or not at all; on disk before
     * the next run starts (about 1 ms, see configs/harness-overhead.yml). */
    if (write(rf->fd, row, len) != (ssize_t)len || fdatasync(rf->fd) != 0)
        fprintf(stderr, "ordo: cannot append to %s: %s\n", rf->path, strerror(errno));
    free(row);
}

void results_close(results_file *rf)
{
    if (rf->fd >= 0)
        close(rf->fd);
    for (size_t i = 0; i < rf->n_done; i++)
        free(rf->done[i]);
    free(rf->done);
    free(rf->path);
    *rf = (results_file){ .fd = -1 };
}
