/* unsat-core refinement of the explicit-value precision (refine.h). */
#include <stdlib.h>

#include <ordo/plugin.h>

#include "refine.h"
#include "refine_slice.h"

unsigned cg_refine_places(const cg_path *pf, cg_prec *prec, const unsigned *labels, unsigned n)
{
    unsigned added = 0;
    for (unsigned i = 0; i < n; i++) {
        const cg_label *l = &pf->labels[labels[i]];
        for (unsigned k = 0; k < l->n_vars; k++)
            if (cg_prec_add_var(prec, l->vars[k])) {
                ordo_log(ORDO_LOG_DEBUG, "cegar: tracking %s", pf->m->p->vars[l->vars[k]].name);
                added++;
            }
        for (unsigned k = 0; k < l->n_cells; k++)
            if (cg_prec_add_cell(prec, l->cells[k])) {
                ordo_log(ORDO_LOG_DEBUG, "cegar: tracking cell %llu",
                         (unsigned long long)l->cells[k]);
                added++;
            }
    }
    return added > 0 ? added : cg_refine_slice(pf, prec, labels, n);
}

unsigned cg_refine_unsat_core(cg_path *pf, cg_prec *prec)
{
    unsigned *core;
    unsigned n = cg_path_core(pf, &core);
    unsigned added = cg_refine_places(pf, prec, core, n);
    free(core);
    return added;
}
