/* cvc5 plugin: sorts, terms and reading constants back. */
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cvc5_solver.h"

using cvc5::Kind;
using cvc5::Term;

/* The handle of v: the address of its one copy in store. */
template <typename H, typename V, typename Map>
static H intern(std::deque<V> &store, Map &handles, const V &v)
{
    auto it = handles.find(v);
    if (it != handles.end())
        return it->second;
    store.push_back(v);
    H h = reinterpret_cast<H>(&store.back());
    handles.emplace(v, h);
    return h;
}

ordo_term cvc5_handle(cvc5_state &st, const Term &t)
{
    return intern<ordo_term>(st.terms, st.term_handles, t);
}

ordo_sort cvc5_sort_handle(cvc5_state &st, const cvc5::Sort &s)
{
    return intern<ordo_sort>(st.sorts, st.sort_handles, s);
}

Term cvc5_bind(cvc5::Solver &solver, bool forall, unsigned n, const ordo_term *bound,
               const Term &body)
{
    std::vector<Term> consts, vars;
    for (unsigned i = 0; i < n; i++) {
        const Term &c = term_of(bound[i]);
        consts.push_back(c);
        vars.push_back(solver.mkVar(c.getSort(), c.hasSymbol() ? c.getSymbol() : "v"));
    }
    Term list = solver.mkTerm(Kind::VARIABLE_LIST, vars);
    return solver.mkTerm(forall ? Kind::FORALL : Kind::EXISTS,
                         { list, body.substitute(consts, vars) });
}

extern "C" {

ordo_sort cvc5_bool_sort(ordo_smt *s)
{
    return guarded(s, (ordo_sort)NULL, [](cvc5_state &st) {
        return cvc5_sort_handle(st, st.solver.getBooleanSort());
    });
}

ordo_sort cvc5_int_sort(ordo_smt *s)
{
    return guarded(s, (ordo_sort)NULL, [](cvc5_state &st) {
        return cvc5_sort_handle(st, st.solver.getIntegerSort());
    });
}

ordo_sort cvc5_bv_sort(ordo_smt *s, unsigned width)
{
    return guarded(s, (ordo_sort)NULL, [&](cvc5_state &st) {
        return cvc5_sort_handle(st, st.solver.mkBitVectorSort(width));
    });
}

ordo_sort cvc5_array_sort(ordo_smt *s, ordo_sort index, ordo_sort elem)
{
    return guarded(s, (ordo_sort)NULL, [&](cvc5_state &st) {
        return cvc5_sort_handle(st, st.solver.mkArraySort(sort_of(index), sort_of(elem)));
    });
}

ordo_term cvc5_bool_val(ordo_smt *s, bool v)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        return cvc5_handle(st, st.solver.mkBoolean(v));
    });
}

ordo_term cvc5_int_val(ordo_smt *s, int64_t v)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        return cvc5_handle(st, st.solver.mkInteger(v));
    });
}

ordo_term cvc5_bv_val(ordo_smt *s, uint64_t v, unsigned width)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        if (width < 64)
            v &= (UINT64_C(1) << width) - 1;
        if (width <= 64)
            return cvc5_handle(st, st.solver.mkBitVector(width, v));
        return cvc5_handle(st, st.solver.mkBitVector(width, std::to_string(v), 10));
    });
}

ordo_term cvc5_numeral(ordo_smt *s, const char *decimal, ordo_sort sort)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        const cvc5::Sort &srt = sort_of(sort);
        if (srt.isBitVector())
            return cvc5_handle(st, st.solver.mkBitVector(srt.getBitVectorSize(), decimal, 10));
        return cvc5_handle(st, st.solver.mkInteger(decimal));
    });
}

ordo_term cvc5_const_array(ordo_smt *s, ordo_sort index, ordo_term value)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        const Term &v = term_of(value);
        cvc5::Sort arr = st.solver.mkArraySort(sort_of(index), v.getSort());
        return cvc5_handle(st, st.solver.mkConstArray(arr, v));
    });
}

