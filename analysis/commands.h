/* The analysis commands of `ordo`, dispatched by harness/main.c; each
 * returns an exit status (common/exit_status.h). */
#ifndef ORDO_ANALYSIS_COMMANDS_H
#define ORDO_ANALYSIS_COMMANDS_H

int ordo_cmd_report(int argc, char **argv);   /* analysis/cmd_report.c */
int ordo_cmd_compare(int argc, char **argv);  /* analysis/cmd_compare.c */
int ordo_cmd_history(int argc, char **argv);  /* analysis/cmd_history.c */

#endif
