/*
 * The ignoring proviso of the reduced search (issue 30 item 5): every
 * terminal strongly connected component of the explored graph (ARG edges,
 * a covered child standing for its coverer) must contain a fully
 * expanded node (Valmari's condition for safety). Then from every node a
 * fully expanded one is reachable, and an action postponed along a cycle
 * is taken where the cycle can be left or in a fully expanded node of the
 * component it ends in. Unlike "fully expand whenever a reduced successor
 * is covered", a loop that can be left (a thread's loop with an exit) is
 * no reason to interleave every other thread into it.
 */
#ifndef CEGAR_POR_PROVISO_H
#define CEGAR_POR_PROVISO_H

#include "arg.h"

/* The nodes to expand fully, one per terminal component without a fully
 * expanded node (one whose expansion left out no action: not `reduced`),
 * once every uncovered node of arg is expanded; malloc'ed, *n of them. */
unsigned *cg_proviso_nodes(const cg_arg *arg, unsigned *n);

#endif