ordo_term cvc5_var(ordo_smt *s, const char *name, ordo_sort sort)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        const cvc5::Sort &srt = sort_of(sort);
        if (!name)
            return cvc5_handle(st, st.solver.mkConst(srt));
        auto key = std::make_pair(std::string(name), srt);
        auto it = st.named.find(key);
        if (it != st.named.end())
            return it->second;
        ordo_term h = cvc5_handle(st, st.solver.mkConst(srt, name));
        st.named.emplace(std::move(key), h);
        return h;
    });
}

/* The cvc5 kind of an operation without indices. */
static Kind kind_of(ordo_smt_op op)
{
    switch (op) {
    case ORDO_OP_NOT: return Kind::NOT;
    case ORDO_OP_AND: return Kind::AND;
    case ORDO_OP_OR: return Kind::OR;
    case ORDO_OP_XOR: return Kind::XOR;
    case ORDO_OP_IMPLIES: return Kind::IMPLIES;
    case ORDO_OP_ITE: return Kind::ITE;
    case ORDO_OP_EQ: return Kind::EQUAL;
    case ORDO_OP_DISTINCT: return Kind::DISTINCT;
    case ORDO_OP_ADD: return Kind::ADD;
    case ORDO_OP_SUB: return Kind::SUB;
    case ORDO_OP_MUL: return Kind::MULT;
    case ORDO_OP_NEG: return Kind::NEG;
    case ORDO_OP_IDIV: return Kind::INTS_DIVISION;
    case ORDO_OP_IMOD: return Kind::INTS_MODULUS;
    case ORDO_OP_LT: return Kind::LT;
    case ORDO_OP_LE: return Kind::LEQ;
    case ORDO_OP_GT: return Kind::GT;
    case ORDO_OP_GE: return Kind::GEQ;
    case ORDO_OP_BVADD: return Kind::BITVECTOR_ADD;
    case ORDO_OP_BVSUB: return Kind::BITVECTOR_SUB;
    case ORDO_OP_BVMUL: return Kind::BITVECTOR_MULT;
    case ORDO_OP_BVNEG: return Kind::BITVECTOR_NEG;
    case ORDO_OP_BVUDIV: return Kind::BITVECTOR_UDIV;
    case ORDO_OP_BVSDIV: return Kind::BITVECTOR_SDIV;
    case ORDO_OP_BVUREM: return Kind::BITVECTOR_UREM;
    case ORDO_OP_BVSREM: return Kind::BITVECTOR_SREM;
    case ORDO_OP_BVAND: return Kind::BITVECTOR_AND;
    case ORDO_OP_BVOR: return Kind::BITVECTOR_OR;
    case ORDO_OP_BVXOR: return Kind::BITVECTOR_XOR;
    case ORDO_OP_BVNOT: return Kind::BITVECTOR_NOT;
    case ORDO_OP_BVSHL: return Kind::BITVECTOR_SHL;
    case ORDO_OP_BVLSHR: return Kind::BITVECTOR_LSHR;
    case ORDO_OP_BVASHR: return Kind::BITVECTOR_ASHR;
    case ORDO_OP_BVULT: return Kind::BITVECTOR_ULT;
    case ORDO_OP_BVULE: return Kind::BITVECTOR_ULE;
    case ORDO_OP_BVUGT: return Kind::BITVECTOR_UGT;
    case ORDO_OP_BVUGE: return Kind::BITVECTOR_UGE;
    case ORDO_OP_BVSLT: return Kind::BITVECTOR_SLT;
    case ORDO_OP_BVSLE: return Kind::BITVECTOR_SLE;
    case ORDO_OP_BVSGT: return Kind::BITVECTOR_SGT;
    case ORDO_OP_BVSGE: return Kind::BITVECTOR_SGE;
    case ORDO_OP_CONCAT: return Kind::BITVECTOR_CONCAT;
    case ORDO_OP_EXTRACT: return Kind::BITVECTOR_EXTRACT;
    case ORDO_OP_ZEXT: return Kind::BITVECTOR_ZERO_EXTEND;
    case ORDO_OP_SEXT: return Kind::BITVECTOR_SIGN_EXTEND;
    case ORDO_OP_BV2NAT: return Kind::BITVECTOR_TO_NAT;
    case ORDO_OP_INT2BV: return Kind::INT_TO_BITVECTOR;
    case ORDO_OP_SELECT: return Kind::SELECT;
    case ORDO_OP_STORE: return Kind::STORE;
    case ORDO_OP__COUNT: break;
    }
    return Kind::UNDEFINED_KIND;
}

