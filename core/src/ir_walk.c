/* Which statements and expressions touch shared state or synchronise
 * (ir.h): visibility for the interpreter, the passes and the engines. */
#include <ordo/ir.h>

bool ordo_expr_is_shared(const ordo_program *p, const ordo_expr *e)
{
    if (!e || e->kind == ORDO_E_LOAD || (e->kind == ORDO_E_VAR && p->vars[e->var].is_global))
        return e != NULL;
    for (int i = 0; i < 3; i++)
        if (ordo_expr_is_shared(p, e->kid[i]))
            return true;
    return false;
}

bool ordo_lvalue_is_shared(const ordo_program *p, const ordo_lvalue *lv)
{
    return lv->is_mem || p->vars[lv->var].is_global;
}

bool ordo_stmt_kind_is_sync(ordo_stmt_kind k)
{
    switch (k) {
    case ORDO_S_ALLOC: case ORDO_S_FREE: case ORDO_S_THREAD_START: case ORDO_S_THREAD_JOIN:
    case ORDO_S_ATOMIC_BEGIN: case ORDO_S_ATOMIC_END: case ORDO_S_LOCK: case ORDO_S_UNLOCK:
    case ORDO_S_ERROR: case ORDO_S_EXIT:
        return true;
    default:
        return false;
    }
}

bool ordo_stmt_is_visible(const ordo_program *p, const ordo_stmt *s)
{
    if (ordo_stmt_kind_is_sync(s->kind))
        return true;
    if (s->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < s->n_stmts; i++)
            if (ordo_stmt_is_visible(p, s->stmts[i]))
                return true;
        return false;
    }
    if (s->kind == ORDO_S_CALL) { /* the write of the result happens at RETURN */
        for (unsigned i = 0; i < s->n_args; i++)
            if (ordo_expr_is_shared(p, s->args[i]))
                return true;
        return false;
    }
    return ordo_stmt_accesses(p, s, NULL, 0) > 0;
}
