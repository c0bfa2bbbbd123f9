/* The interpreter's memory cells as an SMT array (ordo/ir_smt.h). */
#include <ordo/ir_smt.h>

static const ordo_type cell_index = { ORDO_TY_INT, 64, false };
static const ordo_type cell_value = { ORDO_TY_INT, 64, true };

/* v of type `from` as a term of type `to` (C's conversion). */
static ordo_term convert(const ordo_ir_smt *a, ordo_type to, ordo_term v, ordo_type from)
{
    return ordo_ir_term(a, to, ordo_ir_cast(a, to, ordo_ir_sym(v), from));
}

ordo_sort ordo_ir_mem_sort(const ordo_ir_smt *a)
{
    return ordo_smt_array_sort(a->s, ordo_ir_sort(a, cell_index), ordo_ir_sort(a, cell_value));
}

ordo_term ordo_ir_cell_index(const ordo_ir_smt *a, ordo_type t, ordo_term addr)
{
    return convert(a, cell_index, addr, t);
}

ordo_term ordo_ir_to_cell(const ordo_ir_smt *a, ordo_type t, ordo_term v)
{
    return convert(a, cell_value, v, t);
}

ordo_term ordo_ir_from_cell(const ordo_ir_smt *a, ordo_type t, ordo_term cell)
{
    return convert(a, t, cell, cell_value);
}
