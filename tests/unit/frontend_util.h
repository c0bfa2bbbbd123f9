/* Helpers of the front-end unit tests: parse a C snippet written for the
 * test, print its IR as text. */
#ifndef ORDO_TEST_FRONTEND_UTIL_H
#define ORDO_TEST_FRONTEND_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/ir.h>
#include <ordo/ir_print.h>

/* Parses src as a file with extension ext (".c" or ".i"); on failure
 * returns NULL with *status and *err (malloc'ed) set. */
static inline ordo_program *parse_source(const char *src, const char *ext, ordo_data_model dm,
                                         int *status, char **err)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/ordo-fe-XXXXXX%s", ext);
    int fd = mkstemps(path, (int)strlen(ext));
    if (fd < 0)
        return NULL;
    FILE *out = fdopen(fd, "w");
    fputs(src, out);
    fclose(out);
    ordo_program *p = ordo_frontend_parse(path, dm, status, err);
    unlink(path);
    return p;
}

/* The text form of p (malloc'ed). */
static inline char *ir_text(const ordo_program *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    ordo_print_program(mem, p);
    fclose(mem);
    return text;
}

#endif
