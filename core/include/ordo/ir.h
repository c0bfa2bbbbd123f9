/*
 * ordo IR: a multi-threaded control-flow automaton (thesis Definition 1,
 * extended with dynamic threads, synchronisation and a cell memory).
 *
 * Data:
 *  - Scalars only: Bool, integers of a width and signedness, pointers
 *    (unsigned integers of the data model's pointer width).
 *  - Variables (ordo_var) are scalar and never have their address taken.
 *    Globals are shared; locals belong to one procedure activation, so each
 *    thread has its own copy.
 *  - Everything addressable (arrays, structs, address-taken variables,
 *    heap objects, mutexes) lives in one memory of cells, addressed by
 *    integers: `mem[addr]` holds one scalar. A struct or array occupies
 *    consecutive cells (one per scalar field/element, not per byte); an
 *    object's cells are its base address + offset. Static objects have
 *    fixed base addresses (ordo_object); malloc/calloc return fresh bases.
 *    Address 0 is NULL and never a valid cell.
 *
 * Invariant established by the front end and kept by every pass: outside
 * atomic sections, each statement performs at most one access to shared
 * state (a global variable or a memory cell), so executing a statement
 * atomically (the interpreter) and splitting it into memory events (the
 * bounded engines) give the same behaviours.
 */
#ifndef ORDO_IR_H
#define ORDO_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { ORDO_DM_ILP32, ORDO_DM_LP64 } ordo_data_model;

/* Arithmetic semantics (DESIGN.md, "Semantics"): BV is C's (wrap-around
 * modulo 2^width, two's complement, truncating division); INT is
 * mathematical integers (casts between integer types are the identity). */
typedef enum { ORDO_ARITH_BV = 0, ORDO_ARITH_INT = 1 } ordo_arith;

typedef enum { ORDO_TY_BOOL, ORDO_TY_INT, ORDO_TY_PTR } ordo_type_kind;

typedef struct {
    ordo_type_kind kind;
    unsigned char width;   /* bits: 1 for Bool, 8..64 for INT, 32/64 for PTR */
    bool is_signed;        /* INT only */
} ordo_type;

/* Same kind and width, and for INT the same signedness. */
bool ordo_type_equal(ordo_type a, ordo_type b);

/* ---- expressions (immutable trees, owned by the program's arena) ----- */

typedef enum {
    ORDO_E_CONST,   /* value (interpreted in type) */
    ORDO_E_VAR,     /* var */
    ORDO_E_LOAD,    /* mem[kid[0]] read as type */
    ORDO_E_UNOP,    /* op, kid[0] */
    ORDO_E_BINOP,   /* op, kid[0], kid[1] */
    ORDO_E_ITE,     /* kid[0] ? kid[1] : kid[2] */
    ORDO_E_CAST,    /* kid[0] converted to type (C conversion rules) */
} ordo_expr_kind;

typedef enum {
    ORDO_U_NEG, ORDO_U_BITNOT, ORDO_U_LNOT,
} ordo_unop;

/* C operators after the usual arithmetic conversions: both operands have
 * the expression's type, except shifts (right operand any INT) and the
 * comparisons (result Bool, operands of one type). */
typedef enum {
    ORDO_B_ADD, ORDO_B_SUB, ORDO_B_MUL, ORDO_B_DIV, ORDO_B_REM,
    ORDO_B_SHL, ORDO_B_SHR, ORDO_B_AND, ORDO_B_OR, ORDO_B_XOR,
    ORDO_B_EQ, ORDO_B_NE, ORDO_B_LT, ORDO_B_LE, ORDO_B_GT, ORDO_B_GE,
    ORDO_B_LAND, ORDO_B_LOR, /* only on side-effect-free, access-free operands */
} ordo_binop;

typedef struct ordo_expr ordo_expr;
struct ordo_expr {
    ordo_expr_kind kind;
    ordo_type type;
    int op;             /* ordo_unop / ordo_binop */
    int64_t value;      /* CONST: the value, sign- or zero-extended */
    unsigned var;       /* VAR: index into program->vars */
    const ordo_expr *kid[3];
};

/* An assignable place: a variable or a memory cell. */
typedef struct {
    bool is_mem;
    unsigned var;          /* !is_mem */
    const ordo_expr *addr; /*  is_mem */
    ordo_type type;
} ordo_lvalue;

