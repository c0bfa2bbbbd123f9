/* Shared by the analysis unit tests: a results model loaded from CSV text
 * written to a temporary file. */
#ifndef ORDO_TEST_ANALYSIS_FIXTURE_H
#define ORDO_TEST_ANALYSIS_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/results.h"

/* Writes TEXT to a fresh temporary file; returns its path (free it). */
static inline char *fixture_file(const char *text)
{
    char *path = strdup("/tmp/ordo-test-XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

/* Loads TEXT as a results CSV into R; returns results_load's status. */
static inline int fixture_load(results *r, const char *text)
{
    char *path = fixture_file(text);
    int status = results_load(r, path);
    unlink(path);
    free(path);
    return status;
}

#define FIXTURE_HEADER                                                                                  \
    "benchmark,run,engine,options,task,expected,status,verdict,result,bound,complete,cputime_s,"   \
    "walltime_s,memory_mb,reason"

#endif
