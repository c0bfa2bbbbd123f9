/*
 * Thread pools (--thread-pools on): a counter abstraction of identical
 * threads, so that a program creating threads in a loop gets a finite
 * abstract state space (thesis Chapter 2's states track every thread;
 * this is an extension, allowed with NOPOR only).
 *
 * A state's thread entry is a single thread, or a pool (cg_thread.pool):
 * any positive number of threads of one procedure that are all in the
 * entry's abstract state, its location, ended or not, and its local facts
 * (the values and predicate instances of its own variables) holding for
 * each member. A pool holds no mutex and is never the atomic owner.
 *
 * Identities. An anonymous thread (cg_thread.anon) is one no id value in
 * the state names: a thread created by a THREAD_START on a cycle of its
 * procedure's CFA once --pool-named threads of its procedure exist, or
 * by any start once the state has an anonymous entry (from then on,
 * creation order no longer tells a thread's id). Its id is
 * written unknown (transfer.c, and path.c in PRED's transfer). Only
 * anonymous entries merge; the others keep entry index = thread id, as
 * they all precede the first anonymous entry and entries are removed at
 * or after it only. A join of an unknown id, or of a known one at or
 * after the first anonymous entry's index (a program may compute ids),
 * may proceed when some ended entry, a pool among them, may be the one
 * it names (transfer.c, exec_join): never blocked by a pool, and never
 * removing one.
 *
 * Merging (cg_pool_normalize, after every action): two anonymous entries
 * of the same procedure, location and end, neither holding a mutex nor
 * the atomic section, whose facts mention no thread but themselves and
 * are equal up to the renaming of one into the other, become one pool
 * entry. γ of the result contains γ of the two: only behaviours are
 * added, so SAFE stays sound. The anonymous entries are then sorted by
 * procedure, location, end and pool (stably), their facts and mutexes
 * renamed with them: an anonymous entry's number names no id, so the
 * order threads took no longer keeps states from covering each other
 * (recorded beside the merges for concrete paths).
 *
 * A pool member acts (cg_pool_successors): the pool p is either left
 * without members (the successor where p, now a single thread, takes the
 * edge: CG_POOL_LAST) or keeps some (a fresh single entry with a copy of
 * p's facts takes the edge, p stays: CG_POOL_MEMBER). Every concrete
 * state has its successor in one of the two. The transfer treats a pool
 * like one thread: a fact about a member, computed from facts that each
 * member satisfies, holds for every member; no fact relates two members
 * of one pool (merging requires that none mentions them both, and
 * instances of a predicate bind threads of different owners).
 *
 * Counterexamples (cg_pool_concretize): the abstract path is replayed
 * over concrete threads numbered by creation; a pool's action is taken by
 * its earliest created member. CG_POOL_LAST with more members leaves the
 * others idle for the rest of the path (a concrete path still); an entry
 * with no member left to act or be joined makes the path infeasible in
 * its control alone, and the run ends unknown naming the thread pool. The
 * concrete path, with states whose facts are the abstract ones given to
 * every member, is what the path formula, the refinement and the replay
 * of an UNSAFE read. The CEGAR loop asks for clones instead
 * (cg_pool_concretize_cloning): a member's step that would leave its pool
 * with no concrete member leaves a copy of the member behind, so that a
 * path needing more threads than its loop created still has a formula to
 * refine by (a heuristic source of predicates; such a path is never an
 * UNSAFE).
 */
#ifndef CEGAR_POOL_H
#define CEGAR_POOL_H

#include "loops.h"
#include "transfer.h"

typedef struct cg_pools cg_pools;

/* loops: of the analysed program (loops.h: which starts are on cycles);
 * named: how many threads of a procedure starts on cycles create before
 * they become anonymous (--pool-named). */
cg_pools *cg_pools_new(const cg_loops *loops, unsigned named);
void cg_pools_free(cg_pools *x);
/* Pairs of entries merged so far (cegar.pool_merges). */
double cg_pools_merges(const cg_pools *x);

/* Is a thread of procedure `started`, created in s by edge `edge` of a
 * thread running proc, anonymous? */
bool cg_pool_anonymous(const cg_pools *x, const cg_state *s, unsigned proc, unsigned edge,
                       unsigned started);
/* May thread id `id`, a known value, name an anonymous thread of s (one
 * with no entry of its own index)? */
bool cg_pool_may_be_anonymous(const cg_state *s, int64_t id);
/* The successors of s (cg_successors with pools), each normalised. */
void cg_pool_successors(cg_model *m, const cg_state *s, cg_succs *out);
/* Merges the entries of s that may merge; records them in s->merges. */
void cg_pool_normalize(cg_model *m, cg_state *s);
/* The concrete path of an abstract one (n actions, n + 1 states) through
 * thread pools: malloc'ed actions and states (*states[i] owned by the
 * caller: free with cg_state_free); NULL, or why the path is infeasible
 * in its control. */
const char *cg_pool_concretize(const ordo_program *p, const cg_action *actions,
                               const cg_state *const *states, unsigned n, cg_action **c_actions,
                               cg_state ***c_states);
/* The same, where a pool's step that splits off its last concrete member
 * leaves a clone of it in the pool (a thread of its control and locals,
 * cg_path_clone): *clone_of (malloc'ed) holds per action the concrete
 * thread cloned just before it, else -1. A path with clones stands for
 * no execution (the clone's history was not run): its formula, when
 * unsatisfiable, refines; when satisfiable, is no counterexample. */
const char *cg_pool_concretize_cloning(const ordo_program *p, const cg_action *actions,
                                       const cg_state *const *states, unsigned n,
                                       cg_action **c_actions, cg_state ***c_states,
                                       int **clone_of);

#endif
