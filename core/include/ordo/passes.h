/*
 * IR passes (DESIGN.md, "The IR"). Every pass transforms the program IN
 * PLACE (new statements go to the program's arena, replaced edge tables
 * are freed); clone the program first to keep the front end's version,
 * which counterexample replay needs. Every pass keeps the source position
 * of each statement and the invariant of ir.h (at most one shared access
 * per statement outside atomic sections).
 *
 * Passes that can fail return 0, or ORDO_FRONTEND_UNSUPPORTED with *err
 * set to "unsupported: WHAT (FILE:LINE)" (malloc'ed); the program is then
 * left valid but only partly transformed.
 */
#ifndef ORDO_PASSES_H
#define ORDO_PASSES_H

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A deep copy with its own arena. */
ordo_program *ordo_program_clone(const ordo_program *p);

/* Inlining: every CALL in main and in each thread entry procedure (a
 * procedure some THREAD_START names) is replaced by a copy of the callee
 * with fresh local variables ("name#N"); parameters are assigned in order
 * at the call, RETURN e becomes `lhs := e` (or SKIP). Other procedures are
 * left without edges. Recursion is unsupported when max_recursion == 0;
 * otherwise a recursive procedure is inlined up to max_recursion nested
 * activations and a deeper call becomes an unwinding edge (ir.h). */
int ordo_pass_inline(ordo_program *p, unsigned max_recursion, char **err);

/* Loop unrolling (for the bounded engines) of every procedure: a loop
 * whose trip count is a constant (counter local variable set to a
 * constant before the loop, compared with a constant at the head, changed
 * by a constant exactly once per iteration) is unrolled that many times
 * (at most max_static; 0: never use static counts) and needs no unwinding
 * assumption; any other loop is unrolled k times and its (k+1)-th entry
 * becomes an unwinding edge. A counted loop of more than max_static (and
 * at most ORDO_LAZY_TRIP_LIMIT) iterations whose body only starts threads
 * (a straight line of thread starts and local assignments reading no
 * shared state; a start may store the id in a cell) keeps
 * k iterations and creates the threads of the others lazily: one SEQ edge
 * with lazy_repeat (ir.h), then the loop's exit. The result has no cycles.
 * Irreducible loops (goto into a loop body) are unsupported. */
int ordo_pass_unroll(ordo_program *p, unsigned k, unsigned max_static, char **err);

/* Does any edge carry the unwinding flag, or create threads lazily (ir.h)?
 * A bounded SAFE verdict is complete when this is false. */
bool ordo_program_has_unwinding(const ordo_program *p);

/* One ATOMIC_END per atomic section, for the bounded engines (oc emits
 * one end event per section): on a loop-free program (after
 * ordo_pass_unroll), an outermost section closed by several ends
 * e_i: l_i -> m_i (an early return inside it) gets a fresh local x
 * ("atomic_end#N") and fresh locations J, J': each e_i becomes
 * l_i -[x := i]-> J, then one J -END-> J', and J' -[assume x == i]-> m_i.
 * The visible executions are the same (x is local). Sections are left
 * alone when an end closes two begins, when nesting depths disagree, or
 * when the rewrite would close a cycle. Returns the number of sections
 * merged. */
unsigned ordo_pass_merge_atomic_ends(ordo_program *p);

/* Large-block encoding: chains a -e1-> x -e2-> b where x has exactly one
 * incoming and one outgoing edge become one SEQ edge a -> b, when e1 is
 * thread-local and e2 is thread-local except maybe for a final assignment
 * or havoc with one shared access (so a SEQ stays one visible step).
 * Synchronisation, calls and returns are never merged. Returns the number
 * of locations removed. */
unsigned ordo_pass_lbe(ordo_program *p);

/* Static cone of influence (thesis Chapter 4, the SCOI baseline of
 * Section 4.5): assignments and havocs whose target can reach no assume,
 * lock, join or other control statement through data flow (within and
 * across threads; memory cells count as one location) become SKIP.
 * Returns the number of statements removed. Note: removing a shared write
 * removes a visible step, so an engine that reports traces on the result
 * must not count those statements as steps. */
unsigned ordo_pass_scoi(ordo_program *p);

/* A pass by name, for `ordo parse --pass P` and configurations: "inline"
 * (recursion unsupported), "inline=D" (recursion up to D activations),
 * "unroll" (K = 2) or "unroll=K" (static counts up to 1000, else K),
 * "lbe", "scoi", "atomic-ends". Returns 0 and sets *summary (malloc'ed,
 * e.g. "scoi: 12 statements removed"), or ORDO_FRONTEND_UNSUPPORTED with
 * *err, or 2 with *err for an unknown name or bad argument (naming the
 * allowed ones). */
int ordo_pass_run(ordo_program *p, const char *spec, char **summary, char **err);
/* Is spec a pass ordo_pass_run accepts? The accepted forms, for messages: */
bool ordo_pass_known(const char *spec);
extern const char ordo_pass_names[];

/* Static trip counts the bounded engines unroll in full (larger ones, and
 * loops without one, get the unroll bound). */
#define ORDO_STATIC_TRIP_LIMIT 1000
/* Thread-creation loops of at most this many iterations create the threads
 * beyond the bound lazily (ordo_pass_unroll); a replay creates them all. */
#define ORDO_LAZY_TRIP_LIMIT 100000

/* The bounded engines' pipeline on a copy of p: inline (recursion up to k
 * activations), unroll (static trip counts up to max_static, else k),
 * then merge atomic ends.
 * Returns the loop-free copy (free with ordo_program_free) and sets
 * *complete to whether no unwinding assumption was needed; NULL with *err
 * on unsupported input. Thread entry procedures are unrolled once each;
 * the engine instantiates one thread per THREAD_START edge. */
ordo_program *ordo_prepare_bounded(const ordo_program *p, unsigned k, unsigned max_static,
                                   bool *complete, char **err);

#ifdef __cplusplus
}
#endif
#endif
