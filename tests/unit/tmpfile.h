/* Temporary files for the unit tests. */
#ifndef ORDO_TEST_TMPFILE_H
#define ORDO_TEST_TMPFILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes text to DIR/name and returns the path (malloc'ed). */
static inline char *write_file(const char *dir, const char *name, const char *text)
{
    char *path = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

#endif
