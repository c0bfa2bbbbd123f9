/*
 * The abstractor (thesis Algorithm "abstractor", Section 2.2.3): expands
 * the ARG from the initial state in DFS or BFS order until an error node
 * is reached or every uncovered node is expanded. An ARG kept from an
 * earlier iteration (--prune lazy, prune.h) goes on from its open nodes.
 */
#ifndef CEGAR_SEARCH_H
#define CEGAR_SEARCH_H

#include <ordo/plugin.h>

#include "arg.h"

typedef enum {
    CG_SEARCH_COMPLETE,    /* every node expanded or covered: no error */
    CG_SEARCH_ERROR,       /* an error node was reached */
    CG_SEARCH_STOPPED,     /* the deadline came */
    CG_SEARCH_UNSUPPORTED, /* a statement the transfer cannot handle */
    CG_SEARCH_MUTEX,       /* a lock or unlock at an address the state did not
                              know (transfer.h: unknown_mutex) */
} cg_search_result;

typedef struct {
    double explored_actions; /* successors computed */
    double successor_s;      /* CPU time of the transfer function */
} cg_search_stats;

/* On CG_SEARCH_ERROR, *error_node is the error node; on CG_SEARCH_MUTEX,
 * the node whose action m->unknown_mutex_action met the unknown address. */
cg_search_result cg_search(cg_model *m, cg_arg *arg, bool bfs, const ordo_deadline *d,
                           cg_search_stats *st, unsigned *error_node);

#endif
