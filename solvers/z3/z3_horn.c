/*
 * z3 plugin: constrained Horn clauses (ORDO_SMT_CAP_HORN). A config.horn
 * instance is Z3's solver for the logic HORN (Spacer); the solution of
 * each relation is read from its model (smt.h). term_app reads a term's
 * structure back (the solution formulas) as ordo_smt_ops.
 */
#include <stdlib.h>

#include "z3_solver.h"

void z3_horn_params(void)
{
    /* Spacer, on the clauses as given: the default preprocessing inlines
     * a relation with one defining clause (every cut point of a path)
     * and rebuilds its solution as the exact existential projection,
     * which generalises nothing; without it the default engine choice
     * for such clauses is bottom-up Datalog. Global parameters (Z3 reads
     * them when a context is made); only Horn solving reads them. */
    Z3_global_param_set("fp.engine", "spacer");
    Z3_global_param_set("fp.xform.inline_linear", "false");
    Z3_global_param_set("fp.xform.inline_eager", "false");
    Z3_global_param_set("fp.xform.slice", "false");
}

Z3_solver z3_horn_solver(Z3_context ctx)
{
    return Z3_mk_solver_for_logic(ctx, Z3_mk_string_symbol(ctx, "HORN"));
}

ordo_term z3_rel_app(ordo_smt *base, const char *name, unsigned n, const ordo_term *args)
{
    z3_smt *s = z3_of(base);
    if (s->error)
        return NULL;
    if (!name || n == 0) {
        z3_fail(s, "rel_app: a relation needs a name and arguments");
        return NULL;
    }
    Z3_sort *domain = malloc(n * sizeof *domain);
    for (unsigned i = 0; i < n; i++)
        domain[i] = Z3_get_sort(s->ctx, z3_ast(args[i]));
    Z3_func_decl r = Z3_mk_func_decl(s->ctx, Z3_mk_string_symbol(s->ctx, name), n, domain,
                                     s->bool_sort);
    free(domain);
    if (!r)
        return z3_result(s, NULL);
    return z3_result(s, Z3_mk_app(s->ctx, r, n, (Z3_ast const *)args));
}

/* The ordo_smt_op of a Z3 declaration kind (ORDO_OP__COUNT: none). */
static ordo_smt_op op_of(Z3_decl_kind k)
{
    switch (k) {
    case Z3_OP_NOT: return ORDO_OP_NOT;
    case Z3_OP_AND: return ORDO_OP_AND;
    case Z3_OP_OR: return ORDO_OP_OR;
    case Z3_OP_XOR: return ORDO_OP_XOR;
    case Z3_OP_IMPLIES: return ORDO_OP_IMPLIES;
    case Z3_OP_ITE: return ORDO_OP_ITE;
    case Z3_OP_EQ:
    case Z3_OP_IFF: return ORDO_OP_EQ;
    case Z3_OP_DISTINCT: return ORDO_OP_DISTINCT;
    case Z3_OP_ADD: return ORDO_OP_ADD;
    case Z3_OP_SUB: return ORDO_OP_SUB;
    case Z3_OP_MUL: return ORDO_OP_MUL;
    case Z3_OP_UMINUS: return ORDO_OP_NEG;
    case Z3_OP_IDIV: return ORDO_OP_IDIV;
    case Z3_OP_MOD: return ORDO_OP_IMOD;
    case Z3_OP_LT: return ORDO_OP_LT;
    case Z3_OP_LE: return ORDO_OP_LE;
    case Z3_OP_GT: return ORDO_OP_GT;
    case Z3_OP_GE: return ORDO_OP_GE;
    case Z3_OP_BADD: return ORDO_OP_BVADD;
    case Z3_OP_BSUB: return ORDO_OP_BVSUB;
    case Z3_OP_BMUL: return ORDO_OP_BVMUL;
    case Z3_OP_BNEG: return ORDO_OP_BVNEG;
    case Z3_OP_BUDIV:
    case Z3_OP_BUDIV_I: return ORDO_OP_BVUDIV;
    case Z3_OP_BSDIV:
    case Z3_OP_BSDIV_I: return ORDO_OP_BVSDIV;
    case Z3_OP_BUREM:
    case Z3_OP_BUREM_I: return ORDO_OP_BVUREM;
    case Z3_OP_BSREM:
    case Z3_OP_BSREM_I: return ORDO_OP_BVSREM;
    case Z3_OP_BAND: return ORDO_OP_BVAND;
    case Z3_OP_BOR: return ORDO_OP_BVOR;
    case Z3_OP_BXOR: return ORDO_OP_BVXOR;
    case Z3_OP_BNOT: return ORDO_OP_BVNOT;
    case Z3_OP_BSHL: return ORDO_OP_BVSHL;
    case Z3_OP_BLSHR: return ORDO_OP_BVLSHR;
    case Z3_OP_BASHR: return ORDO_OP_BVASHR;
    case Z3_OP_ULT: return ORDO_OP_BVULT;
    case Z3_OP_ULEQ: return ORDO_OP_BVULE;
    case Z3_OP_UGT: return ORDO_OP_BVUGT;
    case Z3_OP_UGEQ: return ORDO_OP_BVUGE;
    case Z3_OP_SLT: return ORDO_OP_BVSLT;
    case Z3_OP_SLEQ: return ORDO_OP_BVSLE;
    case Z3_OP_SGT: return ORDO_OP_BVSGT;
    case Z3_OP_SGEQ: return ORDO_OP_BVSGE;
    case Z3_OP_CONCAT: return ORDO_OP_CONCAT;
    case Z3_OP_EXTRACT: return ORDO_OP_EXTRACT;
    case Z3_OP_ZERO_EXT: return ORDO_OP_ZEXT;
    case Z3_OP_SIGN_EXT: return ORDO_OP_SEXT;
    case Z3_OP_BV2INT: return ORDO_OP_BV2NAT;
    case Z3_OP_INT2BV: return ORDO_OP_INT2BV;
    case Z3_OP_SELECT: return ORDO_OP_SELECT;
    case Z3_OP_STORE: return ORDO_OP_STORE;
    default: return ORDO_OP__COUNT;
    }
}

