/* Candidates and the candidate predicate of split mutexes (mutex_learn.h). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "mutex_learn.h"

/* The enumeration of cg_mutex_learn_cells, in a scope of pf's solver of
 * its own (the exclusions are asserted): the model's address, as the
 * interpreter keeps it, is appended to found; the model's own term of it
 * is excluded (in Int arithmetic, an address term may lie beyond its
 * type's range, which the interpreter wraps). Stops at
 * CG_MUTEX_CELLS_MAX addresses (UNKNOWN). */
static ordo_smt_result enumerate(cg_path *pf, const cg_loop_guards *relaxed, uint64_t *found,
                                 unsigned *n_found)
{
    ordo_smt *s = pf->smt;
    ordo_smt_result r = cg_loop_guards_check(relaxed, pf);
    for (*n_found = 0; r == ORDO_SMT_SAT; (*n_found)++) {
        int64_t v;
        ordo_term term = ordo_smt_eval(s, pf->outside_addr, true);
        if (*n_found == CG_MUTEX_CELLS_MAX || !term ||
            !ordo_ir_model_value(&pf->arith, pf->outside_type, pf->outside_addr, &v))
            return ORDO_SMT_UNKNOWN;
        found[*n_found] = (uint64_t)v;
        ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT,
                                         ordo_smt_app2(s, ORDO_OP_EQ, pf->outside_addr, term)));
        r = cg_loop_guards_check(relaxed, pf);
    }
    return r;
}

/* The addresses are added only once the path allows no other: a
 * relaxed path (a creation loop run on past its bound over uninitialised
 * arguments) may allow any address, which must not fill the candidates. */
bool cg_mutex_learn_cells(cg_mutex_cells *mc, cg_path *pf, const cg_loop_guards *relaxed,
                          unsigned proc, unsigned edge)
{
    const uint64_t *cells;
    unsigned before, n, n_found;
    uint64_t *found = xmalloc(CG_MUTEX_CELLS_MAX * sizeof *found);
    ordo_smt_push(pf->smt);
    ordo_smt_result r = enumerate(pf, relaxed, found, &n_found);
    ordo_smt_pop(pf->smt, 1);
    cg_mutex_cells_of(mc, proc, edge, &cells, &before);
    bool added = r == ORDO_SMT_UNSAT;
    for (unsigned k = 0; added && k < n_found; k++)
        added = cg_mutex_cells_add(mc, proc, edge, found[k]);
    free(found);
    cg_mutex_cells_of(mc, proc, edge, &cells, &n);
    return added && n > before;
}

/* The distance between consecutive cells when it is always the same (0:
 * it is not, or there is one cell). */
static uint64_t stride(const uint64_t *cells, unsigned n)
{
    uint64_t d = n > 1 ? cells[1] - cells[0] : 0;
    for (unsigned k = 2; k < n && d; k++)
        if (cells[k] - cells[k - 1] != d)
            d = 0;
    return d;
}

static const ordo_expr *binop(ordo_program *p, ordo_binop op, const ordo_expr *a,
                              const ordo_expr *b)
{
    return ordo_e_binop(p, op, ordo_ty_bool(), a, b);
}

static const ordo_expr *at(ordo_program *p, const ordo_expr *addr, uint64_t v)
{
    return ordo_e_const(p, addr->type, (int64_t)v);
}

const ordo_expr *cg_mutex_member(ordo_program *p, const ordo_expr *addr, const uint64_t *cells,
                                 unsigned n)
{
    uint64_t d = stride(cells, n);
    const ordo_expr *first = at(p, addr, cells[0]);
    if (d > 0) {
        const ordo_expr *range = binop(p, ORDO_B_LAND, binop(p, ORDO_B_LE, first, addr),
                                       binop(p, ORDO_B_LE, addr, at(p, addr, cells[n - 1])));
        if (d == 1)
            return range;
        /* first <= addr: the difference does not wrap */
        const ordo_expr *offset = ordo_e_binop(p, ORDO_B_SUB, addr->type, addr, first);
        const ordo_expr *rem = ordo_e_binop(p, ORDO_B_REM, addr->type, offset, at(p, addr, d));
        return binop(p, ORDO_B_LAND, range, binop(p, ORDO_B_EQ, rem, at(p, addr, 0)));
    }
    const ordo_expr *e = binop(p, ORDO_B_EQ, addr, at(p, addr, cells[0]));
    for (unsigned k = 1; k < n; k++)
        e = binop(p, ORDO_B_LOR, e, binop(p, ORDO_B_EQ, addr, at(p, addr, cells[k])));
    return e;
}
