/* Small IR programs built by hand (ir_fixtures.h). */
#include <ordo/arena.h>
#include <ordo/interp.h>

#include "ir_fixtures.h"

ordo_type i32(void)
{
    return ordo_ty_int(32, true);
}

const ordo_expr *num(ordo_program *p, int64_t v)
{
    return ordo_e_const(p, i32(), v);
}

const ordo_expr *var(ordo_program *p, unsigned v)
{
    return ordo_e_var(p, v);
}

const ordo_expr *bin(ordo_program *p, ordo_binop op, const ordo_expr *a, const ordo_expr *b)
{
    bool cmp = op >= ORDO_B_EQ;
    return ordo_e_binop(p, op, cmp ? ordo_ty_bool() : a->type, a, b);
}

ordo_stmt *assign(ordo_program *p, unsigned v, const ordo_expr *e)
{
    return ordo_s_assign(p, ordo_lv_var(p, v), e);
}

void then(ordo_program *p, unsigned proc, unsigned *loc, ordo_stmt *s, unsigned line)
{
    unsigned next = ordo_add_loc(p, proc);
    s->file = "t.c";
    s->line = line;
    ordo_add_edge(p, proc, *loc, next, s);
    *loc = next;
}

void finish(ordo_program *p, unsigned proc, unsigned loc)
{
    ordo_stmt *s = ordo_s_new(p, ORDO_S_SKIP);
    s->file = "t.c";
    ordo_add_edge(p, proc, loc, p->procs[proc].final_loc, s);
}

void fork_exit(ordo_program *p, unsigned proc, unsigned loc, unsigned line)
{
    ordo_stmt *s = ordo_s_assume(p, ordo_e_const(p, ordo_ty_bool(), 0));
    s->file = "t.c";
    s->line = line;
    ordo_add_edge(p, proc, loc, ordo_add_loc(p, proc), s);
}

ordo_program *fixture_counter(bool with_lock, unsigned *c_var)
{
    ordo_program *p = ordo_program_new("counter.c", ORDO_DM_LP64);
    unsigned c = ordo_add_var(p, "c", i32(), -1, 0);
    unsigned m = ordo_add_object(p, "m", 1, -1);
    const ordo_expr *m_addr = ordo_e_const(p, ordo_ty_ptr(p->data_model), (int64_t)p->objects[m].base);
    unsigned main_proc = ordo_add_proc(p, "main");
    unsigned worker = ordo_add_proc(p, "worker");
    p->main_proc = main_proc;

    unsigned tmp = ordo_add_var(p, "tmp", i32(), (int)worker, 0);
    unsigned l = p->procs[worker].init_loc;
    if (with_lock)
        then(p, worker, &l, ordo_s_addr(p, ORDO_S_LOCK, m_addr), 10);
    then(p, worker, &l, assign(p, tmp, var(p, c)), 11);
    then(p, worker, &l, assign(p, c, bin(p, ORDO_B_ADD, var(p, tmp), num(p, 1))), 12);
    if (with_lock)
        then(p, worker, &l, ordo_s_addr(p, ORDO_S_UNLOCK, m_addr), 13);
    finish(p, worker, l);

    unsigned t1 = ordo_add_var(p, "t1", i32(), (int)main_proc, 0);
    unsigned t2 = ordo_add_var(p, "t2", i32(), (int)main_proc, 0);
    ordo_lvalue lv1 = ordo_lv_var(p, t1), lv2 = ordo_lv_var(p, t2);
    l = p->procs[main_proc].init_loc;
    then(p, main_proc, &l, ordo_s_thread_start(p, &lv1, worker, NULL), 20);
    then(p, main_proc, &l, ordo_s_thread_start(p, &lv2, worker, NULL), 21);
    then(p, main_proc, &l, ordo_s_thread_join(p, var(p, t1)), 22);
    then(p, main_proc, &l, ordo_s_thread_join(p, var(p, t2)), 23);
    unsigned ok = l;
    then(p, main_proc, &l, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, c), num(p, 2))), 24);
    then(p, main_proc, &l, ordo_s_new(p, ORDO_S_ERROR), 25);
    finish(p, main_proc, l);
    ordo_stmt *fine = ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, c), num(p, 2)));
    then(p, main_proc, &ok, fine, 24);
    finish(p, main_proc, ok);
    if (c_var)
        *c_var = c;
    return p;
}

