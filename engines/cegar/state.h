/*
 * Abstract states of the cegar engine (thesis Section 2.2.2): the location
 * of every thread, the synchronisation state, tracked exactly in every
 * domain (which threads exist and have ended, the mutexes held and by
 * whom, the owner of an atomic section), and the data state of the
 * explicit-value domain (expl.h).
 */
#ifndef CEGAR_STATE_H
#define CEGAR_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>

/* A tracked place of the data state: a memory cell (its address) or a
 * variable of a thread (globals: thread 0), tagged by CG_VAR_KEY. */
#define CG_VAR_KEY (UINT64_C(1) << 63)
/* Keys below are cells; at and above, variables and predicates (pred.h). */
#define CG_CELL_LIMIT (UINT64_C(1) << 62)
static inline uint64_t cg_var_key(unsigned thread, unsigned var)
{
    return CG_VAR_KEY | (uint64_t)thread << 32 | var;
}

/* A copy fact (learn.h): the variable of cg_var_key(thread, var) equals,
 * converted to its type, the place whose key is the fact's value (a
 * variable or a cell). Thread ids stay below 2^29. */
#define CG_COPY_BIT (UINT64_C(1) << 61)
static inline uint64_t cg_copy_key(uint64_t var_key)
{
    return var_key | CG_COPY_BIT;
}

/* The first fresh address of the next allocation (interp.h:
 * ordo_alloc_base), tracked in every precision: a place no thread owns. */
#define CG_ALLOC_KEY (CG_VAR_KEY | UINT64_C(0x7fffffff) << 32 | UINT64_C(0xffffffff))

typedef struct {
    uint64_t key;
    int64_t value;
} cg_value;

typedef struct {
    unsigned proc, loc;
    bool done;       /* returned, or pthread_exit */
    bool pool;       /* --thread-pools: stands for one or more threads (pool.h) */
    bool anon;       /* --thread-pools: no id of it is known (pool.h) */
} cg_thread;

typedef struct {
    uint64_t addr;   /* the mutex cell */
    unsigned owner;
} cg_held;

#define CG_POOL_SWAP (1u << 31)

typedef struct {
    unsigned n_threads;
    cg_thread *threads;  /* by creation: 0 is main (trace.h numbering) */
    int atomic_owner;    /* -1: none */
    unsigned atomic_depth;
    unsigned n_held;
    cg_held *held;       /* sorted by address */
    unsigned n_vals;
    cg_value *vals;      /* known values, sorted by key */
    /* --thread-pools: the merges that made this state from its
     * predecessor's successor, in order: pairs (kept, removed), or
     * (a, b | CG_POOL_SWAP) where entries a and b exchanged places
     * (pool.h). */
    unsigned n_merges;
    unsigned *merges;
    bool packed;         /* one allocation with its arrays (cg_state_pack) */
} cg_state;

cg_state *cg_state_copy(const cg_state *s);
void cg_state_free(cg_state *s);
/* s (consumed) as one allocation holding its arrays, for a state that is
 * no longer changed (an ARG node's): a fifth of the allocations, so that
 * a graph of millions of nodes costs less memory and is freed fast. */
cg_state *cg_state_pack(cg_state *s);

/* Control part: locations, threads and synchronisation. */
uint64_t cg_state_control_hash(const cg_state *s);
bool cg_state_same_control(const cg_state *a, const cg_state *b);

/* The mutex at addr: its owner, or -1 when free. */
int cg_state_mutex_owner(const cg_state *s, uint64_t addr);
void cg_state_take_mutex(cg_state *s, uint64_t addr, unsigned owner);
void cg_state_release_mutex(cg_state *s, uint64_t addr);
/* A new thread at proc's initial location; returns its id. */
unsigned cg_state_add_thread(cg_state *s, unsigned proc, unsigned loc);

#endif
