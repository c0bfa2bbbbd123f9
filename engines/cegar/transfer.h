/*
 * The transfer function of the cegar engine (thesis Section 2.2.2): the
 * successors of an abstract state under every enabled action (a thread
 * taking one edge of the large-block-encoded CFA).
 */
#ifndef CEGAR_TRANSFER_H
#define CEGAR_TRANSFER_H

#include <ordo/smt.h>

#include "expl.h"

/* What a path step did: thread, edge (index in its procedure's edges),
 * and for a join whose thread id the state does not know, the thread it
 * joined (else -1); for a thread pool's member (pool.h), whether the
 * pool was left with none or more members; for a split lock or unlock
 * (mutex_cells.h), the cell it chose or CG_MUTEX_OUTSIDE (else
 * CG_MUTEX_UNSPLIT). */
typedef enum { CG_POOL_NONE, CG_POOL_LAST, CG_POOL_MEMBER } cg_pool_step;
typedef struct {
    unsigned thread, edge;
    int join;
    cg_pool_step pool;
    uint64_t mutex;
} cg_action;

typedef struct {
    cg_action action;
    cg_state *state;
    bool error;          /* the action reached ERROR */
    const ordo_stmt *stmt; /* what the abstractor evaluated: the edge's statement,
                              or DCOI's simplification of it (coi.h) */
} cg_succ;

typedef struct {
    cg_succ *v;
    unsigned n, cap;
} cg_succs;

typedef struct {
    const ordo_program *p;     /* after inlining and large-block encoding */
    ordo_edge_index *out;      /* per procedure */
    bool *escapes;             /* per static object: may a pointer reach it
                                  (mem_objects.h) */
    const cg_prec *prec;
    ordo_arith mode;           /* of C values (arith.h) */
    bool smt_int;              /* SMT terms in Int, else bit-vectors (arith.h) */
    const struct cg_cell_values *cell_values; /* Int: what cells hold (cell_values.h);
                                                 NULL: every narrow read converts */
    unsigned maxenum;          /* havoc of a type with at most this many values
                                  enumerates them (1: unknown) */
    const char *unsupported;   /* set when a statement cannot be handled */
    /* The first lock or unlock whose address the source state did not know
     * and which is not split (no successor: the search stops, loop.c's
     * learn_mutex_address), and its action. */
    const ordo_stmt *unknown_mutex;
    cg_action unknown_mutex_action;
    /* --por nopor: the split mutex operations (mutex_cells.h), else NULL;
     * how many lock or unlock steps were split. */
    struct cg_mutex_cells *mutex_cells;
    double mutex_splits;
    ordo_smt *smt;             /* PRED: the transfer's solver (NULL: EXPL) */
    double transfer_checks;    /* SMT checks of the transfer */
    struct cg_por *por;        /* partial-order reduction (por_source.h); NULL: NOPOR */
    struct cg_coi *coi;        /* --coi dcoi: simplifies unobserved actions (coi.h) */
    struct cg_live *live;      /* dead locals, forgotten (live.h) */
    struct cg_pred_cache *pred_cache; /* PRED: the transfer's checks (pred_cache.h) */
    bool no_pred_cache;        /* --transfer-cache off: every check asks the solver */
    struct cg_pools *pools;    /* --thread-pools on (pool.h); NULL: off */
    struct cg_pred_shapes *pred_shapes; /* PRED: owners and locals of the predicates
                                           (pred_shape.h) */
} cg_model;

cg_model cg_model_new(const ordo_program *p, ordo_arith mode, unsigned maxenum);
void cg_model_free(cg_model *m);

/* The initial state: main at its initial location, tracked places at
 * their initial values. */
cg_state *cg_initial_state(cg_model *m);
/* The statements of an edge in order, SEQs flattened: appended to
 * (*list, *n, *cap). */
void cg_flatten(const ordo_stmt *st, const ordo_stmt ***list, unsigned *n, unsigned *cap);
/* Appends the successors of s to out (states owned by out). */
void cg_successors(cg_model *m, const cg_state *s, cg_succs *out);
/* The same for the actions of thread t only (partial-order reduction). */
void cg_thread_successors(cg_model *m, const cg_state *s, unsigned t, cg_succs *out);
void cg_succs_clear(cg_succs *out);

#endif