ordo_program *fixture_loop(int n, unsigned *x_var)
{
    ordo_program *p = ordo_program_new("loop.c", ORDO_DM_LP64);
    unsigned x = ordo_add_var(p, "x", i32(), -1, 0);
    unsigned f = ordo_add_proc(p, "main");
    unsigned i = ordo_add_var(p, "i", i32(), (int)f, 0);
    unsigned bound = ordo_add_var(p, "n", i32(), (int)f, 0);
    unsigned l = p->procs[f].init_loc;
    if (n >= 0)
        then(p, f, &l, assign(p, bound, num(p, n)), 1);
    else
        then(p, f, &l, ordo_s_havoc(p, ordo_lv_var(p, bound)), 1);
    then(p, f, &l, assign(p, i, num(p, 0)), 2);
    unsigned head = l, body = l;
    then(p, f, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), n >= 0 ? num(p, n) : var(p, bound))), 3);
    then(p, f, &body, assign(p, x, bin(p, ORDO_B_ADD, var(p, x), num(p, 2))), 4);
    ordo_stmt *inc = assign(p, i, bin(p, ORDO_B_ADD, var(p, i), num(p, 1)));
    inc->file = "loop.c";
    inc->line = 3;
    ordo_add_edge(p, f, body, head, inc);
    unsigned out = head;
    ordo_stmt *exit_cond = ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), n >= 0 ? num(p, n) : var(p, bound)));
    then(p, f, &out, exit_cond, 3);
    unsigned bad = out;
    then(p, f, &bad, ordo_s_assume(p, bin(p, ORDO_B_NE, var(p, x), bin(p, ORDO_B_MUL, var(p, bound), num(p, 2)))), 5);
    then(p, f, &bad, ordo_s_new(p, ORDO_S_ERROR), 6);
    finish(p, f, bad);
    then(p, f, &out, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), bin(p, ORDO_B_MUL, var(p, bound), num(p, 2)))), 5);
    finish(p, f, out);
    if (x_var)
        *x_var = x;
    return p;
}

ordo_program *fixture_thread_loop(bool init_i, unsigned *g_var, unsigned *id_var)
{
    ordo_program *p = ordo_program_new("l.c", ORDO_DM_LP64);
    unsigned g = ordo_add_var(p, "g", i32(), -1, 0);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned w = ordo_add_proc(p, "worker");
    unsigned i = ordo_add_var(p, "i", i32(), 0, 0);
    ordo_lvalue id;
    if (id_var) {
        *id_var = ordo_add_var(p, "id", i32(), 0, -1);
        id = ordo_lv_var(p, *id_var);
    }
    unsigned l = p->procs[w].init_loc;
    then(p, w, &l, assign(p, g, bin(p, ORDO_B_ADD, var(p, g), num(p, 1))), 2);
    finish(p, w, l);
    unsigned head = 0;
    if (init_i)
        then(p, 0, &head, assign(p, i, num(p, 0)), 4);
    unsigned body = head, out = head;
    then(p, 0, &body, ordo_s_assume(p, bin(p, ORDO_B_LT, var(p, i), num(p, 3))), 5);
    then(p, 0, &body, ordo_s_thread_start(p, id_var ? &id : NULL, w, NULL), 6);
    ordo_add_edge(p, 0, body, head, assign(p, i, bin(p, ORDO_B_ADD, var(p, i), num(p, 1))));
    then(p, 0, &out, ordo_s_assume(p, bin(p, ORDO_B_GE, var(p, i), num(p, 3))), 5);
    finish(p, 0, out);
    if (g_var)
        *g_var = g;
    return p;
}

static void set_params(ordo_program *p, unsigned proc, unsigned param)
{
    unsigned *params = ordo_arena_alloc(p->arena, sizeof *params);
    params[0] = param;
    p->procs[proc].params = params;
    p->procs[proc].n_params = 1;
}

