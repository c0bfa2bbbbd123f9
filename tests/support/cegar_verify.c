/* cg_verify with replayed counterexamples, for unit tests (cegar_verify.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <ordo/trace.h>

#include "cegar_verify.h"

cg_outcome cegar_verify_replayed(const ordo_program *p, const cg_config *cfg,
                                 const ordo_solver_factory *solvers, cg_counters *c)
{
    memset(c, 0, sizeof *c);
    cg_outcome o = cg_verify(p, cfg, solvers, NULL, c);
    if (o.verdict == ORDO_VERDICT_UNSAFE) {
        char *why = NULL;
        if (!ordo_trace_replay(p, o.trace, &why))
            fail_msg("counterexample does not replay: %s", why);
        ordo_trace_free(o.trace);
    }
    return o;
}
