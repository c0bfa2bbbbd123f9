/*
 * The abstract reachability graph (thesis Section 2.2.3): nodes with their
 * abstract state, the action from the parent, and coverage (a node whose
 * control part equals an earlier node's and whose data state implies it
 * is covered and never expanded).
 */
#ifndef CEGAR_ARG_H
#define CEGAR_ARG_H

#include "cover_index.h"
#include "transfer.h"

typedef struct {
    cg_state *state;    /* NULL once pruned */
    int parent;         /* -1 for the root */
    cg_action action;   /* from the parent */
    int covered_by;     /* -1 when not covered */
    int first_child, next_sibling; /* -1: none */
    bool expanded;      /* its successors are children */
    bool reopened;      /* to expand again: it has children, add the missing ones */
    bool reduced;       /* POR left actions out of its expansion */
    unsigned version;   /* the precision version it was expanded under */
} cg_node;

typedef struct {
    cg_node *nodes;
    unsigned n, cap;
    unsigned covered;       /* coverings made (uncovering does not subtract) */
    unsigned version;       /* the precision version of expansions (prune.h) */
    cg_cover_index candidates; /* the uncovered nodes by control part */
} cg_arg;

void cg_arg_init(cg_arg *a);
void cg_arg_free(cg_arg *a);
/* Adds a node (taking the state); returns its index. Its covered_by says
 * whether an uncovered node with the same control part covers it; an
 * uncovered node becomes a candidate for later ones. */
unsigned cg_arg_add(cg_arg *a, cg_state *s, int parent, cg_action action);
/* Prunes node n and its descendants (their states freed); a node covered
 * by a pruned one is uncovered. Returns how many nodes were pruned. */
unsigned cg_arg_prune(cg_arg *a, unsigned n);
/* Is node n alive and waiting for (re-)expansion: not pruned, not
 * covered, not expanded? */
bool cg_arg_open(const cg_arg *a, unsigned n);
/* Does live node n have a child by action `act`? */
bool cg_arg_has_child(const cg_arg *a, unsigned n, const cg_action *act);

/* The actions of the path from the root to node n (n_steps of them) and
 * its states (n_steps + 1: states[i] before action i, the last one n's);
 * malloc'ed arrays. */
void cg_arg_path(const cg_arg *a, unsigned n, cg_action **actions, const cg_state ***states,
                 unsigned *n_steps);

#endif
