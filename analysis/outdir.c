/* mkdir -p for output directories (outdir.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "outdir.h"

int make_output_dir(const char *path)
{
    char *p = xstrdup(path);
    int status = 0;
    for (char *slash = p + 1; !status; slash++) {
        if (*slash && *slash != '/')
            continue;
        char end = *slash;
        *slash = '\0';
        if (mkdir(p, 0777) && errno != EEXIST) {
            fprintf(stderr, "ordo: cannot create directory %s: %s\n", p, strerror(errno));
            status = ORDO_EXIT_INPUT;
        }
        *slash = end;
        if (!end)
            break;
    }
    free(p);
    return status;
}
