/*
 * The path formula of an abstract counterexample (thesis Section 2.2.4):
 * the edges of the ARG path in SSA form, one variable per assignment,
 * one memory array per store, each thread with its own locals. Every
 * statement that constrains the path is asserted under a label of its
 * own, so that an unsat core names statements, and through them the
 * places (variables, cells) a refinement may track.
 */
#ifndef CEGAR_PATH_H
#define CEGAR_PATH_H

#include <ordo/ir_smt.h>

#include "transfer.h"

/* Which thread's copy of the locals of an owner (a procedure, or
 * cg_tls_owner() for thread-locals) an expression reads: at most two
 * owners; the others read the current thread's. */
typedef struct {
    unsigned n;
    unsigned owner[2], thread[2];
} cg_binding;

/* The owner of a local variable's copies. */
unsigned cg_var_owner(const ordo_program *p, unsigned var);
/* Binds the owners of e's locals that b does not bind yet to thread t;
 * false when that needs a third owner. */
bool cg_bind(const ordo_program *p, const ordo_expr *e, unsigned t, cg_binding *b);

typedef struct {
    ordo_term label;
    ordo_term constraint;    /* what the label implies */
    const ordo_stmt *stmt;   /* the statement it labels */
    unsigned thread;         /* the thread executing it */
    int64_t join;            /* THREAD_JOIN: the thread joined */
    uint64_t mutex;          /* a split LOCK or UNLOCK: cg_action.mutex */
    unsigned *vars;
    unsigned n_vars;
    uint64_t *cells;
    unsigned n_cells;
    /* The abstract state before the statement (within its edge, as the
     * transfer evaluated it), kept by cg_path_encode for the refinement
     * (wp.c evaluates addresses in it); else NULL. */
    cg_state *state;
} cg_label;

/* A nondeterministic value of the path, in order. */
typedef struct {
    unsigned thread;
    ordo_term term;   /* NULL: a havoc the analysed program dropped (SCOI) */
    ordo_type type;
} cg_havoc;

typedef struct {
    ordo_smt *smt;
    ordo_ir_smt arith;           /* core's translation (bit-vectors or Int) */
    ordo_term mem;               /* the current memory array */
    const cg_model *m;
    const ordo_program *shown;   /* the program before SCOI (edges by index) */
    ordo_term *globals;          /* current term per variable, NULL: initial */
    ordo_term **locals;          /* per thread */
    unsigned n_threads;
    unsigned cur;                /* the thread whose statements are encoded */
    unsigned n_symbolic;         /* threads whose initial values are unknown
                                    (cg_path_begin_at: those of its state) */
    bool symbolic;               /* globals and memory start unknown */
    /* Int arithmetic: that the unknown starting values lie in their
     * types' ranges, as every value of a state does (signed overflow
     * aside, which C leaves undefined); NULL: true. */
    ordo_term ranges;
    const cg_binding *binding;   /* while translating a predicate, else NULL */
    ordo_term next_alloc;        /* the next allocation's base (interp.h) */
    cg_label *labels;
    unsigned n_labels, cap_labels;
    cg_havoc *havocs;
    unsigned n_havocs, cap_havocs;
    const char *error;           /* a statement could not be encoded */
    /* error names a lock or unlock whose address the state before it did
     * not know: its label, the last one, holds the address' places
     * (mutex_learn.h). */
    bool unknown_mutex;
    /* A split lock or unlock's outside case (mutex_cells.h), the path's
     * last action: the term of its address, the candidates it is none
     * of (a copy); else NULL. */
    ordo_term outside_addr;
    ordo_type outside_type;
    uint64_t *outside_cells;
    unsigned n_outside_cells;
    bool keep_states;            /* the labels keep their states (cg_label) */
    /* cg_path_encode: per object, true when no load of the path may read
     * it and no pointer reaches it: stores into it are left out (NULL:
     * none is). */
    bool *unread;
    /* cg_path_begin_unasserted (Horn clauses, itp.h): the labels'
     * constraints are only kept, not asserted; every fresh constant of
     * the path is listed; every place starts as a fresh constant, its
     * initial value an equality in inits. */
    bool unasserted;
    ordo_term *fresh;
    unsigned n_fresh, cap_fresh;
    ordo_term *inits;
    unsigned n_inits, cap_inits;
} cg_path;

/* Starts a path at an arbitrary state of m's program: every variable,
 * cell and the next allocation start unknown, except locals of threads
 * created on the path (at their initial values). Then cg_path_edge
 * encodes edges one by one. */
void cg_path_begin_at(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown,
                      const cg_state *s);
void cg_path_edge(cg_path *pf, const cg_action *a, const cg_state *before);
/* The same with the statement the abstractor evaluated for the action
 * (DCOI's simplification, coi.h) in place of the edge's. */
void cg_path_stmt(cg_path *pf, const cg_action *a, const cg_state *before, const ordo_stmt *st);
/* The ranges of the unknown starting values met since the last call
 * (NULL: none, always so in bit-vectors): the caller asserts them. */
ordo_term cg_path_take_ranges(cg_path *pf);
/* The term of a Bool expression at the current point, its locals those
 * of the threads b binds. */
ordo_term cg_path_truth(cg_path *pf, const cg_binding *b, const ordo_expr *e);
/* The current term of a place of the data state (state.h keys). */
ordo_term cg_path_place(cg_path *pf, uint64_t key, int64_t value);
/* Starts a path at the initial state (cg_path_edge then encodes its
 * edges one by one); the labels' constraints are kept, not asserted, and
 * initial values are equalities (see unasserted). */
void cg_path_begin_unasserted(cg_path *pf, ordo_smt *smt, const cg_model *m,
                              const ordo_program *shown);
/* Encodes the path into smt (asserting label => statement); the labels
 * keep their states (cg_label). */
void cg_path_encode(cg_path *pf, ordo_smt *smt, const cg_model *m, const ordo_program *shown,
                    const cg_action *actions, const cg_state *const *before, unsigned n);
/* The same, where before action i with clone_of[i] >= 0 (clone_of may be
 * NULL) a new thread copies that one (cg_path_clone; pool.h's clones). */
void cg_path_encode_cloned(cg_path *pf, ordo_smt *smt, const cg_model *m,
                           const ordo_program *shown, const cg_action *actions,
                           const cg_state *const *before, unsigned n, const int *clone_of);
/* A new thread, the next number, whose locals are thread from's current
 * ones. */
void cg_path_clone(cg_path *pf, unsigned from);
/* Checks the path: SAT (a model is ready), UNSAT (the core is read with
 * cg_path_core_label) or UNKNOWN. */
ordo_smt_result cg_path_check(cg_path *pf);
/* The same, assuming only the labels of[0 .. n - 1] (indices into
 * labels, in that order; of NULL: labels 0 .. n - 1) but those where
 * without[i] (without NULL: none): a part of the path, relaxed. */
ordo_smt_result cg_path_check_without(cg_path *pf, const unsigned *of, unsigned n,
                                      const bool *without);
/* After UNSAT: the labels of the core (indices into labels), malloc'ed. */
unsigned cg_path_core(cg_path *pf, unsigned **out);
void cg_path_free(cg_path *pf);

#endif
