/* ordo simulate: placeholder until its issue lands. */
#include <stdio.h>

#include "commands.h"

int ordo_cmd_simulate(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ordo simulate: not implemented yet\n");
    return ORDO_EXIT_USAGE;
}
