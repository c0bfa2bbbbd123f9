/* Unit tests of the C front end (core/src/frontend*.c): small programs
 * written for the purpose, checked through the IR's text form and shape. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "frontend_util.h"

/* Parses src (must succeed), checks the one-shared-access invariant on
 * every edge outside atomic sections, and returns the IR text. */
static char *lower(const char *src, ordo_data_model dm, ordo_program **out)
{
    int status;
    char *err = NULL;
    ordo_program *p = parse_source(src, ".c", dm, &status, &err);
    if (!p)
        fail_msg("parse failed: %s", err ? err : "?");
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *pr = &p->procs[i];
        for (unsigned e = 0; e < pr->n_edges; e++) {
            ordo_access acc[8];
            unsigned n = ordo_stmt_accesses(p, pr->edges[e].stmt, acc, 8);
            bool lock = pr->edges[e].stmt->kind == ORDO_S_LOCK;
            if (n > (lock ? 2u : 1u) && !strstr(pr->name, "__VERIFIER_atomic"))
                fail_msg("%s: edge %u has %u shared accesses", pr->name, e, n);
        }
    }
    char *text = ir_text(p);
    if (out)
        *out = p;
    else
        ordo_program_free(p);
    return text;
}

static void expect_lines(const char *text, const char *const *lines)
{
    for (; *lines; lines++)
        if (!strstr(text, *lines))
            fail_msg("missing \"%s\" in:\n%s", *lines, text);
}

/* Lowers src (see lower) and checks that its IR text has every one of
 * lines and, where absent is not NULL, does not have absent. */
static void expect_lowered(const char *src, ordo_data_model dm, const char *const *lines,
                           const char *absent)
{
    char *t = lower(src, dm, NULL);
    expect_lines(t, lines);
    if (absent && strstr(t, absent))
        fail_msg("unexpected \"%s\" in:\n%s", absent, t);
    free(t);
}

static void expect_unsupported(const char *src, const char *what)
{
    int status;
    char *err = NULL;
    ordo_program *p = parse_source(src, ".c", ORDO_DM_ILP32, &status, &err);
    assert_null(p);
    assert_int_equal(status, ORDO_FRONTEND_UNSUPPORTED);
    assert_non_null(err);
    if (strncmp(err, "unsupported: ", 13) || !strstr(err, what) || !strstr(err, ".c:"))
        fail_msg("unexpected message: %s", err);
    free(err);
}

static void mutex_counter(void **state)
{
    (void)state;
    ordo_program *p;
    char *t = lower("#include <pthread.h>\n"
                    "int x, y;\n"
                    "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
                    "void *thr(void *a) {\n"
                    "  pthread_mutex_lock(&m);\n"
                    "  x = x + y;\n"
                    "  pthread_mutex_unlock(&m);\n"
                    "  return 0;\n"
                    "}\n"
                    "int main(void) {\n"
                    "  pthread_t t;\n"
                    "  pthread_create(&t, 0, thr, 0);\n"
                    "  pthread_join(t, 0);\n"
                    "  return x;\n"
                    "}\n", ORDO_DM_ILP32, &p);
    static const char *const lines[] = {
        "global i32 x = 0", "object m @", "proc thr(ptr32 a) -> ptr32",
        "lock 32", "__t0 := x", "__t1 := y", "x := (__t0 + __t1)", "unlock 32", "return 0",
        "mem:u32[16] := start thr(0)", "join __t", "exit", NULL,
    };
    expect_lines(t, lines);
    assert_int_equal(p->n_procs, 2);
    assert_string_equal(p->procs[p->main_proc].name, "main");
    free(t);
    ordo_program_free(p);
}

static void binary_operators(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "g := (a + c)", "g := (a - c)", "g := (a * c)", "g := (a / c)", "g := (a % c)",
        "g := (a << c)", "g := (a >> c)", "g := (a & c)", "g := (a | c)", "g := (a ^ c)",
        "g := (i32)(a == c)", "g := (i32)(a != c)", "g := (i32)(a < c)", "g := (i32)(a <= c)",
        "g := (i32)(a > c)", "g := (i32)(a >= c)", "g := -a", "g := ~a",
        "g := (i32)!(a != 0)", "g := a", NULL,
    };
    expect_lowered("int g; _Bool b;\n"
                   "int main(void) { int a = g, c = g;\n"
                   "g = a + c; g = a - c; g = a * c; g = a / c; g = a % c;\n"
                   "g = a << c; g = a >> c; g = a & c; g = a | c; g = a ^ c;\n"
                   "g = a == c; g = a != c; g = a < c; g = a <= c; g = a > c; g = a >= c;\n"
                   "g = -a; g = ~a; g = !a; g = +a;\n"
                   "return 0; }\n", ORDO_DM_ILP32, lines, NULL);
}

