/*
 * The solver-independent part of the SMT interface (<ordo/smt.h>): creating
 * an instance bound to the run's deadline, and small helpers shared by the
 * solver plugins (bounding checks by the deadline: smt_bound.c).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <ordo/plugin.h>
#include <ordo/smt_plugin.h>

ordo_smt *ordo_smt_create(const ordo_solver_factory *f, const ordo_smt_config *cfg)
{
    static const ordo_smt_config defaults;
    ordo_smt *s = f->ops->create(cfg ? cfg : &defaults);
    if (s)
        s->deadline = f->deadline;
    return s;
}

struct stat_lookup {
    const char *key;
    double value;
};

static void stat_lookup_visit(void *ud, const char *key, double value)
{
    struct stat_lookup *l = ud;
    if (strcmp(key, l->key) == 0)
        l->value = value;
}

double ordo_smt_stat(ordo_smt *s, const char *key)
{
    struct stat_lookup l = { key, 0.0 };
    ordo_smt_stats(s, stat_lookup_visit, &l);
    return l.value;
}

static void counters_visit(void *ud, const char *key, double value)
{
    ordo_smt_counters *c = ud;
    if (!strcmp(key, ORDO_SMT_STAT_DECISIONS))
        c->decisions += value;
    else if (!strcmp(key, ORDO_SMT_STAT_PROPAGATIONS))
        c->propagations += value;
    else if (!strcmp(key, ORDO_SMT_STAT_CONFLICTS))
        c->conflicts += value;
    else if (!strcmp(key, ORDO_SMT_STAT_RESTARTS))
        c->restarts += value;
}

void ordo_smt_counters_add(ordo_smt *s, ordo_smt_counters *c)
{
    ordo_smt_stats(s, counters_visit, c);
}

void ordo_smt_counters_sum(ordo_smt_counters *sum, const ordo_smt_counters *c)
{
    sum->decisions += c->decisions;
    sum->propagations += c->propagations;
    sum->conflicts += c->conflicts;
    sum->restarts += c->restarts;
}

void ordo_smt_counters_record(const ordo_smt_counters *c, ordo_stats *stats)
{
    ordo_stat_set(stats, ORDO_SMT_STAT_DECISIONS, c->decisions);
    ordo_stat_set(stats, ORDO_SMT_STAT_PROPAGATIONS, c->propagations);
    ordo_stat_set(stats, ORDO_SMT_STAT_CONFLICTS, c->conflicts);
    ordo_stat_set(stats, ORDO_SMT_STAT_RESTARTS, c->restarts);
}

const char *ordo_smt_result_name(ordo_smt_result r)
{
    switch (r) {
    case ORDO_SMT_UNSAT: return "unsat";
    case ORDO_SMT_SAT: return "sat";
    case ORDO_SMT_UNKNOWN: break;
    }
    return "unknown";
}

/* Arity of each operation: minimum and maximum number of arguments. */
#define ANY UINT_MAX
static const struct { const char *name; unsigned min, max; } op_arity[ORDO_OP__COUNT] = {
    [ORDO_OP_NOT] = { "not", 1, 1 },          [ORDO_OP_AND] = { "and", 0, ANY },
    [ORDO_OP_OR] = { "or", 0, ANY },          [ORDO_OP_XOR] = { "xor", 2, 2 },
    [ORDO_OP_IMPLIES] = { "=>", 2, 2 },       [ORDO_OP_ITE] = { "ite", 3, 3 },
    [ORDO_OP_EQ] = { "=", 2, 2 },             [ORDO_OP_DISTINCT] = { "distinct", 2, ANY },
    [ORDO_OP_ADD] = { "+", 1, ANY },          [ORDO_OP_SUB] = { "-", 2, 2 },
    [ORDO_OP_MUL] = { "*", 1, ANY },          [ORDO_OP_NEG] = { "neg", 1, 1 },
    [ORDO_OP_IDIV] = { "div", 2, 2 },         [ORDO_OP_IMOD] = { "mod", 2, 2 },
    [ORDO_OP_LT] = { "<", 2, 2 },             [ORDO_OP_LE] = { "<=", 2, 2 },
    [ORDO_OP_GT] = { ">", 2, 2 },             [ORDO_OP_GE] = { ">=", 2, 2 },
    [ORDO_OP_BVADD] = { "bvadd", 2, ANY },    [ORDO_OP_BVSUB] = { "bvsub", 2, 2 },
    [ORDO_OP_BVMUL] = { "bvmul", 2, ANY },    [ORDO_OP_BVNEG] = { "bvneg", 1, 1 },
    [ORDO_OP_BVUDIV] = { "bvudiv", 2, 2 },    [ORDO_OP_BVSDIV] = { "bvsdiv", 2, 2 },
    [ORDO_OP_BVUREM] = { "bvurem", 2, 2 },    [ORDO_OP_BVSREM] = { "bvsrem", 2, 2 },
    [ORDO_OP_BVAND] = { "bvand", 2, ANY },    [ORDO_OP_BVOR] = { "bvor", 2, ANY },
    [ORDO_OP_BVXOR] = { "bvxor", 2, ANY },    [ORDO_OP_BVNOT] = { "bvnot", 1, 1 },
    [ORDO_OP_BVSHL] = { "bvshl", 2, 2 },      [ORDO_OP_BVLSHR] = { "bvlshr", 2, 2 },
    [ORDO_OP_BVASHR] = { "bvashr", 2, 2 },    [ORDO_OP_BVULT] = { "bvult", 2, 2 },
    [ORDO_OP_BVULE] = { "bvule", 2, 2 },      [ORDO_OP_BVUGT] = { "bvugt", 2, 2 },
    [ORDO_OP_BVUGE] = { "bvuge", 2, 2 },      [ORDO_OP_BVSLT] = { "bvslt", 2, 2 },
    [ORDO_OP_BVSLE] = { "bvsle", 2, 2 },      [ORDO_OP_BVSGT] = { "bvsgt", 2, 2 },
    [ORDO_OP_BVSGE] = { "bvsge", 2, 2 },      [ORDO_OP_CONCAT] = { "concat", 2, 2 },
    [ORDO_OP_EXTRACT] = { "extract", 1, 1 },  [ORDO_OP_ZEXT] = { "zero_extend", 1, 1 },
    [ORDO_OP_SEXT] = { "sign_extend", 1, 1 }, [ORDO_OP_BV2NAT] = { "bv2nat", 1, 1 },
    [ORDO_OP_INT2BV] = { "int2bv", 1, 1 },    [ORDO_OP_SELECT] = { "select", 2, 2 },
    [ORDO_OP_STORE] = { "store", 3, 3 },
};

const char *ordo_smt_check_arity(ordo_smt_op op, unsigned n)
{
    static __thread char msg[96];
    if ((unsigned)op >= ORDO_OP__COUNT || !op_arity[op].name)
        return "unknown SMT operation";
    if (n >= op_arity[op].min && n <= op_arity[op].max)
        return NULL;
    if (op_arity[op].max == ANY)
        snprintf(msg, sizeof msg, "%s: %u arguments given, at least %u expected",
                 op_arity[op].name, n, op_arity[op].min);
    else
        snprintf(msg, sizeof msg, "%s: %u arguments given, %u expected",
                 op_arity[op].name, n, op_arity[op].min);
    return msg;
}

const ordo_stat_desc ordo_smt_stat_descs[] = {
    { ORDO_SMT_STAT_DECISIONS, "count", "decisions of the solver's SAT core" },
    { ORDO_SMT_STAT_PROPAGATIONS, "count", "Boolean propagations" },
    { ORDO_SMT_STAT_CONFLICTS, "count", "conflicts" },
    { ORDO_SMT_STAT_RESTARTS, "count", "restarts" },
    { ORDO_SMT_STAT_MEMORY_MB, "MB", "memory in use by the solver (see the plugin)" },
    { NULL, NULL, NULL },
};
