/*
 * The C front end's shared state (private to core/src/frontend*.c).
 *
 * Lowering walks libclang cursors and emits IR edges at a current location
 * of the current procedure. Every shared read (global variable, memory
 * cell) is first copied into a fresh local temporary, so that each emitted
 * statement performs at most one shared access (the invariant of ir.h).
 * Failure (an unsupported construct) longjmps back to ordo_frontend_parse.
 */
#ifndef ORDO_FRONTEND_INTERNAL_H
#define ORDO_FRONTEND_INTERNAL_H

#include <clang-c/Index.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <ordo/ir.h>
#include <ordo/ir_build.h>

/* ---- cursor-keyed map (declarations, labels, cases) ---------------------- */

typedef struct {
    CXCursor key;
    unsigned hash;
    unsigned value;
    bool used;
} fe_map_slot;

typedef struct {
    unsigned n, cap;
    fe_map_slot *slots;
} fe_map;

bool fe_map_get(const fe_map *m, CXCursor key, unsigned *value);
void fe_map_put(fe_map *m, CXCursor key, unsigned value);
void fe_map_clear(fe_map *m);
void fe_map_free(fe_map *m);

/* ---- what a C variable became ------------------------------------------- */

typedef enum {
    FE_VAR_SCALAR,   /* an ordo_var */
    FE_VAR_OBJECT,   /* a static object: fixed base address */
    FE_VAR_HEAPED,   /* a per-activation object: local var `var` holds its base */
} fe_var_kind;

typedef struct {
    fe_var_kind kind;
    unsigned var;     /* SCALAR: the variable; HEAPED: the base pointer */
    unsigned object;  /* OBJECT */
} fe_var_info;

/* An lvalue: a variable or the cell(s) at a local-only address. */
typedef struct {
    bool is_mem;
    unsigned var;
    const ordo_expr *addr;
    CXType ctype;
} fe_place;

typedef struct {
    unsigned brk, cont;   /* break / continue target locations */
    bool has_brk, has_cont;
} fe_jump;

/* Thread-specific data destructors (frontend_tls.c); all 0 when no
 * pthread_key_create of the program passes one. */
typedef struct {
    unsigned keys;       /* keys 0..keys-1 have a destructor slot */
    unsigned slot0;      /* the global destructor of key 0; key k's is + k */
    unsigned rounds;     /* rounds of calls at a thread's end */
    CXCursor site;       /* the first pthread_key_create passing one */
    unsigned run;        /* the procedure calling them, or ~0u before it is made */
    unsigned *thread_of; /* by C procedure: the wrapper its threads run, or ~0u */
} fe_tls_destructors;

typedef struct fe {
    ordo_program *p;
    CXTranslationUnit tu;
    jmp_buf fail;
    char *err;           /* the failure line */
    int status;

    /* tokens of the (preprocessed) main file, sorted by offset */
    CXToken *toks;
    unsigned n_toks;
    unsigned *tok_off;
    char **tok_text;

    fe_map vars;         /* VarDecl/ParmDecl (canonical) -> index in infos */
    unsigned n_infos, cap_infos;
    fe_var_info *infos;
    fe_map addr_taken;   /* VarDecl/ParmDecl whose address is taken */
    fe_map procs;        /* FunctionDecl (canonical) -> proc index */
    fe_map called;       /* FunctionDecls some reachable code calls directly */
    bool indirect_calls; /* some reachable code calls through a pointer */
    unsigned n_defs, cap_defs;
    CXCursor *defs;      /* definition of each proc, by proc index */

    /* the procedure being lowered */
    unsigned proc;
    unsigned cur;        /* current location */
    bool in_main;
    CXCursor exit_status;     /* main's returned expression: its value is discarded */
    fe_map labels;       /* LabelStmt -> location */
    fe_map cases;        /* CaseStmt/DefaultStmt -> location, current switch */
    fe_jump jump;
    unsigned n_temps;
    bool has_tls;        /* thread-specific data (frontend_tls.c): */
    unsigned tls_keys;   /*   the global key counter */
    unsigned tls_value0; /*   the thread-local value of key 0; key k's is + k */
    fe_tls_destructors dtors; /*   destructors, when the program has some */
    const char *file;    /* position of the construct being lowered */
    unsigned line;
} fe;

