/* C semantics of the front end's lowering, checked by running the IR on
 * the interpreter (bit-vector arithmetic): each program computes values
 * and calls reach_error() when one differs from what C gives; a correct
 * lowering runs to the end without reaching the error. A second program
 * per test checks that a wrong expectation is caught. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ordo/interp.h>
#include <ordo/trace.h>

#include "frontend_util.h"

#define PRELUDE "void reach_error(void);\n#define check(c) do { if (!(c)) reach_error(); } while (0)\n"

static ordo_sim_result run(const char *body)
{
    char *src = malloc(strlen(PRELUDE) + strlen(body) + 1);
    strcpy(src, PRELUDE);
    strcat(src, body);
    int status;
    char *err = NULL;
    ordo_program *p = parse_source(src, ".c", ORDO_DM_ILP32, &status, &err);
    free(src);
    if (!p)
        fail_msg("parse failed: %s", err ? err : "?");
    ordo_trace *t = ordo_trace_new();
    ordo_sim_result r = ordo_simulate_run(p, ORDO_ARITH_BV, 1, 100000, t);
    ordo_trace_free(t);
    ordo_program_free(p);
    return r;
}

static void expect_c_semantics(const char *body)
{
    ordo_sim_result r = run(body);
    if (r != ORDO_SIM_FINISHED)
        fail_msg("result %d (error %d) for:\n%s", (int)r, (int)ORDO_SIM_ERROR, body);
}

static void integer_conversions(void **state)
{
    (void)state;
    expect_c_semantics("int main(void) {\n"
                       "  unsigned char c = 255; c++; check(c == 0);\n"
                       "  signed char s = 127; s = s + 1; check(s == -128);\n"
                       "  unsigned u = 0; u = u - 1; check(u == 4294967295u);\n"
                       "  int i = -7; check(i / 2 == -3 && i % 2 == -1);\n"
                       "  check((unsigned)i > 100u); check(-1 < 0); check(-1 > 0u);\n"
                       "  long long l = 1; int k = 40; check((l << k) == 1099511627776LL);\n"
                       "  check((i >> 1) == -4); check((~0u >> 31) == 1);\n"
                       "  _Bool b = 5; check(b == 1); b = 0; check(!b);\n"
                       "  short h = -1; unsigned short uh = h; check(uh == 65535);\n"
                       "  check(sizeof(long) == 4 && sizeof(void *) == 4);\n"
                       "  return 0; }\n");
    assert_int_equal(run("int main(void) { unsigned char c = 255; c++; check(c == 256); return 0; }\n"),
                     ORDO_SIM_ERROR);
}

static void side_effects_and_short_circuit(void **state)
{
    (void)state;
    expect_c_semantics("int g, h;\n"
                       "int bump(void) { return ++g; }\n"
                       "int main(void) {\n"
                       "  int x = 0;\n"
                       "  if (x && bump()) check(0);\n"
                       "  check(g == 0);\n"
                       "  if (x || bump()) check(g == 1); else check(0);\n"
                       "  int y = x++ + 10; check(y == 10 && x == 1);\n"
                       "  y = ++x * 2; check(y == 4 && x == 2);\n"
                       "  g = h = 7; check(g == 7 && h == 7);\n"
                       "  g += h -= 2; check(h == 5 && g == 12);\n"
                       "  y = g > 10 ? bump() : -1; check(y == 13 && g == 13);\n"
                       "  y = (g = 1, g + 1); check(y == 2);\n"
                       "  return 0; }\n");
}

static void aggregates_and_pointers(void **state)
{
    (void)state;
    expect_c_semantics("struct S { int a; int b[2]; } s1 = { 1, { 2, 3 } }, s2;\n"
                       "int m[2][2] = { { 1 }, { 2, 3 } };\n"
                       "int main(void) {\n"
                       "  check(m[0][0] == 1 && m[0][1] == 0 && m[1][0] == 2 && m[1][1] == 3);\n"
                       "  s2 = s1; check(s2.b[1] == 3);\n"
                       "  struct S *p = &s2; p->b[0] = 9; check(s2.b[0] == 9 && s1.b[0] == 2);\n"
                       "  int *q = &m[0][0]; q += 3; check(*q == 3); check(q - &m[0][0] == 3);\n"
                       "  int loc[3] = { 5 }; check(loc[0] == 5 && loc[1] == 0 && loc[2] == 0);\n"
                       "  char str[4] = \"ab\"; check(str[1] == 'b' && str[2] == 0);\n"
                       "  int *r = &loc[1]; *r++ = 4; *r = 6; check(loc[1] == 4 && loc[2] == 6);\n"
                       "  int v = 1; int *pv = &v; *pv += 2; check(v == 3);\n"
                       "  return 0; }\n");
}

static void heap_and_functions(void **state)
{
    (void)state;
    expect_c_semantics("#include <stdlib.h>\n"
                       "struct node { int val; struct node *next; };\n"
                       "int sum(struct node *n) { int s = 0; while (n) { s += n->val; n = n->next; } return s; }\n"
                       "int twice(int x) { int local[2]; local[0] = x; local[1] = x; return local[0] + local[1]; }\n"
                       "int main(void) {\n"
                       "  struct node *a = malloc(sizeof *a), *b = calloc(1, sizeof *b);\n"
                       "  a->val = 3; a->next = b; b->val = 4; check(b->next == 0);\n"
                       "  check(sum(a) == 7); check(twice(21) == 42);\n"
                       "  free(a); free(b);\n"
                       "  return 0; }\n");
}

static void control_flow(void **state)
{
    (void)state;
    expect_c_semantics("int main(void) {\n"
                       "  int n = 0, i;\n"
                       "  for (i = 0; i < 10; i++) { if (i == 3) continue; if (i == 7) break; n += i; }\n"
                       "  check(n == 0 + 1 + 2 + 4 + 5 + 6 && i == 7);\n"
                       "  int k = 0; do k++; while (k < 5); check(k == 5);\n"
                       "  int r = 0;\n"
                       "  switch (k) { case 4: r = 4; break; case 5: r = 5; case 6: r += 10; break; default: r = -1; }\n"
                       "  check(r == 15);\n"
                       "  switch (k + 10) { case 1: r = 1; break; default: r = 0; }\n"
                       "  check(r == 0);\n"
                       "  i = 0;\n"
                       "again:\n"
                       "  if (++i < 3) goto again;\n"
                       "  check(i == 3);\n"
                       "  for (;;) { if (i-- == 0) break; }\n"
                       "  check(i == -1);\n"
                       "  return 0; }\n");
}

static void library_functions_and_vlas(void **state)
{
    (void)state;
    expect_c_semantics("#include <string.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
                       "int main(int argc, char *argv[]) {\n"
                       "  char *s = malloc(8); strcpy(s, \"a\\tb\"); check(s[1] == 9 && s[3] == 0);\n"
                       "  int n = 3, k = 0;\n"
                       "  if (argc == 2 && sscanf(argv[1], \"%d\", &k) == 1 && k > 0 && k < 5) n = k;\n"
                       "  int v[n]; for (int i = 0; i < n; i++) v[i] = i;\n"
                       "  check(v[n - 1] == n - 1);\n"
                       "  return 0; }\n");
}

/* Every thread has its own copy of a thread-local variable, starting at
 * its initialiser; a callee sees the calling thread's copy. */
