/* The front end over the shared corpus ($SV_BENCHMARKS): every program
 * either lowers or is reported unsupported / a parse error with one line,
 * and every lowered program keeps the invariant of ir.h: outside atomic
 * sections, each statement performs at most one shared access. Skipped
 * when the corpus is absent. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/ir.h>

static unsigned n_parsed, n_refused;

/* Atomic-section depth of each location of a procedure, by propagation
 * from the initial location along the edges. */
static void atomic_depths(const ordo_proc *pr, int *depth)
{
    for (unsigned l = 0; l < pr->n_locs; l++)
        depth[l] = -1;
    depth[pr->init_loc] = strncmp(pr->name, "__VERIFIER_atomic_", 18) ? 0 : 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned e = 0; e < pr->n_edges; e++) {
            const ordo_edge *ed = &pr->edges[e];
            if (depth[ed->from] < 0)
                continue;
            int d = depth[ed->from] + (ed->stmt->kind == ORDO_S_ATOMIC_BEGIN) -
                    (ed->stmt->kind == ORDO_S_ATOMIC_END && depth[ed->from] > 0);
            if (d > depth[ed->to]) {
                depth[ed->to] = d;
                changed = true;
            }
        }
    }
}

static void check_invariant(const ordo_program *p, const char *path)
{
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *pr = &p->procs[i];
        int *depth = malloc((pr->n_locs + 1) * sizeof *depth);
        atomic_depths(pr, depth);
        for (unsigned e = 0; e < pr->n_edges; e++) {
            const ordo_stmt *s = pr->edges[e].stmt;
            ordo_access acc[8];
            unsigned n = ordo_stmt_accesses(p, s, acc, 8);
            unsigned allowed = s->kind == ORDO_S_LOCK ? 2 : 1;
            if (n > allowed && depth[pr->edges[e].from] == 0)
                fail_msg("%s: %s edge %u -> %u (line %u) has %u shared accesses", path, pr->name,
                         pr->edges[e].from, pr->edges[e].to, s->line, n);
            assert_true(pr->edges[e].from < pr->n_locs && pr->edges[e].to < pr->n_locs);
        }
        free(depth);
    }
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)ftw;
    size_t n = strlen(path);
    if (type != FTW_F || n < 3 || (strcmp(path + n - 2, ".c") && strcmp(path + n - 2, ".i")))
        return 0;
    int status;
    char *err = NULL;
    ordo_program *p = ordo_frontend_parse(path, ORDO_DM_ILP32, &status, &err);
    if (!p) {
        assert_non_null(err);
        if (strncmp(err, "unsupported: ", 13) && strncmp(err, "parse error: ", 13))
            fail_msg("%s: bad message %s", path, err);
        assert_null(strchr(err, '\n'));
        free(err);
        n_refused++;
        return 0;
    }
    check_invariant(p, path);
    ordo_program_free(p);
    n_parsed++;
    return 0;
}

static void corpus_keeps_the_invariant(void **state)
{
    (void)state;
    const char *root = getenv("SV_BENCHMARKS");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/c", root ? root : "");
    if (!root || access(dir, R_OK) != 0)
        skip();
    assert_int_equal(nftw(dir, visit, 16, FTW_PHYS), 0);
    print_message("%u programs lowered, %u refused\n", n_parsed, n_refused);
    assert_true(n_parsed > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_keeps_the_invariant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
