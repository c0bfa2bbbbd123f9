/* Candidates and the candidate predicate of split mutexes (mutex_learn.h). */
#include <ordo/ir_build.h>

#include "mutex_learn.h"

/* The model's address, as the interpreter keeps it, is a candidate; the
 * model's own term of it is excluded (in Int arithmetic, an address
 * term may lie beyond its type's range, which the interpreter wraps). */
/* The enumeration of learn_cells, in a scope of pf's solver of its own
 * (the exclusions asserted). */
static ordo_smt_result enumerate(cg_mutex_cells *mc, cg_path *pf, const cg_loop_guards *relaxed,
                                 unsigned proc, unsigned edge)
{
    ordo_smt *s = pf->smt;
    ordo_smt_result r = cg_loop_guards_check(relaxed, pf);
    for (unsigned k = 0; r == ORDO_SMT_SAT; k++) {
        int64_t v;
        ordo_term term = ordo_smt_eval(s, pf->outside_addr, true);
        if (k == CG_MUTEX_CELLS_MAX || !term ||
            !ordo_ir_model_value(&pf->arith, pf->outside_type, pf->outside_addr, &v) ||
            !cg_mutex_cells_add(mc, proc, edge, (uint64_t)v))
            return ORDO_SMT_UNKNOWN;
        ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT,
                                         ordo_smt_app2(s, ORDO_OP_EQ, pf->outside_addr, term)));
        r = cg_loop_guards_check(relaxed, pf);
    }
    return r;
}

bool cg_mutex_learn_cells(cg_mutex_cells *mc, cg_path *pf, const cg_loop_guards *relaxed,
                          unsigned proc, unsigned edge)
{
    const uint64_t *cells;
    unsigned before, n;
    cg_mutex_cells_of(mc, proc, edge, &cells, &before);
    ordo_smt_push(pf->smt);
    ordo_smt_result r = enumerate(mc, pf, relaxed, proc, edge);
    ordo_smt_pop(pf->smt, 1);
    cg_mutex_cells_of(mc, proc, edge, &cells, &n);
    return r == ORDO_SMT_UNSAT && n > before;
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
