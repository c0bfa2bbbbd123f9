/* ordo bench: placeholder until its issue lands. */
#include <stdio.h>

#include "commands.h"

int ordo_cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ordo bench: not implemented yet\n");
    return ORDO_EXIT_USAGE;
}