static void thread_local_variables(void **state)
{
    (void)state;
    const char *prog = "#include <pthread.h>\n"
                       "__thread int tl = 7;\n"
                       "int seen, after_call;\n"
                       "void bump(void) { tl = tl + 1; }\n"
                       "void *worker(void *a) { seen = tl; bump(); after_call = tl; return a; }\n"
                       "int main(void) {\n"
                       "  tl = 5; pthread_t t; pthread_create(&t, 0, worker, 0);\n"
                       "  pthread_join(t, 0);\n"
                       "  check(%s); check(after_call == 8); check(tl == 5);\n"
                       "  return 0; }\n";
    char src[600];
    snprintf(src, sizeof src, prog, "seen == 7");
    expect_c_semantics(src);
    snprintf(src, sizeof src, prog, "seen == 5"); /* one copy for all would give 5 */
    assert_int_equal(run(src), ORDO_SIM_ERROR);
}

/* Thread-specific data: keys are distinct, each thread sees its own
 * value (NULL at first), an uncreated key is refused. */
static void thread_specific_data(void **state)
{
    (void)state;
    const char *prog = "#include <pthread.h>\n"
                       "pthread_key_t k0, k1;\n"
                       "void *seen, *own;\n"
                       "void *worker(void *a) {\n"
                       "  seen = pthread_getspecific(k1);\n"
                       "  check(pthread_setspecific(k1, (void *)42) == 0);\n"
                       "  own = pthread_getspecific(k1); return a; }\n"
                       "int main(void) {\n"
                       "  int x;\n"
                       "  check(pthread_key_create(&k0, 0) == 0 && pthread_key_create(&k1, 0) == 0);\n"
                       "  check(k0 != k1 && pthread_getspecific(k1) == 0);\n"
                       "  check(pthread_setspecific(k1, &x) == 0 && pthread_getspecific(k0) == 0);\n"
                       "  pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0);\n"
                       "  check(%s); check(own == (void *)42 && pthread_getspecific(k1) == &x);\n"
                       "  check(pthread_setspecific(77, &x) == 22 && pthread_getspecific(77) == 0);\n"
                       "  check(pthread_key_delete(k0) == 0);\n"
                       "  return 0; }\n";
    char src[1200];
    snprintf(src, sizeof src, prog, "seen == 0");
    expect_c_semantics(src);
    snprintf(src, sizeof src, prog, "seen == &x"); /* one value for all threads would give &x */
    assert_int_equal(run(src), ORDO_SIM_ERROR);
}

