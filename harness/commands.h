/*
 * The subcommands of `ordo`. Each lives in its own file and returns the
 * process exit status (common/exit_status.h); the analysis commands are
 * declared by analysis/commands.h.
 */
#ifndef ORDO_COMMANDS_H
#define ORDO_COMMANDS_H

#include "../common/exit_status.h"

int ordo_cmd_verify(int argc, char **argv);   /* harness/cmd_verify.c */
int ordo_cmd_bench(int argc, char **argv);    /* harness/cmd_bench.c */
int ordo_cmd_engines(int argc, char **argv);  /* harness/cmd_engines.c */
int ordo_cmd_parse(int argc, char **argv);    /* harness/cmd_parse.c */
int ordo_cmd_simulate(int argc, char **argv); /* harness/cmd_simulate.c */
int ordo_cmd_collect(int argc, char **argv);  /* harness/cmd_collect.c */
int ordo_cmd_slurm_element(int argc, char **argv); /* harness/cmd_slurm_element.c */

#endif
