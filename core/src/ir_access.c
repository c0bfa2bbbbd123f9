/* Shared accesses of statements (ir.h: ordo_stmt_accesses). */
#include <ordo/ir.h>

typedef struct {
    ordo_access *out;
    unsigned cap, n;
} access_list;

static void add(access_list *l, ordo_access a)
{
    if (l->n < l->cap)
        l->out[l->n] = a;
    l->n++;
}

static void expr_accesses(const ordo_program *p, const ordo_expr *e, access_list *l)
{
    if (!e)
        return;
    switch (e->kind) {
    case ORDO_E_CONST:
        return;
    case ORDO_E_VAR:
        if (p->vars[e->var].is_global)
            add(l, (ordo_access){ .var = e->var, .type = e->type });
        return;
    case ORDO_E_LOAD:
        expr_accesses(p, e->kid[0], l);
        add(l, (ordo_access){ .is_mem = true, .addr = e->kid[0], .type = e->type });
        return;
    default:
        for (int i = 0; i < 3; i++)
            expr_accesses(p, e->kid[i], l);
    }
}

/* The address reads of lv, then its write. */
static void write_accesses(const ordo_program *p, const ordo_lvalue *lv, access_list *l)
{
    if (lv->is_mem) {
        expr_accesses(p, lv->addr, l);
        add(l, (ordo_access){ .is_write = true, .is_mem = true, .addr = lv->addr, .type = lv->type });
    } else if (p->vars[lv->var].is_global) {
        add(l, (ordo_access){ .is_write = true, .var = lv->var, .type = lv->type });
    }
}

static void stmt_accesses(const ordo_program *p, const ordo_stmt *s, access_list *l)
{
    switch (s->kind) {
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < s->n_stmts; i++)
            stmt_accesses(p, s->stmts[i], l);
        return;
    case ORDO_S_CALL:
        for (unsigned i = 0; i < s->n_args; i++)
            expr_accesses(p, s->args[i], l);
        break;
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
        expr_accesses(p, s->addr, l);
        add(l, (ordo_access){ .is_write = true, .is_mem = true, .addr = s->addr,
                              .type = { .kind = ORDO_TY_INT, .width = 32, .is_signed = true } });
        return;
    default:
        expr_accesses(p, s->rhs, l);
        expr_accesses(p, s->cond, l);
        expr_accesses(p, s->addr, l);
        expr_accesses(p, s->size, l);
    }
    if (s->has_lhs)
        write_accesses(p, &s->lhs, l);
}

unsigned ordo_stmt_accesses(const ordo_program *p, const ordo_stmt *s, ordo_access *out,
                            unsigned cap)
{
    access_list l = { out, cap, 0 };
    stmt_accesses(p, s, &l);
    return l.n;
}