static void compound_assignment_and_increments(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "g := (__t0 + a)", "g := (__t1 - a)", "g := (__t2 * a)", "g := (__t3 / a)",
        "g := (__t4 % a)", "g := (__t5 << a)", "g := (__t6 >> a)", "g := (__t7 & a)",
        "g := (__t8 | a)", "g := (__t9 ^ a)",
        "c := (u8)((i32)__t10 + 1)", "w := (__t11 + (i64)a)", "a := (a + 1)", "a := (a - 1)",
        NULL,
    };
    expect_lowered("int g; unsigned char c; long long w;\n"
                   "int main(void) { int a = 1;\n"
                   "g += a; g -= a; g *= a; g /= a; g %= a; g <<= a; g >>= a;\n"
                   "g &= a; g |= a; g ^= a;\n"
                   "c += 1; w += a; a++; --a;\n"
                   "return 0; }\n", ORDO_DM_ILP32, lines, NULL);
}

static void short_circuit_and_ternary_become_control_flow(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "__t2 := g", "assume (__t2 != 0)", "assume !(__t2 != 0)", "__t3 := call f()",
        "assume (__t3 != 0)", "__t1 := 1", "__t1 := 0", "r := __t1", "__t4 := 7", "h := __t4",
        NULL,
    };
    expect_lowered("int g, h;\n"
                   "int f(void) { return g++; }\n"
                   "int main(void) { int r = g && f(); h = r ? g : 7; return 0; }\n",
                   ORDO_DM_ILP32, lines, "&&");
    /* operands over locals only: one expression, no branch */
    static const char *const pure[] = {
        "m := ((a < b) ? a : b)", "both := (i32)((a != 0) && (b != 0))",
        "one := (i32)((a != 0) || !(b != 0))", NULL,
    };
    expect_lowered("int g;\n"
                   "int main(void) { int a = g, b = 2;\n"
                   "  int m = a < b ? a : b; int both = a && b; int one = a || !b; return m; }\n",
                   ORDO_DM_ILP32, pure, "assume");
}

static void structs_arrays_and_pointers(void **state)
{
    (void)state;
    /* s: cells 16..19 (a, b[0..2]); m: 12 cells at 32 */
    static const char *const lines[] = {
        "object s @16 [4 cells]", "object m @32 [12 cells]", "q := 16", "p := 18",
        "mem:i32[(q + 3)] := 5", "mem:i32[p] := 6", "p := (p + 1)",
        "mem:i32[((32 + ((ptr32)i * 4)) + (ptr32)j)] := 7", "mem:i32[(p + 1)] := 8", NULL,
    };
    expect_lowered("struct S { int a; int b[3]; } s;\n"
                   "int m[3][4];\n"
                   "int main(void) {\n"
                   "  struct S *q = &s; int *p = &s.b[1];\n"
                   "  int i = 2, j = 1;\n"
                   "  q->b[2] = 5; *p = 6; p++; m[i][j] = 7; *(p + 1) = 8;\n"
                   "  return 0; }\n", ORDO_DM_ILP32, lines, NULL);
}

static void threads_in_a_loop_and_atomic_functions(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "object t @16 [3 cells]", "mem:u64[(16 + (ptr64)i)] := start w(0)", "atomic_begin",
        "call __VERIFIER_atomic_inc()", "atomic_end", "n := (__t0 + 1)", NULL,
    };
    expect_lowered("#include <pthread.h>\n"
                   "int n;\n"
                   "void __VERIFIER_atomic_inc(void) { n = n + 1; }\n"
                   "void *w(void *arg) { __VERIFIER_atomic_inc(); return arg; }\n"
                   "int main(void) { pthread_t t[3];\n"
                   "  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, w, 0);\n"
                   "  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);\n"
                   "  return 0; }\n", ORDO_DM_LP64, lines, NULL);
}