/* Z3's (_ bit2bool i) x, which Spacer's solutions use, reads as what it
 * means: (= ((_ extract i i) x) #b1). */
static ordo_smt_op bit_test(z3_smt *s, Z3_app app, Z3_func_decl d, unsigned cap, ordo_term *args,
                            unsigned *n)
{
    unsigned i = (unsigned)Z3_get_decl_int_parameter(s->ctx, d, 0);
    Z3_ast x = Z3_get_app_arg(s->ctx, app, 0);
    *n = 2;
    if (cap >= 2) {
        args[0] = z3_result(s, Z3_mk_extract(s->ctx, i, i, x));
        args[1] = z3_bv_val(&s->base, 1, 1);
    }
    return ORDO_OP_EQ;
}

ordo_smt_op z3_term_app(ordo_smt *base, ordo_term t, unsigned cap, ordo_term *args,
                        unsigned *n, unsigned *p1, unsigned *p2)
{
    z3_smt *s = z3_of(base);
    *n = *p1 = *p2 = 0;
    if (s->error || !t || Z3_get_ast_kind(s->ctx, z3_ast(t)) != Z3_APP_AST)
        return ORDO_OP__COUNT;
    Z3_app app = Z3_to_app(s->ctx, z3_ast(t));
    Z3_func_decl d = Z3_get_app_decl(s->ctx, app);
    if (Z3_get_decl_kind(s->ctx, d) == Z3_OP_BIT2BOOL)
        return bit_test(s, app, d, cap, args, n);
    ordo_smt_op op = op_of(Z3_get_decl_kind(s->ctx, d));
    if (op == ORDO_OP__COUNT)
        return op;
    unsigned params = Z3_get_decl_num_parameters(s->ctx, d);
    if (params > 0)
        *p1 = (unsigned)Z3_get_decl_int_parameter(s->ctx, d, 0);
    if (params > 1)
        *p2 = (unsigned)Z3_get_decl_int_parameter(s->ctx, d, 1);
    *n = Z3_get_app_num_args(s->ctx, app);
    for (unsigned i = 0; i < *n && i < cap; i++)
        args[i] = z3_term(Z3_get_app_arg(s->ctx, app, i));
    return op;
}
