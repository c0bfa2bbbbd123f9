/* The cegar engine's --arith (arith.h). */
#include <ordo/ir_smt.h>
#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "arith.h"

/* Why Int cannot run a configuration, or NULL. */
static const char *configuration_refuses_int(bool pred, bool itp)
{
    if (!pred)
        return "--domain expl, whose explicit values follow C's bit-precise arithmetic";
    if (itp)
        return "an interpolating refinement, whose interpolants are read back from "
               "bit-vector terms only";
    return NULL;
}

char *cg_arith_choose(cg_arith arith, bool pred, bool itp, const ordo_program *p,
                      bool *smt_int)
{
    *smt_int = false;
    if (arith == CG_ARITH_BV)
        return NULL;
    const char *refused = configuration_refuses_int(pred, itp);
    ordo_arith_choice choice = ordo_program_arith_choice(p);
    if (arith == CG_ARITH_INT) {
        if (refused)
            return xasprintf("unsupported: --arith int with %s (cegar)", refused);
        if (choice.required)
            return xasprintf("unsupported: --arith int on bit-vector semantics (%s:%u) (cegar)",
                             choice.why->file ? choice.why->file : "?", choice.why->line);
        *smt_int = true;
        return NULL;
    }
    if (!refused && choice.bv)
        ordo_log(ORDO_LOG_INFO, "cegar: bit-vector arithmetic, for %s:%u",
                 choice.why->file ? choice.why->file : "?", choice.why->line);
    *smt_int = !refused && !choice.bv;
    return NULL;
}
