/* The shared accesses of a statement (ir.h, ordo_stmt_accesses): reads of
 * global variables and memory cells in evaluation order (operands left to
 * right, an address before the load through it), then the write. The
 * dependency and data-flow analyses of thesis Chapters 3 and 4 build on
 * these. */
#include <ordo/ir.h>

typedef struct {
    const ordo_program *p;
    ordo_access *out;
    unsigned cap, n;
} sink;

static void add(sink *s, ordo_access a)
{
    if (s->n < s->cap)
        s->out[s->n] = a;
    s->n++;
}

static void reads(sink *s, const ordo_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case ORDO_E_VAR:
        if (s->p->vars[e->var].is_global)
            add(s, (ordo_access){ .var = e->var, .type = e->type });
        return;
    case ORDO_E_LOAD:
        reads(s, e->kid[0]);
        add(s, (ordo_access){ .is_mem = true, .addr = e->kid[0], .type = e->type });
        return;
    default:
        for (int i = 0; i < 3; i++)
            reads(s, e->kid[i]);
    }
}

static void write_lhs(sink *s, const ordo_lvalue *lv)
{
    if (lv->is_mem) {
        reads(s, lv->addr);
        add(s, (ordo_access){ .is_write = true, .is_mem = true, .addr = lv->addr, .type = lv->type });
    } else if (s->p->vars[lv->var].is_global) {
        add(s, (ordo_access){ .is_write = true, .var = lv->var, .type = lv->type });
    }
}

static void cell(sink *s, const ordo_expr *addr, bool is_write)
{
    add(s, (ordo_access){ .is_write = is_write, .is_mem = true, .addr = addr,
                          .type = { .kind = ORDO_TY_INT, .width = 32, .is_signed = true } });
}

static void stmt(sink *s, const ordo_stmt *st)
{
    switch (st->kind) {
    case ORDO_S_ASSIGN:
    case ORDO_S_RETURN:
    case ORDO_S_THREAD_START:
        reads(s, st->rhs);
        break;
    case ORDO_S_ASSUME:
    case ORDO_S_THREAD_JOIN:
        reads(s, st->cond);
        break;
    case ORDO_S_ALLOC:
        reads(s, st->size);
        break;
    case ORDO_S_HAVOC:
        break;
    case ORDO_S_FREE:
        reads(s, st->addr);
        break;
    case ORDO_S_LOCK: /* atomically: read the mutex cell, then take it */
        reads(s, st->addr);
        cell(s, st->addr, false);
        cell(s, st->addr, true);
        return;
    case ORDO_S_UNLOCK:
        reads(s, st->addr);
        cell(s, st->addr, true);
        return;
    case ORDO_S_CALL:
        for (unsigned i = 0; i < st->n_args; i++)
            reads(s, st->args[i]);
        break;
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < st->n_stmts; i++)
            stmt(s, st->stmts[i]);
        return;
    default:
        return;
    }
    if (st->has_lhs)
        write_lhs(s, &st->lhs);
}

unsigned ordo_stmt_accesses(const ordo_program *p, const ordo_stmt *s, ordo_access *out,
                            unsigned cap)
{
    sink k = { p, out, cap, 0 };
    stmt(&k, s);
    return k.n;
}
