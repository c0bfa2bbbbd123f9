/* ordo history: placeholder until its issue lands. */
#include <stdio.h>

#include "../harness/commands.h"

int ordo_cmd_history(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ordo history: not implemented yet\n");
    return ORDO_EXIT_USAGE;
}
