/*
 * A set of loop guards: the assumptions of the edges a loop table picks
 * (loops.h: its exits, or its branches), and the path formula checked
 * without their labels. cex_loops.h relaxes the guards of loop exits,
 * refine_loops.h those of loop branches.
 */
#ifndef CEGAR_GUARD_SET_H
#define CEGAR_GUARD_SET_H

#include "loops.h"
#include "path.h"

typedef struct {
    const ordo_stmt **v;  /* sorted by address */
    unsigned n, cap;
} cg_guard_set;

/* Which edges' assumptions are guards (cg_loops_exit, cg_loops_branch). */
typedef bool cg_guard_pick(const cg_loops *l, unsigned proc, unsigned edge);

/* The assumptions of the edges of p that pick selects (of their parts,
 * in a large block). */
void cg_guard_set_build(cg_guard_set *s, const ordo_program *p, const cg_loops *l,
                        cg_guard_pick *pick);
void cg_guard_set_free(cg_guard_set *s);
bool cg_guard_set_has(const cg_guard_set *s, const ordo_stmt *st);

/* Does pf hold the label of a guard of s? */
bool cg_guard_set_on_path(const cg_guard_set *s, const cg_path *pf);
/* Checks pf without the labels of the guards of s (s NULL: with all). */
ordo_smt_result cg_guard_set_check_without(const cg_guard_set *s, cg_path *pf);

#endif