/* ---- errors (frontend.c) ------------------------------------------------ */

_Noreturn void fe_unsupported(fe *f, CXCursor at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void fe_set_pos(fe *f, CXCursor at);
char *fe_spelling(fe *f, CXCursor c);   /* arena copy of the cursor's spelling */

/* ---- tokens (frontend_tokens.c) ----------------------------------------- */

void fe_tokens_load(fe *f, CXFile file);
void fe_tokens_free(fe *f);
unsigned fe_offset(CXSourceLocation loc);
/* The first token starting at or after offset (NULL past the end). */
const char *fe_token_at(const fe *f, unsigned offset);
/* Operator of a binary / compound-assignment operator, of a unary one. */
const char *fe_binop_token(fe *f, CXCursor op);
const char *fe_unop_token(fe *f, CXCursor op, bool *postfix);
/* Offsets of the two ';' and the ')' of a for statement's header. */
bool fe_for_header(const fe *f, CXCursor c, unsigned off[3]);

/* ---- cursors ------------------------------------------------------------ */

unsigned fe_children(CXCursor c, CXCursor *out, unsigned cap);
CXCursor fe_strip(CXCursor c);  /* parentheses and no-op implicit conversions */

/* ---- types (frontend_types.c) ------------------------------------------- */

CXType fe_canon(CXType t);
bool fe_is_atomic(CXType t);
bool fe_is_scalar(CXType t);
bool fe_is_void(CXType t);
bool fe_is_opaque(CXType t);    /* pthread mutex/cond/attr: one opaque cell */
ordo_type fe_scalar(fe *f, CXType t, CXCursor at);
uint64_t fe_cells(fe *f, CXType t, CXCursor at);
/* Cell offset of field (a FieldDecl) inside record type rec. */
uint64_t fe_field_offset(fe *f, CXType rec, CXCursor field, CXCursor at);
/* The scalar type of the cell at offset inside type t. */
ordo_type fe_cell_type(fe *f, CXType t, uint64_t offset, CXCursor at);
/* Cells of the pointee of pointer type t (1 for void). */
uint64_t fe_pointee_cells(fe *f, CXType t, CXCursor at);
ordo_type fe_promote(ordo_type t);
ordo_type fe_common(ordo_type a, ordo_type b);
/* C's int (32 bits in every data model ordo supports): the type of the
 * status codes the pthread and stdlib models return. */
static inline ordo_type fe_int_type(void) { return ordo_ty_int(32, true); }

/* ---- emitting (frontend_emit.c) ----------------------------------------- */

unsigned fe_new_loc(fe *f);
void fe_edge(fe *f, unsigned from, unsigned to, ordo_stmt *s);
void fe_emit(fe *f, ordo_stmt *s);            /* cur -> new location */
void fe_goto(fe *f, unsigned to);             /* SKIP edge cur -> to, cur dead */
/* ASSUME(cond) edge cur -> tloc, ASSUME(!cond) edge cur -> floc, cur dead. */
void fe_fork(fe *f, const ordo_expr *cond, unsigned tloc, unsigned floc);
unsigned fe_temp(fe *f, ordo_type t);
const ordo_expr *fe_copy(fe *f, const ordo_expr *e); /* into a fresh temp */
const ordo_expr *fe_to_bool(fe *f, const ordo_expr *e);
const ordo_expr *fe_convert(fe *f, const ordo_expr *e, ordo_type to);
const ordo_expr *fe_int(fe *f, ordo_type t, int64_t v);
const ordo_expr *fe_fn_value(fe *f, unsigned proc);

/* ---- variables (frontend_vars.c) ---------------------------------------- */

const fe_var_info *fe_var(fe *f, CXCursor decl, CXCursor at);
void fe_declare_local(fe *f, CXCursor decl);
void fe_declare_params(fe *f, CXCursor fn);
bool fe_const_eval(fe *f, CXCursor e, int64_t *out);
/* The bytes (no terminating 0) of a plain C string literal as written,
 * escapes decoded; false for what it cannot decode or more than cap. */
bool fe_string_bytes(const char *lit, char *out, size_t cap, size_t *len);
/* Called for each cell of an initialised object: value is the initialiser
 * expression of type t (scalar, or an aggregate to copy), or a null cursor
 * for the constant k of cell type ct. */
typedef void (*fe_cell_init)(fe *f, void *ctx, uint64_t offset, CXType t, ordo_type ct,
                             CXCursor value, int64_t k);
void fe_walk_init(fe *f, CXType t, uint64_t offset, CXCursor init, fe_cell_init cb, void *ctx);
/* Marks address-taken variables; creates procedures for the functions fn
 * refers to (fe_proc_of), so scanning procs in index order finds all the
 * reachable ones. */
void fe_scan_function(fe *f, CXCursor fn);
void fe_scan_globals(fe *f);
/* Whether procedure proc may run as a callee (not only as a thread). */
bool fe_may_be_called(fe *f, unsigned proc);
/* The procedure of a defined function (created at first request), or ~0u. */
unsigned fe_proc_of(fe *f, CXCursor fn_decl);

/* ---- expressions (frontend_expr.c) -------------------------------------- */

const ordo_expr *fe_rvalue(fe *f, CXCursor c);
fe_place fe_lvalue(fe *f, CXCursor c);
const ordo_expr *fe_read(fe *f, fe_place pl, CXCursor at);
void fe_store(fe *f, fe_place pl, const ordo_expr *v, CXCursor at);
void fe_effect(fe *f, CXCursor c);
void fe_branch(fe *f, CXCursor c, unsigned tloc, unsigned floc);
void fe_init_place(fe *f, fe_place pl, CXCursor init, bool zeroed);
fe_place fe_deref_place(fe *f, CXCursor ptr);
const ordo_expr *fe_addr_const(fe *f, uint64_t a);

/* The value of a function designator (f, &f, *fp, casts of these), or
 * NULL if c is none of these. */
const ordo_expr *fe_function_value(fe *f, CXCursor c);

/* ---- library calls (frontend_calls.c, frontend_tls.c) -------------------- */

bool fe_is_null_constant(fe *f, CXCursor c); /* 0, NULL, (void *)0, ... */
/* Fails (unsupported) when the call has fewer than want arguments. */
void fe_need_args(fe *f, CXCursor call, unsigned n, unsigned want);
const ordo_expr *fe_key_create(fe *f, CXCursor call, CXCursor *args, unsigned n);
const ordo_expr *fe_getspecific(fe *f, CXCursor call, CXCursor *args, unsigned n);
const ordo_expr *fe_setspecific(fe *f, CXCursor call, CXCursor *args, unsigned n);
/* Before lowering: whether (and how many keys) the program's keys may have
 * destructors. */
void fe_tls_scan(fe *f);
/* The procedure a THREAD_START of C procedure proc runs: proc, or a wrapper
 * that runs the destructors when proc returns. */
unsigned fe_thread_proc(fe *f, unsigned proc);
/* At pthread_exit: calls the destructors of the calling thread's values. */
void fe_tls_thread_exit(fe *f);
/* After lowering: the bodies of the procedures the two above made. */
void fe_tls_finish(fe *f);

/* ---- calls (frontend_calls.c) ------------------------------------------- */

/* Whether C procedure k can be the target of a call with n arguments
 * whose result has C type rt (void or scalar). */
bool fe_fits(fe *f, unsigned k, unsigned n, CXType rt, CXCursor at);
/* A call with n arguments and no result through the function pointer
 * value target, each argument converted to the parameter type of the
 * function called: only once every function is lowered. */
void fe_call_pointer(fe *f, CXCursor at, const ordo_expr *target, unsigned n,
                     const ordo_expr *const *args, CXType rt);
/* Lowers a call; returns its value, or NULL for void. */
const ordo_expr *fe_call(fe *f, CXCursor call);
bool fe_is_special(const char *name);

/* ---- statements (frontend_stmt.c) --------------------------------------- */

void fe_stmt(fe *f, CXCursor c);
/* `return v` (v may be NULL): RETURN to the final location; EXIT in main. */
void fe_return(fe *f, const ordo_expr *v);
void fe_lower_function(fe *f, unsigned proc);

#endif