static void verifier_functions(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "havoc __t0", "local bool __t1", "assume (x > 0)", "assume b", "exit", "error", NULL,
    };
    expect_lowered("extern int __VERIFIER_nondet_int(void);\n"
                   "extern _Bool __VERIFIER_nondet_bool(void);\n"
                   "extern void __VERIFIER_assume(int);\n"
                   "void reach_error(void) { }\n"
                   "#include <stdlib.h>\n"
                   "int main(void) { int x = __VERIFIER_nondet_int(); _Bool b = __VERIFIER_nondet_bool();\n"
                   "  __VERIFIER_assume(x > 0);\n"
                   "  if (b) abort();\n"
                   "  if (x < 0) reach_error();\n"
                   "  return 0; }\n", ORDO_DM_ILP32, lines, "proc reach_error");
}

static void switch_goto_loops(void **state)
{
    (void)state;
    ordo_program *p;
    char *t = lower("int g;\n"
                    "int main(void) { int x = g;\n"
                    "  switch (x) { case 1: g = 1; break; case 2: case 3: g = 2; default: g = 3; }\n"
                    "  do { x--; if (x == 5) continue; if (x == 2) break; } while (x > 0);\n"
                    "  while (1) { if (x) goto out; x = 1; }\n"
                    "out:\n"
                    "  return 0; }\n", ORDO_DM_ILP32, &p);
    static const char *const lines[] = {
        "assume (x == 1)", "assume (x == 2)", "assume (x == 3)",
        "assume (((x != 1) && (x != 2)) && (x != 3))", "g := 1", "g := 2", "g := 3",
        "assume (x == 5)", "assume (x > 0)", NULL,
    };
    expect_lines(t, lines);
    /* every location but the final one has an outgoing edge (no dead ends) */
    const ordo_proc *pr = &p->procs[p->main_proc];
    for (unsigned l = 0; l < pr->n_locs; l++) {
        bool out = l == pr->final_loc;
        for (unsigned e = 0; e < pr->n_edges && !out; e++)
            out = pr->edges[e].from == l;
        if (!out)
            fail_msg("location %u has no outgoing edge:\n%s", l, t);
    }
    free(t);
    ordo_program_free(p);
}

static void trylock_and_condition_variables(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "atomic_begin", "__t1 := mem:i32[16]", "assume (__t1 == 0)", "mem:i32[16] := 1",
        "__t0 := 16", "atomic_end", "unlock 16", "lock 16", NULL,
    };
    expect_lowered("#include <pthread.h>\n"
                   "pthread_mutex_t m; pthread_cond_t c; int r;\n"
                   "int main(void) { r = pthread_mutex_trylock(&m);\n"
                   "  pthread_cond_wait(&c, &m); pthread_cond_signal(&c); return 0; }\n",
                   ORDO_DM_ILP32, lines, NULL);
}

static void atomic_types_and_container_of(void **state)
{
    (void)state;
    char *t = lower("#include <stdatomic.h>\n"
                    "atomic_int a; int plain;\n"
                    "struct inner { int x; }; struct outer { int pad[2]; struct inner in; } o;\n"
                    "#define offsetof(T, m) ((unsigned long)&((T *)0)->m)\n"
                    "int main(void) { a++; a += 2; a = a + 1; plain++;\n"
                    "  struct inner *ip = &o.in;\n"
                    "  struct outer *op = (struct outer *)((char *)ip - offsetof(struct outer, in));\n"
                    "  op->pad[1] = 4; return 0; }\n", ORDO_DM_ILP32, NULL);
    /* a++ and a += 2: one atomic read-modify-write each; a = a + 1 is not */
    static const char *const lines[] = {
        "a := (__t0 + 1)", "a := (__t1 + 2)", "op := (ip - 2)",
        "mem:i32[(op + 1)] := 4", NULL,
    };
    expect_lines(t, lines);
    unsigned begins = 0;
    for (const char *c = t; (c = strstr(c, "atomic_begin")); c++)
        begins++;
    assert_int_equal(begins, 2);
    free(t);
}

static void join_results_and_parameters(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "proc sum(i32 n, ptr32 v) -> i32", "mem:i32[(v + (ptr32)n)]", "havoc argc", "join __t",
        "call sum(argc, 48)", NULL,
    };
    expect_lowered("#include <pthread.h>\n"
                   "int sum(int n, int v[]) { return v[n]; }\n"
                   "void *w(void *a) { return a; }\n"
                   "int arr[3];\n"
                   "int main(int argc, char *argv[]) { pthread_t t; void *res;\n"
                   "  pthread_create(&t, 0, w, 0); pthread_join(t, &res);\n"
                   "  return sum(argc, arr); }\n", ORDO_DM_ILP32, lines, NULL);
    expect_unsupported("#include <pthread.h>\n"
                       "void *w(void *a) { return a; }\n"
                       "int main(void) { pthread_t t; void *res;\n"
                       "  pthread_create(&t, 0, w, 0); pthread_join(t, &res);\n"
                       "  return res != 0; }\n", "pthread_join");
}