/* Destructors of thread-specific data (POSIX): at a thread's return or
 * pthread_exit (also from a callee), in key order, only for non-NULL
 * values, in rounds while a destructor sets a value again (at most 4);
 * not when the start routine is merely called, not at main's return. */
static void thread_specific_destructors(void **state)
{
    (void)state;
    const char *prog = "#include <pthread.h>\n"
                       "pthread_key_t k0, k1, k2;\n"
                       "long order, rounds;\n"
                       "void note(void *v) { order = order * 10 + (long)v; }\n"
                       "void again(void *v) { rounds++; pthread_setspecific(k2, (char *)v + 1); }\n"
                       "void leave(void) { pthread_exit(0); }\n"
                       "void *worker(void *a) {\n"
                       "  pthread_setspecific(k2, (void *)1); pthread_setspecific(k1, (void *)9);\n"
                       "  pthread_setspecific(k0, (void *)2);\n"
                       "  if (a) leave();\n"
                       "  pthread_setspecific(k1, 0); return 0; }\n"
                       "int main(void) {\n"
                       "  pthread_key_create(&k0, note); pthread_key_create(&k1, note);\n"
                       "  pthread_key_create(&k2, again);\n"
                       "  pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0);\n"
                       "  check(order == 2 && rounds == 4);\n"
                       "  pthread_create(&t, 0, worker, &t); pthread_join(t, 0);\n"
                       "  check(order == 229 && rounds == 8);\n"
                       "  worker(0); check(%s);\n"
                       "  return 0; }\n";
    char src[1400];
    snprintf(src, sizeof src, prog, "order == 229 && rounds == 8");
    expect_c_semantics(src);
    snprintf(src, sizeof src, prog, "order == 2292"); /* as if a call ended a thread */
    assert_int_equal(run(src), ORDO_SIM_ERROR);
    /* main's pthread_exit runs them, its return does not */
    const char *in_main = "#include <pthread.h>\n"
                          "pthread_key_t k;\n"
                          "void done(void *v) { check(v != (void *)5); }\n"
                          "int main(void) {\n"
                          "  pthread_key_create(&k, done); pthread_setspecific(k, (void *)5);\n"
                          "  %s }\n";
    snprintf(src, sizeof src, in_main, "return 0;");
    expect_c_semantics(src);
    snprintf(src, sizeof src, in_main, "pthread_exit(0);");
    assert_int_equal(run(src), ORDO_SIM_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integer_conversions),
        cmocka_unit_test(side_effects_and_short_circuit),
        cmocka_unit_test(aggregates_and_pointers),
        cmocka_unit_test(heap_and_functions),
        cmocka_unit_test(control_flow),
        cmocka_unit_test(library_functions_and_vlas),
        cmocka_unit_test(thread_local_variables),
        cmocka_unit_test(thread_specific_data),
        cmocka_unit_test(thread_specific_destructors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
