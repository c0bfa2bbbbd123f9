/*
 * The event graph of the ordering-consistency theory (thesis Section
 * 5.3.2): vertices are events, edges are happens-before orders with their
 * reasons (Definition 16). Literals are assigned from outside (the model
 * of BASIC, or the solver's partial assignment for PROP); true rf / ws /
 * join literals add their edges, and oc_graph_propagate() derives orders
 * by Axiom 1 (transitivity, implicit in reachability), Axiom 2
 * (write-serialization) and Axiom 3 (from-read) to a fixpoint, reporting
 * every order that would close a cycle (a self-loop e ≺ e) as a conflict
 * whose reason is a set of true literals.
 *
 * Atomic blocks: an order from another thread into a block is also an
 * order into its begin event, an order out of a block also leaves from its
 * end event; so an acyclic graph has a linearization with contiguous blocks.
 *
 * Incremental: push() opens a level, pop() undoes assignments and edges of
 * the levels closed.
 */
#ifndef OC_GRAPH_H
#define OC_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"

typedef struct oc_graph oc_graph;
struct oc_po;

/* po (may be NULL) is the static program order of es: orders it implies
 * hold without a search. */
oc_graph *oc_graph_new(const oc_events *es, const struct oc_po *po);
void oc_graph_free(oc_graph *g);

void oc_graph_push(oc_graph *g);
void oc_graph_pop(oc_graph *g, unsigned levels);
unsigned oc_graph_level(const oc_graph *g);

/* Assigns a literal (each at most once per level path). */
void oc_graph_assign(oc_graph *g, oc_lit lit, bool value);
bool oc_graph_is_true(const oc_graph *g, oc_lit lit);

/* Adds the edges of the literals assigned since the last call and derives
 * to a fixpoint. Stops after max_conflicts conflicts (1 for a propagator,
 * more to collect kernel reasons). Returns the number of conflicts; the
 * conflicts are kept until the next call or pop. */
size_t oc_graph_propagate(oc_graph *g, size_t max_conflicts);
/* The reason of conflict i: sorted distinct true literals. */
const oc_lit *oc_graph_conflict(const oc_graph *g, size_t i, size_t *n);

/* After a conflict-free propagate: does a ≺ b hold (a path a to b)? */
bool oc_graph_reaches(oc_graph *g, unsigned a, unsigned b);
/* After a conflict-free propagate: a linearization of all events that
 * respects every edge (topological order); out has es->n entries. With
 * group (NULL: each event alone), group[e] is the first event of e's group
 * and the events of a group come out together, in index order; false when
 * the edges between groups have a cycle (out is then incomplete). */
bool oc_graph_linearize(oc_graph *g, const unsigned *group, unsigned *out);

/* Preventive propagation (Sun, Fan and He [82] in thesis Section 5.6):
 * after a conflict-free propagate, an unassigned rf or ws literal whose
 * order a ≺ b would close a cycle (b ≺ a holds already) is false, by the
 * reason of b ≺ a. Looks at the orders the edges added since the last
 * call (or pop) newly make, each search visiting at most `budget` events
 * on either side of an edge (0: no bound); fn receives each literal with
 * its reason (sorted distinct true literals, valid during the call).
 * Returns the number of literals reported. */
typedef void (*oc_implied_fn)(void *ud, oc_lit lit, const oc_lit *reason, size_t n);
size_t oc_graph_prevent(oc_graph *g, size_t budget, oc_implied_fn fn, void *ud);

/* Does a true value of lit add an order (an rf, ws or join literal)? */
bool oc_graph_lit_adds_order(const oc_graph *g, oc_lit lit);

/* Edges currently in the graph (for statistics and tests). */
size_t oc_graph_n_edges(const oc_graph *g);

#endif
