/* Placeholder of the C front end until its issue lands (ir.h). */
#include <ordo/ir.h>
#include <ordo/xalloc.h>

ordo_program *ordo_frontend_parse(const char *path, ordo_data_model dm, int *status, char **err)
{
    (void)dm;
    *status = ORDO_FRONTEND_UNSUPPORTED;
    *err = xasprintf("unsupported: the C front end is not built yet (%s:0)", path);
    return NULL;
}
