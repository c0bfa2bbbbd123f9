/*
 * The subcommands of `ordo`. Each lives in its own file and returns the
 * process exit status. Exit statuses shared by all commands:
 *   0 success, 1 a finding (compare: regression; verify: nothing), 2 usage or
 *   configuration error, 3 unsupported input, 4 input file error, 5 results
 *   incomplete (SLURM elements without a row).
 */
#ifndef ORDO_COMMANDS_H
#define ORDO_COMMANDS_H

enum {
    ORDO_EXIT_OK = 0,
    ORDO_EXIT_FINDING = 1,
    ORDO_EXIT_USAGE = 2,
    ORDO_EXIT_UNSUPPORTED = 3,
    ORDO_EXIT_INPUT = 4,
    ORDO_EXIT_INCOMPLETE = 5, /* bench --slurm, collect: pairs without a row */
};

int ordo_cmd_verify(int argc, char **argv);   /* harness/cmd_verify.c */
int ordo_cmd_bench(int argc, char **argv);    /* harness/cmd_bench.c */
int ordo_cmd_engines(int argc, char **argv);  /* harness/cmd_engines.c */
int ordo_cmd_parse(int argc, char **argv);    /* harness/cmd_parse.c */
int ordo_cmd_simulate(int argc, char **argv); /* harness/cmd_simulate.c */
int ordo_cmd_report(int argc, char **argv);   /* analysis/cmd_report.c */
int ordo_cmd_compare(int argc, char **argv);  /* analysis/cmd_compare.c */
int ordo_cmd_history(int argc, char **argv);  /* analysis/cmd_history.c */
int ordo_cmd_collect(int argc, char **argv);  /* harness/cmd_collect.c */
int ordo_cmd_slurm_element(int argc, char **argv); /* harness/cmd_slurm_element.c */

#endif
