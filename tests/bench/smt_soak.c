/*
 * Soak test of the solver plugins: N create / assert / check / model /
 * stats / destroy cycles per plugin, meant to run under AddressSanitizer
 * (`make smt-soak`): any memory a cycle keeps is reported as a leak at exit,
 * and the resident size is printed every 1000 cycles to show growth.
 *   usage: smt_soak [CYCLES] [PLUGIN...]   (default 10000 z3 cvc5)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/smt.h>

#include "../support/smt_load.h"

static void count_stat(void *ud, const char *key, double value)
{
    (void)key;
    (void)value;
    ++*(unsigned *)ud;
}

static long resident_kb(void)
{
    long pages = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        fclose(f);
    }
    return rss * 4;
}

/* One cycle: a small BV + array + Int problem, sat then unsat. */
static int cycle(const ordo_solver_factory *f, unsigned i)
{
    ordo_smt_config cfg = { .timeout_ms = 5000, .produce_cores = true };
    ordo_smt *s = ordo_smt_create(f, &cfg);
    if (!s)
        return 1;
    ordo_sort bv = ordo_smt_bv_sort(s, 32);
    ordo_term x = ordo_smt_var(s, "x", bv), y = ordo_smt_var(s, "y", bv);
    ordo_term mem = ordo_smt_var(s, "m", ordo_smt_array_sort(s, bv, bv));
    ordo_term args[3] = { mem, x, y };
    ordo_term stored = ordo_smt_app(s, ORDO_OP_STORE, 3, args);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_EQ, ordo_smt_app2(s, ORDO_OP_BVADD, x, y),
                                     ordo_smt_bv(s, i, 32)));
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVULT, x, y));
    ordo_term p = ordo_smt_var(s, "p", ordo_smt_bool_sort(s));
    /* x != y: the store at x leaves y alone */
    ordo_term read_y = ordo_smt_app2(s, ORDO_OP_SELECT, stored, y);
    ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_IMPLIES, p,
                                     ordo_smt_app2(s, ORDO_OP_EQ, read_y,
                                                   ordo_smt_app2(s, ORDO_OP_SELECT, mem, y))));
    int bad = ordo_smt_check_assuming(s, 1, &p) != ORDO_SMT_SAT;
    if (!bad) {
        ordo_term v = ordo_smt_eval(s, x, true);
        char *text = ordo_smt_to_string(s, v);
        free(text);
        unsigned n = 0;
        ordo_smt_stats(s, count_stat, &n);
        ordo_smt_push(s);
        ordo_smt_assert(s, ordo_smt_app2(s, ORDO_OP_BVULT, y, x));
        bad = ordo_smt_check(s) != ORDO_SMT_UNSAT;
        ordo_smt_pop(s, 1);
    }
    if (bad)
        fprintf(stderr, "cycle %u: unexpected result (%s)\n", i, ordo_smt_reason_unknown(s));
    ordo_smt_destroy(s);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned cycles = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 10000;
    static const char *const defaults[] = { "z3", "cvc5" };
    const char *const *names = argc > 2 ? (const char *const *)argv + 2 : defaults;
    int n_names = argc > 2 ? argc - 2 : 2;
    int failures = 0;
    for (int k = 0; k < n_names; k++) {
        ordo_solver_factory f;
        if (!smt_load_plugin(names[k], &f)) {
            printf("%s: not built, skipped\n", names[k]);
            continue;
        }
        long start_kb = resident_kb();
        for (unsigned i = 1; i <= cycles; i++) {
            failures += cycle(&f, i);
            if (i % 1000 == 0 || i == cycles)
                printf("%s: %u cycles, resident %ld kB (start %ld kB)\n", f.name, i,
                       resident_kb(), start_kb);
            fflush(stdout);
        }
    }
    printf("%d failed cycles\n", failures);
    return failures != 0;
}
