/*
 * Counterexamples (DESIGN.md "Trust"): a consistent model becomes a
 * thread schedule (the visible steps of the enabled events in a
 * linearization of its happens-before graph, up to the error) and the
 * nondeterministic values per thread (trace.h).
 */
#ifndef OC_CEX_H
#define OC_CEX_H

#include <ordo/trace.h>

#include "encoding.h"
#include "graph.h"

/* g: the model's conflict-free event graph. NULL with *why when the model
 * has no fired error (an engine error). */
ordo_trace *oc_counterexample(oc_encoding *enc, oc_graph *g, char **why);

#endif
