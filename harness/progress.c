/* Progress display (progress.h), on stderr. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <ordo/host.h>

#include "progress.h"

void progress_start(progress *p, size_t total)
{
    *p = (progress){ .total = total, .start = ordo_monotonic_s(), .tty = isatty(STDERR_FILENO) };
}

static void clock_text(char *buf, size_t n, double s)
{
    long t = (long)(s + 0.5);
    snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

void progress_step(progress *p, const char *result, const char *what)
{
    p->done++;
    p->correct += !strcmp(result, "correct");
    p->wrong += !strcmp(result, "wrong");
    double elapsed = ordo_monotonic_s() - p->start;
    double eta = p->done ? elapsed / (double)p->done * (double)(p->total - p->done) : 0;
    char el[32], et[32];
    clock_text(el, sizeof el, elapsed);
    clock_text(et, sizeof et, eta);
    if (p->tty)
        fprintf(stderr, "\r\033[K[%zu/%zu] correct %zu, wrong %zu, elapsed %s, ETA %s", p->done,
                p->total, p->correct, p->wrong, el, et);
    else
        fprintf(stderr, "[%zu/%zu] %s (correct %zu, wrong %zu, elapsed %s, ETA %s)\n", p->done,
                p->total, what, p->correct, p->wrong, el, et);
    fflush(stderr);
}

void progress_end(progress *p)
{
    if (p->tty && p->done)
        fputc('\n', stderr);
}
