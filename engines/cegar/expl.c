/* The explicit-value domain (expl.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "expl.h"
#include "mem_objects.h"

void cg_prec_init(cg_prec *pr, unsigned n_vars)
{
    *pr = (cg_prec){ .n_vars = n_vars, .vars = xcalloc(n_vars + 1, sizeof *pr->vars) };
}

void cg_prec_free(cg_prec *pr)
{
    free(pr->vars);
    free(pr->cells);
    free(pr->preds);
    *pr = (cg_prec){ 0 };
}

bool cg_prec_add_var(cg_prec *pr, unsigned var)
{
    if (var >= pr->n_vars || pr->vars[var])
        return false;
    return pr->vars[var] = true;
}

/* Index of the first cell >= addr. */
static unsigned cell_slot(const cg_prec *pr, uint64_t addr)
{
    unsigned lo = 0, hi = pr->n_cells;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (pr->cells[mid] < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool cg_prec_has_cell(const cg_prec *pr, uint64_t addr)
{
    unsigned i = cell_slot(pr, addr);
    return i < pr->n_cells && pr->cells[i] == addr;
}

bool cg_prec_add_cell(cg_prec *pr, uint64_t addr)
{
    if (cg_prec_has_cell(pr, addr))
        return false;
    unsigned i = cell_slot(pr, addr);
    XGROW(pr->cells, pr->n_cells, pr->cap_cells);
    memmove(pr->cells + i + 1, pr->cells + i, (pr->n_cells - i) * sizeof *pr->cells);
    pr->cells[i] = addr;
    pr->n_cells++;
    return true;
}

unsigned cg_prec_add_reads(cg_prec *pr, const ordo_expr *e)
{
    if (!e)
        return 0;
    unsigned n = 0;
    if (e->kind == ORDO_E_VAR)
        n += cg_prec_add_var(pr, e->var);
    if (e->kind == ORDO_E_LOAD && e->kid[0]->kind == ORDO_E_CONST && e->kid[0]->value > 0)
        n += cg_prec_add_cell(pr, (uint64_t)e->kid[0]->value);
    for (int i = 0; i < 3; i++)
        n += cg_prec_add_reads(pr, e->kid[i]);
    return n;
}

unsigned cg_prec_size(const cg_prec *pr)
{
    unsigned n = pr->n_cells + pr->n_preds;
    for (unsigned v = 0; v < pr->n_vars; v++)
        n += pr->vars[v];
    return n;
}

/* ---- data states ----------------------------------------------------------- */

static unsigned value_slot(const cg_state *s, uint64_t key)
{
    unsigned lo = 0, hi = s->n_vals;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (s->vals[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool expl_get(const cg_state *s, uint64_t key, int64_t *value)
{
    unsigned i = value_slot(s, key);
    if (i >= s->n_vals || s->vals[i].key != key)
        return false;
    *value = s->vals[i].value;
    return true;
}

void expl_set(cg_state *s, uint64_t key, int64_t value)
{
    unsigned i = value_slot(s, key);
    if (i < s->n_vals && s->vals[i].key == key) {
        s->vals[i].value = value;
        return;
    }
    s->vals = xrealloc(s->vals, (s->n_vals + 1) * sizeof *s->vals);
    memmove(s->vals + i + 1, s->vals + i, (s->n_vals - i) * sizeof *s->vals);
    s->vals[i] = (cg_value){ key, value };
    s->n_vals++;
}

void expl_forget(cg_state *s, uint64_t key)
{
    unsigned i = value_slot(s, key);
    if (i < s->n_vals && s->vals[i].key == key) {
        memmove(s->vals + i, s->vals + i + 1, (s->n_vals - i - 1) * sizeof *s->vals);
        s->n_vals--;
    }
}

/* Copy facts occupy the keys [first, last] of var keys with bit 61. */
static const uint64_t copy_first = CG_VAR_KEY | CG_COPY_BIT;
static const uint64_t copy_last = CG_VAR_KEY | CG_COPY_BIT | (CG_COPY_BIT - 1);

static bool is_copy_key(uint64_t key)
{
    return key >= copy_first && key <= copy_last;
}

/* Keeps the values `keep` accepts (with its argument). */
static void filter(cg_state *s, bool (*keep)(const cg_value *, uint64_t), uint64_t arg)
{
    unsigned j = 0;
    for (unsigned i = 0; i < s->n_vals; i++)
        if (keep(&s->vals[i], arg))
            s->vals[j++] = s->vals[i];
    s->n_vals = j;
}

typedef struct {
    const ordo_program *p;
    const bool *escapes;
} reach;

/* Can a store through a pointer write the cell at key? Not one of a
 * static object whose address is never a value (mem_objects.h). */
static bool reachable(const reach *r, uint64_t key)
{
    const ordo_object *ob = cg_object_at(r->p, key);
    return !ob || r->escapes[ob - r->p->objects];
}

/* Neither a cell a pointer may reach nor a fact copied from one. */
static bool not_of_reachable_cells(const cg_value *v, uint64_t arg)
{
    const reach *r = (const reach *)(uintptr_t)arg;
    if (v->key < CG_CELL_LIMIT)
        return !reachable(r, v->key);
    return !(is_copy_key(v->key) && (uint64_t)v->value < CG_CELL_LIMIT &&
             reachable(r, (uint64_t)v->value));
}

void expl_forget_cells(cg_state *s, const ordo_program *p, const bool *escapes)
{
    reach r = { p, escapes };
    filter(s, not_of_reachable_cells, (uint64_t)(uintptr_t)&r);
}

/* Neither a cell of the object nor a fact copied from one. */
static bool not_of_object(const cg_value *v, uint64_t arg)
{
    const ordo_object *ob = (const ordo_object *)(uintptr_t)arg;
    uint64_t cell = v->key;
    if (v->key >= CG_CELL_LIMIT) {
        if (!is_copy_key(v->key) || (uint64_t)v->value >= CG_CELL_LIMIT)
            return true;
        cell = (uint64_t)v->value;
    }
    return cell < ob->base || cell >= ob->base + ob->n_cells;
}

void expl_forget_store(cg_state *s, const ordo_program *p, const bool *escapes,
                       const ordo_expr *addr)
{
    const ordo_object *ob = cg_object_of(p, addr);
    if (ob)
        filter(s, not_of_object, (uint64_t)(uintptr_t)ob);
    else
        expl_forget_cells(s, p, escapes);
}

bool expl_copy_source(const cg_state *s, uint64_t var_key, uint64_t *source)
{
    int64_t v;
    if (!expl_get(s, cg_copy_key(var_key), &v))
        return false;
    *source = (uint64_t)v;
    return true;
}

void expl_copy_set(cg_state *s, uint64_t var_key, uint64_t source)
{
    expl_set(s, cg_copy_key(var_key), (int64_t)source);
}

unsigned expl_copies_of(const cg_state *s, uint64_t key, uint64_t *out, unsigned max)
{
    unsigned n = 0;
    for (unsigned i = value_slot(s, copy_first); i < s->n_vals && n < max; i++)
        if (is_copy_key(s->vals[i].key) && (uint64_t)s->vals[i].value == key)
            out[n++] = s->vals[i].key & ~CG_COPY_BIT;
    return n;
}

static bool not_about(const cg_value *v, uint64_t key)
{
    return !is_copy_key(v->key) || (v->key != cg_copy_key(key) && (uint64_t)v->value != key);
}

void expl_copies_end(cg_state *s, uint64_t key)
{
    unsigned i = value_slot(s, copy_first);
    if (i < s->n_vals && is_copy_key(s->vals[i].key))
        filter(s, not_about, key);
}

uint64_t expl_var_key(const expl_view *v, unsigned var)
{
    return cg_var_key(v->p->vars[var].is_global ? 0 : v->thread, var);
}

static ordo_eval_status read_var(void *ctx, unsigned var, int64_t *value, const char **why)
{
    (void)why;
    const expl_view *v = ctx;
    return expl_get(v->s, expl_var_key(v, var), value) ? ORDO_EVAL_OK : ORDO_EVAL_UNKNOWN;
}

static ordo_eval_status read_cell(void *ctx, uint64_t addr, int64_t *value, const char **why)
{
    const expl_view *v = ctx;
    if (addr == 0) {
        *why = "read through a NULL pointer";
        return ORDO_EVAL_UNDEFINED;
    }
    return addr < CG_CELL_LIMIT && expl_get(v->s, addr, value) ? ORDO_EVAL_OK : ORDO_EVAL_UNKNOWN;
}

ordo_eval_status expl_eval(const expl_view *v, const ordo_expr *e, int64_t *out,
                           const char **why)
{
    ordo_eval_reader r = { (void *)v, read_var, read_cell };
    return ordo_expr_eval(v->mode, e, &r, out, why);
}

void expl_write_var(const expl_view *v, unsigned var, bool known, int64_t value)
{
    uint64_t key = expl_var_key(v, var);
    expl_copies_end(v->s, key);
    if (known && v->prec->vars[var])
        expl_set(v->s, key, ordo_value_convert(v->mode, v->p->vars[var].type, value));
    else
        expl_forget(v->s, key);
}

void expl_write_cell(const expl_view *v, uint64_t addr, bool known, int64_t value)
{
    if (addr >= CG_CELL_LIMIT)
        return;
    expl_copies_end(v->s, addr);
    if (known && cg_prec_has_cell(v->prec, addr))
        expl_set(v->s, addr, value);
    else
        expl_forget(v->s, addr);
}

bool expl_leq(const cg_state *a, const cg_state *b)
{
    unsigned i = 0;
    for (unsigned j = 0; j < b->n_vals; j++) {
        while (i < a->n_vals && a->vals[i].key < b->vals[j].key)
            i++;
        if (i == a->n_vals || a->vals[i].key != b->vals[j].key ||
            a->vals[i].value != b->vals[j].value)
            return false;
    }
    return true;
}