/* ---- statements --------------------------------------------------------- */

typedef enum {
    ORDO_S_SKIP,
    ORDO_S_ASSIGN,       /* lhs := rhs */
    ORDO_S_HAVOC,        /* lhs := any value of lhs.type */
    ORDO_S_ASSUME,       /* blocks unless cond */
    ORDO_S_ALLOC,        /* lhs := base of `size` fresh zeroed cells (malloc/calloc) */
    ORDO_S_FREE,         /* free(addr) */
    ORDO_S_THREAD_START, /* lhs := id of a new thread running proc(arg) */
    ORDO_S_THREAD_JOIN,  /* waits for thread `cond` (its id) to end */
    ORDO_S_ATOMIC_BEGIN, /* nothing of other threads runs until ATOMIC_END */
    ORDO_S_ATOMIC_END,
    ORDO_S_LOCK,         /* atomically: wait until mem[addr] == 0, then := 1 */
    ORDO_S_UNLOCK,       /* mem[addr] := 0 */
    ORDO_S_CALL,         /* lhs (optional) := proc(args); until inlined */
    ORDO_S_RETURN,       /* return rhs (optional); ends the activation */
    ORDO_S_ERROR,        /* reach_error() and friends: the property violation */
    ORDO_S_EXIT,         /* exit()/abort(), return from main: the whole program
                          * stops (not an error) */
    ORDO_S_SEQ,          /* large-block encoding: stmts[0..n_stmts) in order */
    ORDO_S_THREAD_EXIT,  /* pthread_exit(): ends the executing thread (also from
                          * nested or inlined calls; in main: the main thread
                          * ends, the others go on) */
} ordo_stmt_kind;

typedef struct ordo_stmt ordo_stmt;
struct ordo_stmt {
    ordo_stmt_kind kind;
    bool has_lhs;
    ordo_lvalue lhs;
    const ordo_expr *rhs;   /* ASSIGN, RETURN, THREAD_START (argument) */
    const ordo_expr *cond;  /* ASSUME; THREAD_JOIN (thread id) */
    const ordo_expr *addr;  /* LOCK, UNLOCK, FREE */
    const ordo_expr *size;  /* ALLOC: number of cells */
    unsigned proc;          /* CALL, THREAD_START */
    unsigned n_args;        /* CALL */
    const ordo_expr **args; /* CALL */
    unsigned n_stmts;       /* SEQ */
    const ordo_stmt **stmts;/* SEQ */
    /* Shared accesses of the statement (globals and memory cells), filled
     * by ordo_stmt_accesses(); see below. */
    const char *file; unsigned line; /* source position, for traces */
    /* Set by loop unrolling / bounded inlining (passes.h) on an edge that
     * leaves the unrolled region: an execution taking it needs more
     * iterations (or recursion depth) than the bound. Such an edge leads
     * to a location without outgoing edges, so ignoring the flag gives the
     * bounded semantics; a SAFE verdict is complete only if no flagged
     * edge is reachable (ordo_program_has_unwinding()). */
    bool unwinding;
    /* SEQ only, set by loop unrolling (passes.h): the lazy creation of the
     * iterations of a counted thread-creation loop beyond the bound. The
     * statements (the loop's condition, then its body: local assignments
     * and THREAD_STARTs) run lazy_repeat times; the threads they start
     * never take a step before the error (a join of one blocks), so the
     * engine gives them no events. Not for the interpreter: a replay runs
     * the original loop. 0 for every other statement. */
    unsigned lazy_repeat;
};

/* ---- procedures (CFAs) ------------------------------------------------- */

typedef struct {
    unsigned from, to;      /* location indices of the procedure */
    const ordo_stmt *stmt;
} ordo_edge;

typedef struct {
    const char *name;
    unsigned n_locs;
    unsigned init_loc, final_loc;  /* RETURN edges lead to final_loc */
    unsigned n_edges, cap_edges;
    ordo_edge *edges;
    unsigned n_params;
    unsigned *params;       /* variable indices of the parameters (locals) */
    bool has_result;
    ordo_type result_type;
} ordo_proc;

typedef struct {
    const char *name;
    ordo_type type;
    bool is_global;
    /* Thread-local (C11 _Thread_local, GNU __thread): every thread has its
     * own copy, set to init when the thread starts; it belongs to no
     * procedure (proc -1) and is not global: no other thread sees it, so
     * its accesses are thread-local statements. Never address-taken. */
    bool is_thread_local;
    int proc;               /* owning procedure for locals, -1 for globals */
    int64_t init;           /* initial value (globals, thread-locals; 0 unless given) */
} ordo_var;