static Term make_app(cvc5::Solver &solver, ordo_smt_op op, const std::vector<Term> &a,
                     unsigned p1, unsigned p2)
{
    switch (op) {
    case ORDO_OP_AND:
    case ORDO_OP_OR:
        if (a.empty())
            return solver.mkBoolean(op == ORDO_OP_AND);
        if (a.size() == 1)
            return a[0].getSort().isBoolean() ? a[0] : solver.mkTerm(kind_of(op), a);
        break;
    case ORDO_OP_ADD:
    case ORDO_OP_MUL:
        if (a.size() == 1)
            return a[0].getSort().isInteger() ? a[0] : solver.mkTerm(kind_of(op), a);
        break;
    case ORDO_OP_EXTRACT:
        return solver.mkTerm(solver.mkOp(Kind::BITVECTOR_EXTRACT, { p1, p2 }), a);
    case ORDO_OP_ZEXT:
    case ORDO_OP_SEXT:
    case ORDO_OP_INT2BV:
        return solver.mkTerm(solver.mkOp(kind_of(op), { p1 }), a);
    default:
        break;
    }
    return solver.mkTerm(kind_of(op), a);
}

ordo_term cvc5_app(ordo_smt *s, ordo_smt_op op, unsigned n, const ordo_term *args,
                   unsigned p1, unsigned p2)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) -> ordo_term {
        const char *bad = ordo_smt_check_arity(op, n);
        if (bad) {
            cvc5_fail(st, bad);
            return NULL;
        }
        std::vector<Term> a;
        a.reserve(n);
        for (unsigned i = 0; i < n; i++) {
            if (!args[i]) {
                cvc5_fail(st, "NULL argument");
                return NULL;
            }
            a.push_back(term_of(args[i]));
        }
        return cvc5_handle(st, make_app(st.solver, op, a, p1, p2));
    });
}

ordo_term cvc5_quantifier(ordo_smt *s, bool forall, unsigned n, const ordo_term *bound,
                          ordo_term body)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) {
        return cvc5_handle(st, cvc5_bind(st.solver, forall, n, bound, term_of(body)));
    });
}

bool cvc5_term_to_int64(ordo_smt *s, ordo_term t, int64_t *out)
{
    if (!t)
        return false;
    return guarded(s, false, [&](cvc5_state &) {
        const Term &v = term_of(t);
        if (v.isBooleanValue()) {
            *out = v.getBooleanValue();
            return true;
        }
        if (v.isBitVectorValue()) {
            if (v.getSort().getBitVectorSize() > 64)
                return false;
            *out = (int64_t)std::strtoull(v.getBitVectorValue(10).c_str(), NULL, 10);
            return true;
        }
        if (v.isInt64Value()) {
            *out = v.getInt64Value();
            return true;
        }
        return false;
    });
}

char *cvc5_term_to_string(ordo_smt *s, ordo_term t)
{
    if (!t)
        return NULL;
    return guarded(s, (char *)NULL, [&](cvc5_state &) {
        return strdup(term_of(t).toString().c_str());
    });
}

} /* extern "C" */
