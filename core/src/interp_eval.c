/* Expression evaluation of the IR interpreter: the shared C evaluator
 * (expr_eval.h) reading the interpreter's variables and live cells. */
#include <ordo/expr_eval.h>

#include "interp_internal.h"

int64_t interp_wrap(ordo_type t, int64_t v)
{
    return ordo_value_wrap(t, v);
}

int64_t interp_convert(const ordo_interp *in, ordo_type t, int64_t v)
{
    return ordo_value_convert(in->mode, t, v);
}

int64_t *interp_local(const ordo_interp *in, const interp_frame *f, unsigned var)
{
    int64_t *store = in->p->vars[var].is_thread_local ? f->thread_locals : f->locals;
    return &store[in->slot[var]];
}

static ordo_eval_status read_var(void *ctx, unsigned var, int64_t *value, const char **why)
{
    (void)why;
    eval_ctx *c = ctx;
    const ordo_var *v = &c->in->p->vars[var];
    *value = v->is_global ? c->in->globals[var] : *interp_local(c->in, c->frame, var);
    return ORDO_EVAL_OK;
}

static ordo_eval_status read_cell(void *ctx, uint64_t addr, int64_t *value, const char **why)
{
    eval_ctx *c = ctx;
    if (!interp_mem_valid(&c->in->mem, addr)) {
        *why = addr ? "read of an invalid address" : "read through a NULL pointer";
        return ORDO_EVAL_UNDEFINED;
    }
    *value = interp_mem_get(&c->in->mem, addr);
    return ORDO_EVAL_OK;
}

eval_status interp_eval(eval_ctx *c, const ordo_expr *e, int64_t *out)
{
    ordo_eval_reader r = { c, read_var, read_cell };
    return ordo_expr_eval(c->in->mode, e, &r, out, &c->why) == ORDO_EVAL_OK ? EVAL_OK
                                                                           : EVAL_UNDEFINED;
}
