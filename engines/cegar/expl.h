/*
 * The explicit-value domain (thesis Section 2.2.2, EXPL): a precision is a
 * set of tracked variables and memory cells (vars(Π)); the data state maps
 * each tracked place to a value or leaves it unknown. A variable is
 * tracked in every thread's copy; a cell is named by its address (a static
 * object's base plus the offset of its scalar).
 */
#ifndef CEGAR_EXPL_H
#define CEGAR_EXPL_H

#include <ordo/expr_eval.h>

#include "state.h"

typedef struct {
    unsigned n_vars;
    bool *vars;
    unsigned n_cells, cap_cells;
    uint64_t *cells;     /* sorted */
    unsigned n_preds, cap_preds;
    const ordo_expr **preds; /* PRED (pred.h) */
} cg_prec;

void cg_prec_init(cg_prec *pr, unsigned n_vars);
void cg_prec_free(cg_prec *pr);
/* True when the place was not tracked before. */
bool cg_prec_add_var(cg_prec *pr, unsigned var);
bool cg_prec_add_cell(cg_prec *pr, uint64_t addr);
bool cg_prec_has_cell(const cg_prec *pr, uint64_t addr);
/* Tracks the places e reads: its variables and the cells at constant
 * addresses; returns how many were new. */
unsigned cg_prec_add_reads(cg_prec *pr, const ordo_expr *e);
/* Tracked variables, cells and predicates. */
unsigned cg_prec_size(const cg_prec *pr);

/* The data state of one thread's view: globals, cells and its locals. */
typedef struct {
    const ordo_program *p;
    const cg_prec *prec;
    ordo_arith mode;
    cg_state *s;
    unsigned thread;
} expl_view;

uint64_t expl_var_key(const expl_view *v, unsigned var);
bool expl_get(const cg_state *s, uint64_t key, int64_t *value);
void expl_set(cg_state *s, uint64_t key, int64_t value);
void expl_forget(cg_state *s, uint64_t key);
/* The value of e in the view (UNKNOWN when it reads an unknown place). */
ordo_eval_status expl_eval(const expl_view *v, const ordo_expr *e, int64_t *out,
                           const char **why);
/* Writes a value (known, or not) to a variable or cell: kept only when the
 * place is tracked and the value known. */
void expl_write_var(const expl_view *v, unsigned var, bool known, int64_t value);
void expl_write_cell(const expl_view *v, uint64_t addr, bool known, int64_t value);
/* A write to a cell whose address is unknown: every cell a pointer may
 * reach may change, not those of the static objects of p whose address is
 * never a value (escapes: cg_escaping_objects, mem_objects.h), which C
 * lets no store through a pointer write. */
void expl_forget_cells(cg_state *s, const ordo_program *p, const bool *escapes);
/* A write to addr, whose value is unknown: when addr is a static object's
 * constant base plus an offset (t[i]), only that object's cells may
 * change, as C leaves an access outside its object undefined (the reading
 * mem_objects.h already gives such an access: the object's address does
 * not escape, and a load reads the object alone); else expl_forget_cells.
 * A creation loop's `t[i] = pthread_create(...)` with i untracked no longer
 * forgets every escaping cell (goblint-regression 28-race_reach's counter
 * behind a pointer), which only tracking i, unrolling the loop, restored. */
void expl_forget_store(cg_state *s, const ordo_program *p, const bool *escapes,
                       const ordo_expr *addr);
/* Copy facts (state.h): the source of var_key's variable, if s has one. */
bool expl_copy_source(const cg_state *s, uint64_t var_key, uint64_t *source);
void expl_copy_set(cg_state *s, uint64_t var_key, uint64_t source);
/* The keys of (at most max) variables copied from the place of key. */
unsigned expl_copies_of(const cg_state *s, uint64_t key, uint64_t *out, unsigned max);
/* The place of key was written: facts about it, or copied from it, end. */
void expl_copies_end(cg_state *s, uint64_t key);
/* Does a's data state imply b's (b knows nothing a does not know equally)? */
bool expl_leq(const cg_state *a, const cg_state *b);

#endif
