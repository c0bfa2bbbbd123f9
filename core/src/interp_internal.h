/* Private state of the IR interpreter (interp.h), shared by interp.c
 * (threads and steps), interp_eval.c (expressions) and interp_mem.c
 * (cells and objects). */
#ifndef ORDO_INTERP_INTERNAL_H
#define ORDO_INTERP_INTERNAL_H

#include <ordo/interp.h>

/* ---- memory of cells ---------------------------------------------------- */

typedef struct {
    uint64_t base, n_cells;
    bool live, heap;
} interp_object;

typedef struct {
    /* open addressing, key 0 = empty slot (address 0 is never a cell) */
    uint64_t *keys;
    int64_t *vals;
    size_t cap, used;
    interp_object *objs;    /* sorted by base */
    size_t n_objs, cap_objs;
    uint64_t next_base;
} interp_mem;

void interp_mem_init(interp_mem *m, const ordo_program *p);
void interp_mem_free(interp_mem *m);
/* Is addr a cell of a live object? */
bool interp_mem_valid(const interp_mem *m, uint64_t addr);
int64_t interp_mem_get(const interp_mem *m, uint64_t addr);
void interp_mem_set(interp_mem *m, uint64_t addr, int64_t v);
uint64_t interp_mem_alloc(interp_mem *m, uint64_t n_cells);
/* Frees the heap object based at addr; false if there is none. */
bool interp_mem_release(interp_mem *m, uint64_t addr);

/* ---- threads ------------------------------------------------------------ */

typedef struct {
    unsigned proc, loc;
    int64_t *locals;            /* slot per local variable of proc */
    int64_t *thread_locals;     /* the thread's: slot per thread-local variable */
    const ordo_stmt *call;      /* the CALL that made this activation, or NULL */
} interp_frame;

typedef struct {
    interp_frame *frames;
    unsigned n_frames, cap_frames;
    int64_t *thread_locals;     /* slot per thread-local variable */
    bool finished;
    const char *file;           /* last position reached */
    unsigned line;
} interp_thread;

/* Per procedure: its local variables get slots, its edges are indexed by
 * source location. */
typedef struct {
    unsigned n_locals;
    ordo_edge_index out;
} interp_proc;

struct ordo_interp {
    const ordo_program *p;
    ordo_arith mode;
    unsigned *slot;             /* per variable: slot in its frame (thread-locals:
                                   in their thread's) */
    unsigned n_thread_locals;
    interp_proc *procs;
    int64_t *globals;           /* per variable index (globals only used) */
    interp_mem mem;
    interp_thread *threads;
    unsigned n_threads, cap_threads;
    unsigned local_limit;       /* see ordo_interp_set_local_limit */
    int atomic_owner;
    unsigned atomic_depth;
    bool ended;
    ordo_step_status end_status; /* once ended: ERROR, EXIT or UNDEFINED */
    char message[320];
};

/* ---- evaluation --------------------------------------------------------- */

typedef enum { EVAL_OK, EVAL_UNDEFINED } eval_status;

typedef struct {
    ordo_interp *in;
    interp_frame *frame;        /* locals of the evaluating activation */
    const char *why;            /* EVAL_UNDEFINED: what went wrong */
} eval_ctx;

eval_status interp_eval(eval_ctx *c, const ordo_expr *e, int64_t *out);
/* The storage of a non-global variable in activation f. */
int64_t *interp_local(const ordo_interp *in, const interp_frame *f, unsigned var);
/* value converted to type t in the interpreter's arithmetic */
int64_t interp_convert(const ordo_interp *in, ordo_type t, int64_t v);
/* v wrapped into type t (C conversion, both arithmetics' havoc range) */
int64_t interp_wrap(ordo_type t, int64_t v);

#endif
