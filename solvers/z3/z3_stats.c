/*
 * z3 plugin: statistics. Z3's keys differ by engine (SMT core: "decisions",
 * "propagations", ...; SAT core behind tactics: "sat decisions", ...); the
 * harmonized solver.* keys sum both. Raw keys are reported as "z3.KEY" with
 * spaces turned into '_' (e.g. "z3.sat_decisions").
 */
#include <stdio.h>
#include <string.h>

#include "z3_solver.h"

enum { DECISIONS, PROPAGATIONS, CONFLICTS, RESTARTS, N_SUMMED };

/* Which harmonized sum a raw Z3 key adds to, or -1. */
static int harmonized_index(const char *key)
{
    static const struct { const char *key; int index; } map[] = {
        { "decisions", DECISIONS },       { "sat decisions", DECISIONS },
        { "propagations", PROPAGATIONS }, { "binary propagations", PROPAGATIONS },
        { "sat propagations 2ary", PROPAGATIONS },
        { "sat propagations nary", PROPAGATIONS },
        { "conflicts", CONFLICTS },       { "sat conflicts", CONFLICTS },
        { "restarts", RESTARTS },         { "sat restarts", RESTARTS },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(key, map[i].key) == 0)
            return map[i].index;
    return -1;
}

static void report_raw(ordo_smt_stat_fn fn, void *ud, const char *key, double value)
{
    char name[128];
    int len = snprintf(name, sizeof name, "z3.%s", key);
    for (int i = 3; i < len && i < (int)sizeof name; i++)
        if (name[i] == ' ')
            name[i] = '_';
    fn(ud, name, value);
}

void z3_stats(ordo_smt *base, ordo_smt_stat_fn fn, void *ud)
{
    z3_smt *s = z3_of(base);
    double sums[N_SUMMED] = { 0 };
    double memory_mb = 0, max_memory_mb = 0;
    Z3_stats st = s->error ? NULL : Z3_solver_get_statistics(s->ctx, s->solver);
    if (st) {
        Z3_stats_inc_ref(s->ctx, st);
        unsigned n = Z3_stats_size(s->ctx, st);
        for (unsigned i = 0; i < n; i++) {
            const char *key = Z3_stats_get_key(s->ctx, st, i);
            double v = Z3_stats_is_uint(s->ctx, st, i) ? Z3_stats_get_uint_value(s->ctx, st, i)
                                                       : Z3_stats_get_double_value(s->ctx, st, i);
            int h = harmonized_index(key);
            if (h >= 0)
                sums[h] += v;
            else if (strcmp(key, "memory") == 0)
                memory_mb = v;
            else if (strcmp(key, "max memory") == 0)
                max_memory_mb = v;
            report_raw(fn, ud, key, v);
        }
        Z3_stats_dec_ref(s->ctx, st);
    }
    fn(ud, ORDO_SMT_STAT_DECISIONS, sums[DECISIONS]);
    fn(ud, ORDO_SMT_STAT_PROPAGATIONS, sums[PROPAGATIONS]);
    fn(ud, ORDO_SMT_STAT_CONFLICTS, sums[CONFLICTS]);
    fn(ud, ORDO_SMT_STAT_RESTARTS, sums[RESTARTS]);
    /* Z3's allocator is process-wide: its peak when known, else current. */
    fn(ud, ORDO_SMT_STAT_MEMORY_MB, max_memory_mb > 0 ? max_memory_mb : memory_mb);
}
