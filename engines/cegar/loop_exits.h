/*
 * The loop exits of a program's CFAs (the large-block-encoded ones the
 * cegar engine explores): per procedure, the strongly connected
 * component of every location (scc.h), and which edges leave a loop: the
 * source in a cyclic component, the target outside it, the first
 * statement a guard (an ASSUME). cex_loops.h relaxes these guards.
 */
#ifndef CEGAR_LOOP_EXITS_H
#define CEGAR_LOOP_EXITS_H

#include <stdbool.h>

#include <ordo/ir.h>

typedef struct {
    unsigned n_procs;
    unsigned **comp;  /* per procedure, per location */
    bool **exit;      /* per procedure, per edge */
} cg_loop_exits;

void cg_loop_exits_build(cg_loop_exits *x, const ordo_program *p);
void cg_loop_exits_free(cg_loop_exits *x);

/* Is location loc of proc inside the loop that `edge` (an exit of proc)
 * leaves? */
bool cg_loop_exits_inside(const cg_loop_exits *x, const ordo_program *p, unsigned proc,
                          unsigned edge, unsigned loc);

#endif
