/* Small IR programs built by hand for the interpreter and pass tests. */
#ifndef ORDO_TEST_IR_FIXTURES_H
#define ORDO_TEST_IR_FIXTURES_H

#include <ordo/ir_build.h>

ordo_type i32(void);
const ordo_expr *num(ordo_program *p, int64_t v);         /* int constant */
const ordo_expr *var(ordo_program *p, unsigned v);
const ordo_expr *bin(ordo_program *p, ordo_binop op, const ordo_expr *a, const ordo_expr *b);
ordo_stmt *assign(ordo_program *p, unsigned v, const ordo_expr *e);

/* Appends `s` at *loc (new location after it, or `to` if given >= 0) and
 * gives it source line `line`. */
void then(ordo_program *p, unsigned proc, unsigned *loc, ordo_stmt *s, unsigned line);
/* Closes a procedure: an edge from *loc to its final location. */
void finish(ordo_program *p, unsigned proc, unsigned loc);
/* A second edge out of loc (never enabled, at source line `line`), so
 * that the large-block encoding keeps the edges before and after loc
 * apart. */
void fork_exit(ordo_program *p, unsigned proc, unsigned loc, unsigned line);

/* Two workers increment the global counter c (read into a local, then
 * write back), with or without the mutex m; main joins both and reaches
 * ERROR when c != 2 (reachable only without the lock). Variable indices
 * are reported through the out pointers when not NULL. */
ordo_program *fixture_counter(bool with_lock, unsigned *c_var);

/* The thesis' Figure 2.1 style loop: main: for (i = 0; i < n; i++) x := x + 2;
 * assume x != 2n -> ERROR. With n < 0: bound given by a nondet value. */
ordo_program *fixture_loop(int n, unsigned *x_var);

/* main: [i := 0;] for (; i < 3; i++) [id :=] start worker;
 * worker: g := g + 1 (racy). With init_i, main sets i := 0 first (line 4);
 * with id_var not NULL, main has a local id that receives each started
 * thread's id. Variable indices are reported through the out pointers
 * when not NULL. */
ordo_program *fixture_thread_loop(bool init_i, unsigned *g_var, unsigned *id_var);

/* int f(int a) { return a + 1; }  main: x := f(41); assume x == 42; ERROR */
ordo_program *fixture_call(void);

/* int rec(int n) { if (n <= 0) return 0; t := rec(n - 1); return t + 1; }
 * main: x := rec(depth); assume x == depth; ERROR */
ordo_program *fixture_recursion(int depth);

/* Runs thread 0 (and the threads it starts, round robin) until the run
 * ends; returns the final status (ERROR, BLOCKED when all are stuck, ...).
 * Nondet values come from `values` in order. */
int run_all(const ordo_program *p, const int64_t *values, unsigned n_values);

#endif
