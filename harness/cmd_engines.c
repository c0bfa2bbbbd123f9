/* ordo engines: placeholder until its issue lands. */
#include <stdio.h>

#include "commands.h"

int ordo_cmd_engines(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ordo engines: not implemented yet\n");
    return ORDO_EXIT_USAGE;
}
