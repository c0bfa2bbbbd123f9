/* The common-set table of a report (common_table.h). */
#include "common_table.h"

int common_table_build(const results *r, const common_table_options *o, config_groups *g, table *t,
                       bool *built)
{
    const table_layout *named = o->layout_name ? layout_named(o->layout_name) : NULL;
    const char *regex = o->group_regex ? o->group_regex : named ? named->group_regex : NULL;
    *built = false;
    int status = groups_build(r, regex, g);
    if (!status && o->same)
        status = groups_require_same(r, g, o->same);
    if (status || (!named && !o->common && !o->columns && !o->group_regex && !o->same))
        return status;
    table_layout custom;
    if (!named && (status = layout_custom(r, o->columns, regex, &custom)))
        return status;
    layout_build(named ? named : &custom, r, g, t);
    if (!named)
        layout_free_custom(&custom);
    *built = true;
    return 0;
}
