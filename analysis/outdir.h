/* Output directories of reports and figures. */
#ifndef ORDO_ANALYSIS_OUTDIR_H
#define ORDO_ANALYSIS_OUTDIR_H

/* Creates PATH and its missing parents (mkdir -p). Returns 0, or
 * ORDO_EXIT_INPUT with one line printed. */
int make_output_dir(const char *path);

#endif
