/* ordo parse: placeholder until its issue lands. */
#include <stdio.h>

#include "commands.h"

int ordo_cmd_parse(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ordo parse: not implemented yet\n");
    return ORDO_EXIT_USAGE;
}
