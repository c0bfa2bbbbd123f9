/* Small IR programs built by hand (ir_fixtures.h). */
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
