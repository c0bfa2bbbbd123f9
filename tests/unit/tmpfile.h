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

/* Removes dir and everything below it; returns system()'s status (0 when
 * done). */
static inline int remove_tree(const char *dir)
{
    char *cmd = malloc(strlen(dir) + 10);
    sprintf(cmd, "rm -rf %s", dir);
    int st = system(cmd);
    free(cmd);
    return st;
}

#endif
