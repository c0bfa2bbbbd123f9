/*
 * Internal state of the cvc5 solver plugin, shared by its files.
 *
 * cvc5 terms and sorts are C++ values; the instance keeps each distinct one
 * once (hash-consed) in a deque and hands out pointers to them, so equal
 * terms have equal handles and handles stay valid until the instance dies.
 * Every entry point catches every exception (guarded()) and turns it into
 * the failed-instance state of <ordo/smt.h>.
 */
#ifndef ORDO_CVC5_SOLVER_H
#define ORDO_CVC5_SOLVER_H

#include <atomic>
#include <deque>
#include <exception>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include <cvc5/cvc5.h>

#include <ordo/smt_plugin.h>

struct cvc5_state {
    cvc5::Solver solver;
    std::deque<cvc5::Term> terms;
    std::unordered_map<cvc5::Term, ordo_term> term_handles;
    std::deque<cvc5::Sort> sorts;
    std::unordered_map<cvc5::Sort, ordo_sort> sort_handles;
    std::map<std::pair<std::string, cvc5::Sort>, ordo_term> named; /* var() */
    std::string error;      /* empty while healthy */
    std::string reason;     /* of the last UNKNOWN */
    unsigned timeout_ms = 0;
    unsigned applied_timeout = 0; /* "tlimit-per" now (0 = none) */
    unsigned scopes = 0;          /* pushes not yet popped */
    bool model_ready = false;     /* the last check was SAT, nothing changed */
    bool produce_cores = false;
    std::atomic<bool> interrupted{ false };
};

/* Standard layout: the interface's header first, the C++ state behind it. */
struct cvc5_smt {
    ordo_smt base;
    cvc5_state *st;
};

static inline cvc5_state &state_of(ordo_smt *s) { return *reinterpret_cast<cvc5_smt *>(s)->st; }

static inline const cvc5::Term &term_of(ordo_term t) { return *reinterpret_cast<cvc5::Term *>(t); }
static inline const cvc5::Sort &sort_of(ordo_sort s) { return *reinterpret_cast<cvc5::Sort *>(s); }

/* The handle of t in st (adds t once). */
ordo_term cvc5_handle(cvc5_state &st, const cvc5::Term &t);
ordo_sort cvc5_sort_handle(cvc5_state &st, const cvc5::Sort &s);

void cvc5_fail(cvc5_state &st, const char *what);

/* Runs body unless the instance failed; an exception fails it. */
template <typename R, typename F> R guarded(ordo_smt *s, R on_error, F body)
{
    cvc5_state &st = state_of(s);
    if (!st.error.empty())
        return on_error;
    try {
        return body(st);
    } catch (const std::exception &e) {
        cvc5_fail(st, e.what());
    } catch (...) {
        cvc5_fail(st, "unknown exception from cvc5");
    }
    return on_error;
}

/* A new solver with the options every instance and helper solver shares. */
void cvc5_configure(cvc5::Solver &solver, const char *logic, unsigned timeout_ms);

/* Entries of the ops table (cvc5_plugin.cpp), by file. */
extern "C" {
/* cvc5_terms.cpp */
ordo_sort cvc5_bool_sort(ordo_smt *s);
ordo_sort cvc5_int_sort(ordo_smt *s);
ordo_sort cvc5_bv_sort(ordo_smt *s, unsigned width);
ordo_sort cvc5_array_sort(ordo_smt *s, ordo_sort index, ordo_sort elem);
ordo_term cvc5_bool_val(ordo_smt *s, bool v);
ordo_term cvc5_int_val(ordo_smt *s, int64_t v);
ordo_term cvc5_bv_val(ordo_smt *s, uint64_t v, unsigned width);
ordo_term cvc5_numeral(ordo_smt *s, const char *decimal, ordo_sort sort);
ordo_term cvc5_const_array(ordo_smt *s, ordo_sort index, ordo_term value);
ordo_term cvc5_var(ordo_smt *s, const char *name, ordo_sort sort);
ordo_term cvc5_app(ordo_smt *s, ordo_smt_op op, unsigned n, const ordo_term *args,
                   unsigned p1, unsigned p2);
ordo_term cvc5_quantifier(ordo_smt *s, bool forall, unsigned n, const ordo_term *bound,
                          ordo_term body);
bool cvc5_term_to_int64(ordo_smt *s, ordo_term t, int64_t *out);
char *cvc5_term_to_string(ordo_smt *s, ordo_term t);
/* cvc5_qe.cpp */
ordo_term cvc5_eliminate(ordo_smt *s, unsigned n, const ordo_term *vars, ordo_term body);
ordo_term cvc5_interpolant(ordo_smt *s, ordo_term a, ordo_term b);
}

/* exists / forall over constants: cvc5 binds variables, so the constants
 * are replaced by fresh bound variables of the same names (cvc5_terms.cpp). */
cvc5::Term cvc5_bind(cvc5::Solver &solver, bool forall, unsigned n, const ordo_term *bound,
                     const cvc5::Term &body);

#endif
