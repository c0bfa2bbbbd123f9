/* Unit tests of tasks and task lists (harness/task.c, harness/task_list.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include <ordo/ir.h>

#include "../../harness/task.h"
#include "tmpfile.h"

static char dir[] = "/tmp/ordo-test-task.XXXXXX";

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    free(write_file(dir, "p.c", "int main(void) { return 0; }\n"));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return remove_tree(dir);
}

static const char good[] = "format_version: '2.0'\n"
                           "input_files: 'p.c'\n"
                           "properties:\n"
                           "  - property_file: ../properties/no-data-race.prp\n"
                           "    expected_verdict: true\n"
                           "  - property_file: ../properties/unreach-call.prp\n"
                           "    expected_verdict: false\n"
                           "options:\n"
                           "  language: C\n"
                           "  data_model: LP64\n";

static void reads_a_task(void **state)
{
    (void)state;
    char *yml = write_file(dir, "good.yml", good), *err = NULL;
    task t;
    assert_int_equal(task_load(&t, yml, "good.yml", &err), TASK_OK);
    assert_null(err);
    assert_int_equal(t.expected, EXPECT_FALSE);
    assert_int_equal(t.data_model, ORDO_DM_LP64);
    assert_non_null(strstr(t.program, "/p.c"));
    assert_string_equal(t.name, "good.yml");
    task_free(&t);
    free(yml);
}

static void expect_malformed(const char *text, const char *message_end)
{
    char *yml = write_file(dir, "bad.yml", text), *err = NULL;
    task t;
    assert_int_equal(task_load(&t, yml, "bad.yml", &err), TASK_MALFORMED);
    assert_non_null(err);
    assert_non_null(strstr(err, "bad.yml:"));
    size_t n = strlen(err), m = strlen(message_end);
    assert_true(n >= m);
    assert_string_equal(err + n - m, message_end);
    free(err);
    free(yml);
}

static void reports_bad_tasks_with_lines(void **state)
{
    (void)state;
    expect_malformed("input_files: 'p.c'\nproperties:\n  - property_file: x/unreach-call.prp\n"
                     "    expected_verdict: perhaps\n",
                     ":4: expected_verdict must be true or false, not 'perhaps'");
    expect_malformed("input_files: 'nope.c'\nproperties:\n  - property_file: unreach-call.prp\n"
                     "    expected_verdict: true\n",
                     "nope.c not found");
    expect_malformed("input_files: 'p.c'\nproperties:\n  - property_file: unreach-call.prp\n"
                     "    expected_verdict: true\noptions: {data_model: LP32}\n",
                     ":5: data_model must be ILP32 or LP64, not 'LP32'");
    expect_malformed("input_files: [a.c, b.c]\nproperties:\n  - property_file: unreach-call.prp\n"
                     "    expected_verdict: true\n",
                     ":1: input_files must name one file");
    expect_malformed("- just\n- a list\n", ":1: not a task definition (expected a mapping)");
    expect_malformed("a: [b\n", "did not find expected ',' or ']'");
}

static void skips_tasks_without_unreach_call(void **state)
{
    (void)state;
    char *yml = write_file(dir, "race.yml",
                           "input_files: 'p.c'\nproperties:\n"
                           "  - property_file: no-data-race.prp\n    expected_verdict: true\n"),
         *err = NULL;
    task t;
    assert_int_equal(task_load(&t, yml, "race.yml", &err), TASK_NO_PROPERTY);
    assert_null(err);
    free(yml);
}

static void names_are_relative_to_the_roots(void **state)
{
    (void)state;
    task_roots r;
    char *sub = malloc(strlen(dir) + 8);
    sprintf(sub, "%s/c", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    free(write_file(sub, "x.yml", good));
    task_roots_init(&r, dir, "/"); /* the corpus's c/ folder is its task root */
    char *path = malloc(strlen(sub) + 8);
    sprintf(path, "%s/x.yml", sub);
    char *name = task_name(&r, path);
    assert_string_equal(name, "x.yml");
    free(name);
    task_roots_free(&r);
    task_roots_init(&r, "/nonexistent", dir);
    name = task_name(&r, path);
    assert_string_equal(name, "c/x.yml");
    free(name);
    task_roots_free(&r);
    free(path);
    free(sub);
}

static void set_files_globs_and_filters(void **state)
{
    (void)state;
    free(write_file(dir, "a1.yml", good));
    free(write_file(dir, "a2.yml", good));
    free(write_file(dir, "b1.yml", good));
    free(write_file(dir, "s.set", "# comment\n\n  a*.yml   # trailing comment\nb1.yml\na1.yml\nzz*.yml\n"));
    task_roots r;
    task_roots_init(&r, NULL, dir);
    task_list l = { 0 };
    char *err = NULL;
    assert_true(task_list_add(&l, &r, "s.set", dir, &err));
    assert_true(task_list_finish(&l, NULL, NULL, &err));
    assert_int_equal(l.n, 3); /* a1 once */
    assert_string_equal(l.tasks[0].name, "a1.yml");
    assert_string_equal(l.tasks[2].name, "b1.yml");
    assert_int_equal(l.n_errors, 1);
    assert_non_null(strstr(l.errors[0], "s.set:6: 'zz*.yml' matches no task"));
    task_list_free(&l);

    assert_true(task_list_add(&l, &r, "*.yml", dir, &err));
    assert_true(task_list_finish(&l, "^a", "2", &err));
    assert_int_equal(l.n, 1);
    assert_string_equal(l.tasks[0].name, "a1.yml");
    task_list_free(&l);

    assert_false(task_list_add(&l, &r, "missing.set", dir, &err));
    assert_non_null(strstr(err, "missing.set:0: cannot read set file"));
    free(err);
    assert_false(task_list_finish(&l, "[", NULL, &err));
    assert_non_null(strstr(err, "bad --include regex '['"));
    free(err);
    task_list_free(&l);
    task_roots_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_a_task),
        cmocka_unit_test(reports_bad_tasks_with_lines),
        cmocka_unit_test(skips_tasks_without_unreach_call),
        cmocka_unit_test(names_are_relative_to_the_roots),
        cmocka_unit_test(set_files_globs_and_filters),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