static void function_pointers_dispatch(void **state)
{
    (void)state;
    ordo_program *p;
    char *t = lower("#include <pthread.h>\n"
                    "int add(int a, int b) { return a + b; }\n"
                    "int sub(int a, int b) { return a - b; }\n"
                    "void *w(void *a) { return a; }\n"
                    "int (*op)(int, int) = add;\n"
                    "int main(void) { pthread_t t; void *(*entry)(void *) = &w;\n"
                    "  int r = op(1, 2); op = sub; r = (*op)(r, 1);\n"
                    "  pthread_create(&t, 0, entry, 0); return r; }\n", ORDO_DM_ILP32, &p);
    unsigned add = 0, sub = 0, w = 0;
    for (unsigned i = 0; i < p->n_procs; i++) {
        if (!strcmp(p->procs[i].name, "add"))
            add = i;
        if (!strcmp(p->procs[i].name, "sub"))
            sub = i;
        if (!strcmp(p->procs[i].name, "w"))
            w = i;
    }
    assert_true(add && sub && w);
    char line[6][64];
    snprintf(line[0], 64, "global ptr32 op = %u", 0x7f000000 + add);
    snprintf(line[1], 64, "assume (__t0 == %u)", 0x7f000000 + add);
    snprintf(line[2], 64, "assume (__t0 == %u)", 0x7f000000 + sub);
    snprintf(line[3], 64, "op := %u", 0x7f000000 + sub);
    snprintf(line[4], 64, "assume (entry == %u)", 0x7f000000 + w);
    snprintf(line[5], 64, "mem:u32[16] := start w(0)");
    const char *const lines[] = { line[0], line[1], line[2], line[3], line[4], line[5],
                                  "__t1 := call add(1, 2)", "__t1 := call sub(1, 2)", NULL };
    expect_lines(t, lines);
    free(t);
    ordo_program_free(p);
}

/* A call through a pointer passes each candidate its arguments converted
 * to the types the candidate declares (here other than the pointer's),
 * also for one defined after the call: 300 as an unsigned char is 44. */
static void function_pointer_arguments_take_the_candidate_types(void **state)
{
    (void)state;
    const char *const lines[] = { "call low_byte(44)", "call widen((i64)x)", NULL };
    expect_lowered("int low_byte(unsigned char c) { return c; }\n"
                   "long long widen(long long v);\n"
                   "int main(void) { int x = -1;\n"
                   "  int (*fp)(int) = (int (*)(int))low_byte;\n"
                   "  long long (*wp)(int) = (long long (*)(int))widen;\n"
                   "  return fp(300) + (int)wp(x); }\n"
                   "long long widen(long long v) { return v * 2; }\n",
                   ORDO_DM_ILP32, lines, NULL);
}

static void pthread_exit_returns_or_ends_the_thread(void **state)
{
    (void)state;
    char *t = lower("#include <pthread.h>\n"
                    "void finish(void) { pthread_exit(0); }\n"
                    "void *entry(void *a) { if (a) pthread_exit(a); finish(); return 0; }\n"
                    "int main(void) { pthread_t t; pthread_create(&t, 0, entry, 0);\n"
                    "  pthread_exit(0); }\n", ORDO_DM_ILP32, NULL);
    /* entry is only a thread: its pthread_exit is a return; finish is a
     * callee and main is main: THREAD_EXIT */
    static const char *const lines[] = { "-> 1: return a", "thread_exit", NULL };
    expect_lines(t, lines);
    const char *fin = strstr(t, "proc finish"), *ent = strstr(t, "proc entry");
    assert_non_null(fin);
    assert_non_null(ent);
    assert_non_null(strstr(fin, "thread_exit"));
    const char *main_exit = strstr(t, "thread_exit");
    assert_true(main_exit < ent && main_exit < fin); /* main's comes first */
    free(t);
}

static void unreachable_functions_are_not_lowered(void **state)
{
    (void)state;
    expect_lowered("float unused(float x) { return x * 2.0f; }\n"
                   "int main(void) { return 0; }\n", ORDO_DM_ILP32, (const char *const[]){ NULL },
                   "unused");
}

