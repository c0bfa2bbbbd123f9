/*
 * The exit statuses of every `ordo` command, harness and analysis alike:
 *   0 success, 1 a finding (compare: regression; report --check-agreement:
 *   a conflict; verify: nothing), 2 usage or configuration error, 3
 *   unsupported input, 4 input file error, 5 results incomplete (SLURM
 *   elements without a row).
 */
#ifndef ORDO_COMMON_EXIT_STATUS_H
#define ORDO_COMMON_EXIT_STATUS_H

enum {
    ORDO_EXIT_OK = 0,
    ORDO_EXIT_FINDING = 1,
    ORDO_EXIT_USAGE = 2,
    ORDO_EXIT_UNSUPPORTED = 3,
    ORDO_EXIT_INPUT = 4,
    ORDO_EXIT_INCOMPLETE = 5, /* bench --slurm, collect: pairs without a row */
};

#endif
