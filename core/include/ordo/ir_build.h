/*
 * Constructing IR programs (the front end, passes and tests use this).
 * Expressions and statements live in the program's arena; the tables of
 * variables, objects, procedures and edges grow as needed and are freed by
 * ordo_program_free().
 */
#ifndef ORDO_IR_BUILD_H
#define ORDO_IR_BUILD_H

#include <ordo/ir.h>

#ifdef __cplusplus
extern "C" {
#endif

ordo_program *ordo_program_new(const char *source, ordo_data_model dm);

ordo_type ordo_ty_bool(void);
ordo_type ordo_ty_int(unsigned width, bool is_signed);
ordo_type ordo_ty_ptr(ordo_data_model dm);

/* Tables. Each returns the index of the new entry. proc = -1: global. */
unsigned ordo_add_var(ordo_program *p, const char *name, ordo_type t, int proc, int64_t init);
/* A thread-local variable (ir.h): one copy per thread, each starting at init. */
unsigned ordo_add_thread_local(ordo_program *p, const char *name, ordo_type t, int64_t init);
/* A static object of n_cells cells at the next free address (never 0). */
unsigned ordo_add_object(ordo_program *p, const char *name, uint64_t n_cells, int proc);
void ordo_object_init_cell(ordo_program *p, unsigned object, uint64_t offset, ordo_type t,
                           int64_t value);
/* A procedure with its initial and final locations already created. */
unsigned ordo_add_proc(ordo_program *p, const char *name);
unsigned ordo_add_loc(ordo_program *p, unsigned proc);
void ordo_add_edge(ordo_program *p, unsigned proc, unsigned from, unsigned to,
                   const ordo_stmt *s);

/* Expressions. */
const ordo_expr *ordo_e_const(ordo_program *p, ordo_type t, int64_t value);
const ordo_expr *ordo_e_var(ordo_program *p, unsigned var);
const ordo_expr *ordo_e_load(ordo_program *p, ordo_type t, const ordo_expr *addr);
const ordo_expr *ordo_e_unop(ordo_program *p, ordo_unop op, ordo_type t, const ordo_expr *a);
const ordo_expr *ordo_e_binop(ordo_program *p, ordo_binop op, ordo_type t, const ordo_expr *a,
                              const ordo_expr *b);
const ordo_expr *ordo_e_ite(ordo_program *p, const ordo_expr *c, const ordo_expr *a,
                            const ordo_expr *b);
const ordo_expr *ordo_e_cast(ordo_program *p, ordo_type t, const ordo_expr *a);

/* Places. */
ordo_lvalue ordo_lv_var(const ordo_program *p, unsigned var);
ordo_lvalue ordo_lv_mem(ordo_type t, const ordo_expr *addr);

/* Statements (returned mutable so the caller can set file and line). */
ordo_stmt *ordo_s_new(ordo_program *p, ordo_stmt_kind kind); /* SKIP, ATOMIC_*, ERROR, EXIT */
ordo_stmt *ordo_s_assign(ordo_program *p, ordo_lvalue lhs, const ordo_expr *rhs);
ordo_stmt *ordo_s_havoc(ordo_program *p, ordo_lvalue lhs);
ordo_stmt *ordo_s_assume(ordo_program *p, const ordo_expr *cond);
ordo_stmt *ordo_s_alloc(ordo_program *p, ordo_lvalue lhs, const ordo_expr *n_cells);
ordo_stmt *ordo_s_addr(ordo_program *p, ordo_stmt_kind kind, const ordo_expr *addr); /* LOCK, UNLOCK, FREE */
ordo_stmt *ordo_s_thread_start(ordo_program *p, const ordo_lvalue *lhs, unsigned proc,
                               const ordo_expr *arg);
ordo_stmt *ordo_s_thread_join(ordo_program *p, const ordo_expr *thread_id);
ordo_stmt *ordo_s_call(ordo_program *p, const ordo_lvalue *lhs, unsigned proc, unsigned n_args,
                       const ordo_expr *const *args);
ordo_stmt *ordo_s_return(ordo_program *p, const ordo_expr *value /* may be NULL */);
ordo_stmt *ordo_s_seq(ordo_program *p, unsigned n, const ordo_stmt *const *stmts);

#ifdef __cplusplus
}
#endif
#endif
