/* Unit tests of benchmark configurations (harness/config.c, run_config.c),
 * validated against the selftest engine of the build tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../harness/config.h"
#include "tmpfile.h"

static char dir[] = "/tmp/ordo-test-config.XXXXXX";
static ordo_plugin_set plugins;

static int setup(void **state)
{
    (void)state;
    ordo_plugins_discover(&plugins);
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ordo_plugins_close(&plugins);
    return remove_tree(dir);
}

static const char matrix[] = "benchmark: m\n"
                             "tasks: [a.set, '$CORPUS/x/*.yml']\n"
                             "limits: {cpu_time: 5, memory: 512}\n"
                             "jobs: 2\n"
                             "runs:\n"
                             "  - name: base\n"
                             "    engine: selftest\n"
                             "    options: {verdict: 'true', sleep-ms: 5}\n"
                             "  - name: '{verdict}+{spin-ms}'\n"
                             "    engine: selftest\n"
                             "    options: {sleep-ms: 1}\n"
                             "    matrix: {verdict: ['true', 'false'], spin-ms: [0, 10, 20]}\n"
                             "  - name: plain\n"
                             "    engine: selftest\n"
                             "    matrix: {crash: [none, SIGSEGV]}\n";

static void expands_the_matrix(void **state)
{
    (void)state;
    char *path = write_file(dir, "m.yml", matrix), *err = NULL;
    bench_config c;
    assert_true(bench_config_load(&c, path, &plugins, &err));
    assert_null(err);
    assert_string_equal(c.benchmark, "m");
    assert_int_equal(c.jobs, 2);
    assert_true(c.limits.cpu_s == 5);
    assert_true(c.limits.wall_s == default_wall_s(5));
    assert_true(default_wall_s(5) == 15);
    assert_int_equal(c.limits.memory_mb, 512);
    assert_int_equal(c.n_tasks, 2);
    assert_string_equal(c.tasks[1], "$CORPUS/x/*.yml");
    assert_int_equal(c.n_runs, 1 + 6 + 2);
    assert_string_equal(c.runs[0].name, "base");
    assert_string_equal(c.runs[1].name, "true+0");
    assert_string_equal(c.runs[3].name, "true+20");
    assert_string_equal(c.runs[6].name, "false+20");
    assert_string_equal(c.runs[7].name, "plain:crash=none");
    assert_string_equal(c.runs[8].name, "plain:crash=SIGSEGV");
    /* matrix values on top of the run's options; every option listed, sorted, with solver */
    assert_string_equal(c.runs[6].options_text,
                        "alloc-mb=0;bound=-1;crash=none;fork-spin=false;print-kb=0;print=;"
                        "sleep-ms=1;solver=z3;spin-checks-deadline=false;spin-ms=20;stats=;"
                        "verdict=false");
    assert_true(ordo_opt_is(c.runs[0].options, "verdict", "true"));
    assert_int_equal(ordo_opt_int(c.runs[0].options, "sleep-ms"), 5);
    assert_non_null(strstr(c.text, "matrix:"));
    bench_config_free(&c);
    free(path);
}

/* The config `text` is refused with `message` after "e.yml:"; a message
 * ending in "..." need only be a prefix (lists that grow with the plugins
 * built). */
static void expect_error(const char *text, const char *message)
{
    char *path = write_file(dir, "e.yml", text), *err = NULL;
    bench_config c;
    assert_false(bench_config_load(&c, path, &plugins, &err));
    assert_non_null(err);
    const char *at = strstr(err, "e.yml:");
    assert_non_null(at);
    size_t n = strlen(message);
    if (n > 3 && !strcmp(message + n - 3, "..."))
        assert_memory_equal(at + strlen("e.yml:"), message, n - 3);
    else
        assert_string_equal(at + strlen("e.yml:"), message);
    free(err);
    bench_config_free(&c);
    free(path);
}

static void rejects_bad_configs_with_one_line(void **state)
{
    (void)state;
    /* the first two lines of most of the configurations below */
#define HEAD "benchmark: b\ntasks: [x.set]\n"
    expect_error(HEAD "runs:\n  - {name: a, engine: nope}\n",
                 "4: unknown engine 'nope' (engines: ...");
    expect_error(HEAD "runs:\n  - name: a\n    engine: selftest\n    matrix: {verdict: [maybe]}\n",
                 "4: bad value 'maybe' for option 'verdict' of engine selftest (allowed: true, false, unknown, error, unsupported)");
    expect_error(HEAD "runs:\n  - name: a\n    engine: selftest\n    matrix: {verdict: []}\n",
                 "6: a matrix entry must be option: [value, ...]");
    expect_error(HEAD "runs:\n  - {name: a, engine: selftest, colour: red}\n",
                 "4: unknown key 'colour' in a run (keys: name, engine, options, matrix)");
    expect_error(HEAD "runs: []\n", "3: runs must be a non-empty list");
    expect_error(HEAD "jobs: 0\nruns:\n  - {name: a, engine: selftest}\n",
                 "3: jobs must be at least 1");
    expect_error("benchmark: a/b\n", "1: benchmark must be a name (no '/')");
    expect_error("tasks: []\n", "1: benchmark must be a name (no '/')");
    expect_error("benchmark: b\ntasks: []\nruns:\n  - {name: a, engine: selftest}\n",
                 "2: tasks must be a list of set files or globs");
    expect_error("", "1: empty configuration");
    expect_error("benchmark: b\nlimits: {cpu: 3}\n",
                 "2: unknown key 'cpu' in limits (keys: cpu_time, wall_time, memory)");
#undef HEAD
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(expands_the_matrix),
        cmocka_unit_test(rejects_bad_configs_with_one_line),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
