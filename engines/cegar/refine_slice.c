/* The backward-slice fallback of unsat-core refinement (refine_slice.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "refine_slice.h"

typedef struct {
    const cg_path *pf;
    cg_prec *prec;
    bool *seen;          /* per label: in a level already */
    unsigned *next;      /* the next level's labels */
    unsigned n_next;
    unsigned added;
} slicer;

static bool is_global(const cg_path *pf, unsigned var)
{
    return pf->m->p->vars[var].is_global;
}

static bool writes_var(const cg_path *pf, const cg_label *w, unsigned var, unsigned thread)
{
    const ordo_stmt *st = w->stmt;
    return st->has_lhs && !st->lhs.is_mem && st->lhs.var == var &&
           (is_global(pf, var) || w->thread == thread);
}

/* A store at an address the label does not name may write any cell. */
static bool writes_cell(const cg_label *w, uint64_t cell)
{
    const ordo_stmt *st = w->stmt;
    if (!st->has_lhs || !st->lhs.is_mem)
        return false;
    const ordo_expr *a = st->lhs.addr;
    return a->kind != ORDO_E_CONST || (uint64_t)a->value == cell;
}

/* Does label r read var (not only write it: an lvalue variable is its
 * places' first entry)? */
static bool reads_var(const cg_label *r, unsigned k)
{
    const ordo_stmt *st = r->stmt;
    bool lhs = st->has_lhs && !st->lhs.is_mem && st->lhs.var == r->vars[k];
    if (!lhs || k > 0)
        return true;
    for (unsigned i = 1; i < r->n_vars; i++)
        if (r->vars[i] == r->vars[k])
            return true;
    return false;
}

/* The write w joins the next level; its places become tracked. */
static void take(slicer *s, unsigned w)
{
    if (s->seen[w])
        return;
    s->seen[w] = true;
    s->next[s->n_next++] = w;
    const cg_label *l = &s->pf->labels[w];
    for (unsigned k = 0; k < l->n_vars; k++)
        if (cg_prec_add_var(s->prec, l->vars[k])) {
            ordo_log(ORDO_LOG_DEBUG, "cegar: slice tracks %s", s->pf->m->p->vars[l->vars[k]].name);
            s->added++;
        }
    for (unsigned k = 0; k < l->n_cells; k++)
        s->added += cg_prec_add_cell(s->prec, l->cells[k]);
}

/* An allocation reads the next fresh address (state.h: CG_ALLOC_KEY),
 * which every allocation before it wrote: unknown after one of a size
 * the precision did not know, so the sizes are tracked through it. */
static bool allocates(const cg_label *l)
{
    return l->stmt->kind == ORDO_S_ALLOC;
}

/* The last writes before label r of the places r reads. */
static void dependences(slicer *s, unsigned r)
{
    const cg_label *l = &s->pf->labels[r];
    unsigned a = r;
    while (allocates(l) && a-- > 0 && !allocates(&s->pf->labels[a]))
        ;
    if (a < r)
        take(s, a);
    for (unsigned k = 0; k < l->n_vars; k++) {
        if (!reads_var(l, k))
            continue;
        unsigned w = r;
        while (w-- > 0 && !writes_var(s->pf, &s->pf->labels[w], l->vars[k], l->thread))
            ;
        if (w < r)
            take(s, w);
    }
    for (unsigned k = 0; k < l->n_cells; k++) {
        unsigned w = r;
        while (w-- > 0 && !writes_cell(&s->pf->labels[w], l->cells[k]))
            ;
        if (w < r)
            take(s, w);
    }
}

unsigned cg_refine_slice(const cg_path *pf, cg_prec *prec, const unsigned *core, unsigned n)
{
    slicer s = { .pf = pf, .prec = prec, .seen = xcalloc(pf->n_labels + 1, sizeof(bool)),
                 .next = xmalloc((pf->n_labels + 1) * sizeof(unsigned)) };
    unsigned *level = xmalloc((pf->n_labels + 1) * sizeof(unsigned));
    for (unsigned i = 0; i < n; i++)
        s.seen[core[i]] = true;
    memcpy(level, core, n * sizeof *level);
    while (n > 0 && s.added == 0) {
        s.n_next = 0;
        for (unsigned i = 0; i < n; i++)
            dependences(&s, level[i]);
        unsigned *t = level;
        level = s.next;
        s.next = t;
        n = s.n_next;
    }
    free(level);
    free(s.next);
    free(s.seen);
    return s.added;
}
