/*
 * cvc5 plugin: quantifier elimination and Craig interpolation, each in a
 * helper solver of its own so that the instance's assertions take no part
 * (cvc5 computes both modulo the current assertions). Terms are shared:
 * all cvc5 solvers of a thread use one term manager.
 *
 * Interpolation: cvc5's get-interpolant (SyGuS) finds I with A => I and
 * I => C. Its default grammar may use every symbol of A and C, so it is
 * asked for the equivalent problem over the shared symbols only:
 *     A' = exists (locals of A). A,   C = forall (locals of B). not B
 * (for I over shared symbols, A => I iff A' => I, and I => not B iff
 * I => C). It is asked only after A /\ B has been checked unsat; each answer
 * is checked to be over shared symbols. When SyGuS finds none within the
 * time limit (the check's budget, else 10 s), the strongest interpolant
 * exists (locals of A). A is computed by quantifier elimination instead.
 */
#include <unordered_set>
#include <vector>

#include "cvc5_solver.h"

using cvc5::Kind;
using cvc5::Term;

enum { SYGUS_DEFAULT_LIMIT_MS = 10000 };

/* The distinct sub-terms of root, visited once each; stops when visit
 * returns false. */
template <typename F> static void walk(const Term &root, F visit)
{
    std::unordered_set<Term> seen;
    std::vector<Term> todo = { root };
    while (!todo.empty()) {
        Term t = todo.back();
        todo.pop_back();
        if (!seen.insert(t).second)
            continue;
        if (!visit(t))
            return;
        for (size_t i = 0; i < t.getNumChildren(); i++)
            todo.push_back(t[i]);
    }
}

static bool quantifier_free(const Term &root)
{
    bool found = false;
    walk(root, [&](const Term &t) {
        found = t.getKind() == Kind::FORALL || t.getKind() == Kind::EXISTS;
        return !found;
    });
    return !found;
}

/* The free constants (declared symbols) of t. */
static std::unordered_set<Term> symbols(const Term &root)
{
    std::unordered_set<Term> syms;
    walk(root, [&](const Term &t) {
        if (t.getKind() == Kind::CONSTANT)
            syms.insert(t);
        return true;
    });
    return syms;
}

/* The symbols of `of` that `other` lacks, as handles for cvc5_bind(). */
static std::vector<ordo_term> locals(cvc5_state &st, const std::unordered_set<Term> &of,
                                     const std::unordered_set<Term> &other)
{
    std::vector<ordo_term> out;
    for (const Term &t : of)
        if (!other.count(t))
            out.push_back(cvc5_handle(st, t));
    return out;
}

/* A helper solver bounded like a check of the instance (cap_ms when the
 * instance has no bound); false when the deadline has passed. */
static bool configure_helper(ordo_smt *s, cvc5::Solver &helper, bool interpolants,
                             unsigned cap_ms)
{
    unsigned budget;
    if (!ordo_smt_check_budget(s, state_of(s).timeout_ms, &budget))
        return false;
    if (interpolants)
        helper.setOption("produce-interpolants", "true");
    cvc5_configure(helper, NULL, budget ? budget : cap_ms);
    return true;
}

/* exists vars. body without quantifiers, or a null term. */
static Term project(ordo_smt *s, const std::vector<ordo_term> &vars, const Term &body)
{
    cvc5::Solver helper;
    if (!configure_helper(s, helper, false, 0))
        return Term();
    if (vars.empty())
        return body;
    Term q = cvc5_bind(helper, false, (unsigned)vars.size(), vars.data(), body);
    Term qf;
    try {
        qf = helper.getQuantifierElimination(q);
    } catch (const cvc5::CVC5ApiException &) {
        return Term(); /* not eliminable here: no result, instance intact */
    }
    return !qf.isNull() && quantifier_free(qf) ? qf : Term();
}

/* cvc5's own interpolant over the shared symbols, or a null term. */
static Term sygus_interpolant(cvc5::Solver &helper, const Term &a, const Term &b,
                              const std::vector<ordo_term> &local_a,
                              const std::vector<ordo_term> &local_b,
                              const std::unordered_set<Term> &shared)
{
    Term not_b = helper.mkTerm(Kind::NOT, { b });
    helper.assertFormula(local_a.empty() ? a
                         : cvc5_bind(helper, false, (unsigned)local_a.size(), local_a.data(), a));
    Term goal = local_b.empty()
        ? not_b : cvc5_bind(helper, true, (unsigned)local_b.size(), local_b.data(), not_b);
    Term itp;
    try {
        itp = helper.getInterpolant(goal);
    } catch (const cvc5::CVC5ApiException &) {
        return Term();
    }
    if (itp.isNull())
        return itp;
    for (const Term &sym : symbols(itp))
        if (!shared.count(sym))
            return Term();
    return itp;
}

extern "C" {

ordo_term cvc5_eliminate(ordo_smt *s, unsigned n, const ordo_term *vars, ordo_term body)
{
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) -> ordo_term {
        Term qf = project(s, std::vector<ordo_term>(vars, vars + n), term_of(body));
        return qf.isNull() ? NULL : cvc5_handle(st, qf);
    });
}

ordo_term cvc5_interpolant(ordo_smt *s, ordo_term a, ordo_term b)
{
    if (!a || !b)
        return NULL;
    return guarded(s, (ordo_term)NULL, [&](cvc5_state &st) -> ordo_term {
        cvc5::Solver helper;
        if (!configure_helper(s, helper, true, SYGUS_DEFAULT_LIMIT_MS))
            return NULL;
        const Term &ta = term_of(a), &tb = term_of(b);
        helper.push();
        helper.assertFormula(ta);
        helper.assertFormula(tb);
        bool unsat = helper.checkSat().isUnsat();
        helper.pop();
        if (!unsat)
            return NULL;
        std::unordered_set<Term> syms_a = symbols(ta), syms_b = symbols(tb), shared;
        for (const Term &t : syms_a)
            if (syms_b.count(t))
                shared.insert(t);
        std::vector<ordo_term> local_a = locals(st, syms_a, syms_b);
        std::vector<ordo_term> local_b = locals(st, syms_b, syms_a);
        Term itp = sygus_interpolant(helper, ta, tb, local_a, local_b, shared);
        if (itp.isNull())
            itp = project(s, local_a, ta);
        return itp.isNull() ? NULL : cvc5_handle(st, itp);
    });
}

} /* extern "C" */