static void unsupported_constructs(void **state)
{
    (void)state;
    expect_unsupported("int main(void) { float f = 1.5f; return f > 1; }\n", "floating-point");
    expect_unsupported("int f(int x) { return x; }\n"
                       "int main(void) { int (*fp)(int, int) = (int (*)(int, int))f;\n"
                       "  return fp(1, 2); }\n", "fits no function");
    expect_unsupported("int main(void) { int x = 1; char *c = (char *)&x; return *c; }\n",
                       "pointer conversion");
    expect_unsupported("#include <string.h>\nint a[2];\n"
                       "int main(void) { memset(a, 0, sizeof a); return 0; }\n", "memset");
    expect_unsupported("__thread int t;\nint main(void) { int *q = &t; return *q; }\n",
                       "thread-local aggregate or address-taken variable 't'");
    expect_unsupported("_Thread_local static int t[2];\nint main(void) { return t[1]; }\n",
                       "thread-local aggregate or address-taken variable 't'");
    /* addresses are cells: as integers they would count cells, not bytes */
    expect_unsupported("int a[4];\nint main(void) { unsigned long u = (unsigned long)&a[2];\n"
                       "  return u - (unsigned long)&a[0] != 8; }\n",
                       "address converted to an integer (addresses count cells, not bytes)");
    expect_unsupported("int a[4];\nint main(void) { long u = (long)a; return u % 4 != 0; }\n",
                       "address converted to an integer");
}

/* A void pointer carries an integer through pthread_create and back, and
 * main may return an address as its (ignored) exit status. */
static void integers_through_void_pointers(void **state)
{
    (void)state;
    ordo_program *p;
    free(lower("#include <pthread.h>\n"
               "int seen; int *last;\n"
               "void *w(void *arg) { seen = (int)(long)arg; return 0; }\n"
               "int main(void) { pthread_t t; last = &seen;\n"
               "  pthread_create(&t, 0, w, (void *)7); pthread_join(t, 0);\n"
               "  return (long)last; }\n", ORDO_DM_LP64, &p));
    ordo_program_free(p);
}

static void parse_errors(void **state)
{
    (void)state;
    int status;
    char *err = NULL;
    assert_null(parse_source("int main(void) { return 0 }\n", ".c", ORDO_DM_ILP32, &status, &err));
    assert_int_equal(status, ORDO_FRONTEND_PARSE_ERROR);
    assert_true(strncmp(err, "parse error: ", 13) == 0);
    free(err);
    assert_null(ordo_frontend_parse("/nonexistent/x.c", ORDO_DM_ILP32, &status, &err));
    assert_int_equal(status, ORDO_FRONTEND_PARSE_ERROR);
    free(err);
}

static void preprocessed_input(void **state)
{
    (void)state;
    int status;
    char *err = NULL;
    ordo_program *p = parse_source("# 1 \"orig.c\"\nint g;\nint main(void) { g = 1; return 0; }\n",
                                   ".i", ORDO_DM_ILP32, &status, &err);
    assert_non_null(p);
    char *t = ir_text(p);
    expect_lines(t, (const char *const[]){ "g := 1", NULL });
    bool found = false;
    const ordo_proc *pr = &p->procs[p->main_proc];
    for (unsigned e = 0; e < pr->n_edges; e++)
        if (pr->edges[e].stmt->kind == ORDO_S_ASSIGN) {
            assert_string_equal(pr->edges[e].stmt->file, "orig.c");
            assert_int_equal(pr->edges[e].stmt->line, 2);
            found = true;
        }
    assert_true(found);
    free(t);
    ordo_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mutex_counter),
        cmocka_unit_test(binary_operators),
        cmocka_unit_test(compound_assignment_and_increments),
        cmocka_unit_test(short_circuit_and_ternary_become_control_flow),
        cmocka_unit_test(structs_arrays_and_pointers),
        cmocka_unit_test(threads_in_a_loop_and_atomic_functions),
        cmocka_unit_test(verifier_functions),
        cmocka_unit_test(switch_goto_loops),
        cmocka_unit_test(trylock_and_condition_variables),
        cmocka_unit_test(atomic_types_and_container_of),
        cmocka_unit_test(join_results_and_parameters),
        cmocka_unit_test(function_pointers_dispatch),
        cmocka_unit_test(function_pointer_arguments_take_the_candidate_types),
        cmocka_unit_test(pthread_exit_returns_or_ends_the_thread),
        cmocka_unit_test(unreachable_functions_are_not_lowered),
        cmocka_unit_test(unsupported_constructs),
        cmocka_unit_test(integers_through_void_pointers),
        cmocka_unit_test(parse_errors),
        cmocka_unit_test(preprocessed_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
