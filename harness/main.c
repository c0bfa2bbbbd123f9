/* ordo: entry point and subcommand dispatch. */
#include <stdio.h>
#include <string.h>

#include "../analysis/commands.h"
#include "commands.h"
#include "version.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    { "verify",   ordo_cmd_verify,   "verify one task and print verdict, statistics, counterexample" },
    { "bench",    ordo_cmd_bench,    "run a benchmark configuration matrix under resource limits" },
    { "engines",  ordo_cmd_engines,  "list engine and solver plugins with options and statistics" },
    { "parse",    ordo_cmd_parse,    "print the IR of a C file or task (text or Graphviz dot)" },
    { "simulate", ordo_cmd_simulate, "run random schedules of a task on the IR interpreter" },
    { "report",   ordo_cmd_report,   "tables and figures from benchmark results" },
    { "compare",  ordo_cmd_compare,  "regression report between two benchmark results" },
    { "history",  ordo_cmd_history,  "performance across commits of several result directories" },
    { "collect",  ordo_cmd_collect,  "merge the rows of a benchmark run with bench --slurm" },
    { "slurm-element", ordo_cmd_slurm_element, NULL }, /* internal: one element of a SLURM array */
};

static void usage(FILE *out)
{
    fprintf(out, "usage: ordo COMMAND [ARGS...]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].summary)
            fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'ordo COMMAND --help' describes a command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return ORDO_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return ORDO_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("ordo %s (%s)\n", ordo_version, ordo_commit);
        return ORDO_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "ordo: unknown command '%s' (see 'ordo --help')\n", argv[1]);
    return ORDO_EXIT_USAGE;
}
