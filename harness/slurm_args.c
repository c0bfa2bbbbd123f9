/* The SLURM options of ordo bench (slurm.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm.h"

bool slurm_parse_arg(slurm_args *s, char **argv, int argc, int *i)
{
    const char *arg = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(arg, "--slurm"))
        return s->on = true;
    if (!strcmp(arg, "--no-wait"))
        return s->no_wait = true;
    if (!value)
        return false;
    if (!strcmp(arg, "--partition"))
        s->partition = value;
    else if (!strcmp(arg, "--sbatch-args"))
        s->sbatch_args = value;
    else if (!strcmp(arg, "--max-parallel") && atoi(value) > 0)
        s->max_parallel = atoi(value);
    else if (!strcmp(arg, "--pairs-per-element") && atoi(value) > 0)
        s->pairs_per_element = atoi(value);
    else
        return false;
    ++*i;
    return true;
}

bool slurm_args_valid(const slurm_args *s)
{
    bool given = s->no_wait || s->partition || s->sbatch_args || s->max_parallel ||
                 s->pairs_per_element;
    if (given && !s->on)
        fprintf(stderr, "ordo bench: --partition, --max-parallel, --pairs-per-element, "
                        "--sbatch-args and --no-wait need --slurm\n");
    return s->on || !given;
}
