/*
 * Static objects behind addresses: which object an address names when it
 * is a constant base plus an offset (t[i]), and which objects a pointer
 * value may reach at all. An object whose address is never a value (only
 * the constant base of its own loads and stores, as a pthread_t passed to
 * pthread_create and read by pthread_join) is touched by no access
 * through a pointer variable.
 */
#ifndef CEGAR_MEM_OBJECTS_H
#define CEGAR_MEM_OBJECTS_H

#include <ordo/ir.h>

/* The object holding the cell at addr, or NULL. */
const ordo_object *cg_object_at(const ordo_program *p, uint64_t addr);
/* Is addr no cell on any execution: 0, or below the first address of
 * allocated memory (ir.h: next_address) in no static object? (Every
 * other address may be one: a cell of an object some run allocates.) */
bool cg_address_never_valid(const ordo_program *p, uint64_t addr);
/* The object of a constant address or of constant + offset, else NULL. */
const ordo_object *cg_object_of(const ordo_program *p, const ordo_expr *addr);

/* Per object of p (malloc'ed): may an address computed from a value (a
 * pointer variable, a parameter, a stored address) point into it? True
 * for every object whose address occurs anywhere but as the base of an
 * access of its own (conservative: a number equal to an address counts). */
bool *cg_escaping_objects(const ordo_program *p);
/* The same where only numbers of a pointer type count (constants, and
 * initial values of pointer variables; a cell's initial value still
 * counts): what the path formula's memory slicing reads (path.h:
 * unread), where a wrong guess costs a refinement, never a verdict. */
bool *cg_pointed_objects(const ordo_program *p);

/* Marks in loaded (per object of p) the objects a load of statement s may
 * read: the object of a load's constant base, else every object in
 * escapes (cg_escaping_objects). */
void cg_objects_loaded(const ordo_program *p, const ordo_stmt *s, const bool *escapes,
                       bool *loaded);

#endif
