/* Progress of a benchmark: one updated line on a terminal, plain lines
 * otherwise (DESIGN.md, "The ordo command"). */
#ifndef ORDO_HARNESS_PROGRESS_H
#define ORDO_HARNESS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    size_t total, done, correct, wrong;
    double start;
    bool tty;
} progress;

void progress_start(progress *p, size_t total);
/* One run finished: `what` describes it for the plain-line form. */
void progress_step(progress *p, const char *result, const char *what);
void progress_end(progress *p);

#endif