/* A static object in memory: an aggregate or an address-taken variable. */
typedef struct {
    const char *name;
    uint64_t base;          /* address of its first cell */
    uint64_t n_cells;
    int proc;               /* -1 for globals; owning procedure for locals */
    /* Initial cell values: n_init pairs (offset, value); others are 0. */
    unsigned n_init;
    const uint64_t *init_offsets;
    const int64_t *init_values;
    const ordo_type *init_types;
} ordo_object;

typedef struct ordo_program ordo_program;
struct ordo_program {
    const char *source;     /* path of the C file */
    ordo_data_model data_model;
    unsigned n_vars, cap_vars;       ordo_var *vars;
    unsigned n_objects, cap_objects; ordo_object *objects;
    unsigned n_procs, cap_procs;     ordo_proc *procs;
    unsigned main_proc;
    uint64_t next_address;     /* first free cell address for new objects */
    struct ordo_arena *arena;  /* owns every expression, statement, string */
};

/* ---- parsing and reading (core/src); building: <ordo/ir_build.h> ------- */

/* Parse a C file (.c preprocessed with system headers, .i as is) into IR.
 * On failure returns NULL and sets *err to one line, "unsupported: WHAT
 * (FILE:LINE)" or "parse error: WHAT (FILE:LINE)" (malloc'ed), and
 * *status to ORDO_FRONTEND_UNSUPPORTED or ORDO_FRONTEND_PARSE_ERROR. */
enum { ORDO_FRONTEND_OK = 0, ORDO_FRONTEND_PARSE_ERROR = 1, ORDO_FRONTEND_UNSUPPORTED = 3 };
ordo_program *ordo_frontend_parse(const char *path, ordo_data_model dm, int *status, char **err);
void ordo_program_free(ordo_program *p);

/* The edges of a procedure by location (core/src/ir_index.c): those
 * leaving location l (entering it, for an index of incoming edges) are
 * f->edges[edge[i]] for start[l] <= i < start[l + 1], in edge order. */
typedef struct {
    unsigned *start, *edge;
} ordo_edge_index;
ordo_edge_index ordo_edge_index_of(const ordo_proc *f, bool incoming);
void ordo_edge_index_free(ordo_edge_index *x);
/* The locations of f in a topological order (order has n_locs entries;
 * `out` is f's out-edge index); false when f has a cycle. */
bool ordo_topological_locations(const ordo_proc *f, const ordo_edge_index *out, unsigned *order);
/* The locations of f reachable from the n_from locations `from` (`out`:
 * f's out-edge index), as a malloc'ed array of n_locs flags. */
bool *ordo_reachable_locations(const ordo_proc *f, const ordo_edge_index *out,
                               const unsigned *from, unsigned n_from);

/* A shared access of a statement: a global variable or a memory cell. */
typedef struct {
    bool is_write;
    bool is_mem;
    unsigned var;           /* !is_mem */
    const ordo_expr *addr;  /*  is_mem */
    ordo_type type;
} ordo_access;

/* The shared accesses of s in execution order (reads of the right-hand
 * side before the write; LOCK: read then write of the mutex cell; CALL:
 * the argument reads, then the write of the result). Returns the total
 * count; only the first `cap` are written to out. */
unsigned ordo_stmt_accesses(const ordo_program *p, const ordo_stmt *s, ordo_access *out,
                            unsigned cap);

/* Does evaluating e read a global variable or a memory cell? (false for
 * e NULL) */
bool ordo_expr_is_shared(const ordo_program *p, const ordo_expr *e);
/* Does assigning lv (address included) touch shared state? */
bool ordo_lvalue_is_shared(const ordo_program *p, const ordo_lvalue *lv);
/* Statements that synchronise or end the program: always visible steps. */
bool ordo_stmt_kind_is_sync(ordo_stmt_kind k);
/* Visible in the sense of trace.h: a shared access or a synchronisation
 * (RETURN's write to the caller's left-hand side is not counted here). */
bool ordo_stmt_is_visible(const ordo_program *p, const ordo_stmt *s);

#ifdef __cplusplus
}
#endif
#endif
