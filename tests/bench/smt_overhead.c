/*
 * Overhead of the SMT interface over raw Z3: the fixed workload of
 * smt_workload.c built and solved through raw Z3 C API calls or through
 * <ordo/smt.h> with the z3 plugin (`make bench-smt` runs both under
 * callgrind and reports the ratio of instruction counts; the smtbench
 * engine runs the same workload under the harness).
 *   usage: smt_overhead raw|ordo [REPEAT]
 * It prints a checksum of all answers so the two runs can be compared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/smt_load.h"
#include "smt_workload.h"

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "raw") && strcmp(argv[1], "ordo"))) {
        fprintf(stderr, "usage: smt_overhead raw|ordo [REPEAT]\n");
        return 2;
    }
    unsigned repeat = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1;
    bool raw = strcmp(argv[1], "raw") == 0;
    ordo_solver_factory f;
    if (!raw && !smt_load_plugin("z3", &f)) {
        fprintf(stderr, "smt_overhead: the z3 plugin is not built\n");
        return 2;
    }
    smt_checksum sum = 0;
    for (unsigned i = 0; i < repeat; i++) {
        char *error = NULL;
        if (raw)
            sum = smt_workload_raw();
        else if (!smt_workload_ordo(&f, &sum, &error)) {
            fprintf(stderr, "smt_overhead: %s\n", error);
            free(error);
            return 1;
        }
    }
    printf("%s checksum %lu\n", argv[1], (unsigned long)sum);
    return 0;
}
