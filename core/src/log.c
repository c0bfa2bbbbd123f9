/* Logging for plugins and the core: to the run's log (stderr), never stdout. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/host.h>

static const char *const level_names[] = { "error", "warn", "info", "debug" };
static int threshold = -1; /* -1: not yet read from ORDO_LOG */
static FILE *stream;

void ordo_log_set_level(ordo_log_level level) { threshold = (int)level; }
void ordo_log_set_stream(FILE *f) { stream = f; }

static int current_threshold(void)
{
    if (threshold < 0) {
        const char *env = getenv("ORDO_LOG");
        threshold = ORDO_LOG_INFO;
        for (int i = 0; env && i <= ORDO_LOG_DEBUG; i++)
            if (!strcmp(env, level_names[i]))
                threshold = i;
    }
    return threshold;
}

void ordo_log(ordo_log_level level, const char *fmt, ...)
{
    if ((int)level > current_threshold())
        return;
    FILE *out = stream ? stream : stderr;
    va_list ap;
    va_start(ap, fmt);
    fprintf(out, "[%s] ", level_names[level]);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
}