ordo_program *fixture_call(void)
{
    ordo_program *p = ordo_program_new("c.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned f = ordo_add_proc(p, "f");
    unsigned a = ordo_add_var(p, "a", i32(), (int)f, 0);
    set_params(p, f, a);
    unsigned x = ordo_add_var(p, "x", i32(), 0, 0);
    ordo_stmt *ret = ordo_s_return(p, bin(p, ORDO_B_ADD, var(p, a), num(p, 1)));
    ret->file = "t.c";
    ret->line = 30;
    ordo_add_edge(p, f, p->procs[f].init_loc, p->procs[f].final_loc, ret);
    unsigned l = 0;
    ordo_lvalue lx = ordo_lv_var(p, x);
    const ordo_expr *args[] = { num(p, 41) };
    then(p, 0, &l, ordo_s_call(p, &lx, f, 1, args), 1);
    then(p, 0, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, 42))), 2);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, 0, l);
    return p;
}

ordo_program *fixture_recursion(int depth)
{
    ordo_program *p = ordo_program_new("r.c", ORDO_DM_LP64);
    p->main_proc = ordo_add_proc(p, "main");
    unsigned r = ordo_add_proc(p, "rec");
    unsigned n = ordo_add_var(p, "n", i32(), (int)r, 0);
    unsigned t = ordo_add_var(p, "t", i32(), (int)r, 0);
    set_params(p, r, n);
    unsigned base = p->procs[r].init_loc, step = base;
    then(p, r, &base, ordo_s_assume(p, bin(p, ORDO_B_LE, var(p, n), num(p, 0))), 40);
    ordo_add_edge(p, r, base, p->procs[r].final_loc, ordo_s_return(p, num(p, 0)));
    then(p, r, &step, ordo_s_assume(p, bin(p, ORDO_B_GT, var(p, n), num(p, 0))), 40);
    ordo_lvalue lt = ordo_lv_var(p, t);
    const ordo_expr *args[] = { bin(p, ORDO_B_SUB, var(p, n), num(p, 1)) };
    then(p, r, &step, ordo_s_call(p, &lt, r, 1, args), 41);
    ordo_add_edge(p, r, step, p->procs[r].final_loc,
                  ordo_s_return(p, bin(p, ORDO_B_ADD, var(p, t), num(p, 1))));
    unsigned x = ordo_add_var(p, "x", i32(), 0, 0);
    ordo_lvalue lx = ordo_lv_var(p, x);
    const ordo_expr *top[] = { num(p, depth) };
    unsigned l = 0;
    then(p, 0, &l, ordo_s_call(p, &lx, r, 1, top), 1);
    then(p, 0, &l, ordo_s_assume(p, bin(p, ORDO_B_EQ, var(p, x), num(p, depth))), 2);
    then(p, 0, &l, ordo_s_new(p, ORDO_S_ERROR), 3);
    finish(p, 0, l);
    return p;
}

typedef struct {
    const int64_t *v;
    unsigned n, next;
} value_list;

static bool next_value(void *ctx, unsigned thread, ordo_type type, int64_t *value)
{
    (void)thread;
    (void)type;
    value_list *l = ctx;
    if (l->next == l->n)
        return false;
    *value = l->v[l->next++];
    return true;
}

int run_all(const ordo_program *p, const int64_t *values, unsigned n_values)
{
    ordo_interp *in = ordo_interp_new(p, ORDO_ARITH_BV);
    value_list l = { values, n_values, 0 };
    int status = ORDO_STEP_BLOCKED;
    for (bool progress = true; progress;) {
        progress = false;
        for (unsigned t = 0; t < ordo_interp_n_threads(in); t++) {
            ordo_step_status s = ordo_interp_step(in, t, next_value, &l);
            if (s == ORDO_STEP_OK)
                progress = true;
            else if (s != ORDO_STEP_BLOCKED && s != ORDO_STEP_FINISHED) {
                ordo_interp_free(in);
                return s;
            }
        }
    }
    bool all_done = true;
    for (unsigned t = 0; t < ordo_interp_n_threads(in); t++)
        all_done &= ordo_interp_thread_finished(in, t);
    ordo_interp_free(in);
    return all_done ? ORDO_STEP_FINISHED : status;
}
