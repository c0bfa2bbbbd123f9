/*
 * C types of the front end: scalars map to ordo_type (width, signedness;
 * pointers are unsigned integers of the data model's width); aggregates
 * map to cell layouts, one cell per scalar element or field (ir.h). The
 * pthread synchronisation objects (mutex, condition variable, attributes)
 * are one opaque cell each whatever glibc's layout: their state is what
 * LOCK/UNLOCK read and write.
 */
#include <stdio.h>
#include <string.h>

#include "frontend_internal.h"

/* _Atomic(T) has T's cells and values; what makes it atomic (one access
 * per statement, read-modify-write in an atomic section) is the lowering's
 * business (fe_is_atomic). */
CXType fe_canon(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Atomic ? fe_canon(clang_Type_getValueType(c)) : c;
}

bool fe_is_atomic(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Atomic;
}

bool fe_is_void(CXType t)
{
    return fe_canon(t).kind == CXType_Void;
}

static bool is_integer_kind(enum CXTypeKind k)
{
    return (k >= CXType_Bool && k <= CXType_Int128 && k != CXType_Char16 && k != CXType_Char32) ||
           k == CXType_Enum;
}

bool fe_is_opaque(CXType t)
{
    CXType c = fe_canon(t);
    if (c.kind != CXType_Record)
        return false;
    CXString s = clang_getTypeSpelling(c);
    const char *n = clang_getCString(s);
    static const char *const names[] = {
        "pthread_mutex_t", "pthread_cond_t", "pthread_attr_t", "pthread_mutexattr_t",
        "pthread_condattr_t", "pthread_rwlock_t", "pthread_rwlockattr_t", "pthread_barrier_t",
        "pthread_barrierattr_t", "pthread_spinlock_t", "pthread_once_t",
    };
    bool found = false;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !found; i++)
        found = !strcmp(n, names[i]) || (!strncmp(n, "union ", 6) && !strcmp(n + 6, names[i]));
    clang_disposeString(s);
    return found;
}

bool fe_is_scalar(CXType t)
{
    CXType c = fe_canon(t);
    return is_integer_kind(c.kind) || c.kind == CXType_Pointer;
}

ordo_type fe_scalar(fe *f, CXType t, CXCursor at)
{
    CXType c = fe_canon(t);
    if (c.kind == CXType_Pointer)
        return ordo_ty_ptr(f->p->data_model);
    if (c.kind == CXType_Bool)
        return ordo_ty_bool();
    if (c.kind == CXType_Enum)
        return fe_scalar(f, clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c)), at);
    if (is_integer_kind(c.kind)) {
        long long bytes = clang_Type_getSizeOf(c);
        if (bytes < 1 || bytes > 8)
            fe_unsupported(f, at, "integer type of %lld bytes", bytes);
        bool is_signed = c.kind == CXType_Char_S || c.kind == CXType_SChar ||
                         (c.kind >= CXType_Short && c.kind <= CXType_Int128);
        return ordo_ty_int((unsigned)bytes * 8, is_signed);
    }
    if (fe_is_opaque(c))
        return ordo_ty_int(32, true);
    CXString s = clang_getTypeSpelling(t);
    char name[200];
    snprintf(name, sizeof name, "%s", clang_getCString(s));
    clang_disposeString(s);
    if (c.kind == CXType_Float || c.kind == CXType_Double || c.kind == CXType_LongDouble ||
        c.kind == CXType_Float128 || c.kind == CXType_Half || c.kind == CXType_Float16)
        fe_unsupported(f, at, "floating-point value of type '%s'", name);
    fe_unsupported(f, at, "value of type '%s' used as a scalar", name);
}

enum { MAX_FIELDS = 512 };

typedef struct {
    CXCursor *fields;
    unsigned n;
} field_list;

/* Collects only: nothing may longjmp out of a libclang visitor. */
static enum CXVisitorResult push_field(CXCursor field, CXClientData data)
{
    field_list *l = data;
    if (l->n < MAX_FIELDS)
        l->fields[l->n] = field;
    l->n++;
    return CXVisit_Continue;
}

static bool is_union(CXType rec)
{
    return clang_getCursorKind(clang_getTypeDeclaration(rec)) == CXCursor_UnionDecl;
}

static unsigned record_fields(fe *f, CXType rec, CXCursor *fields, CXCursor at)
{
    if (clang_Type_getSizeOf(rec) < 0)
        fe_unsupported(f, at, "incomplete struct type");
    if (is_union(rec))
        fe_unsupported(f, at, "union type");
    field_list l = { fields, 0 };
    clang_Type_visitFields(rec, push_field, &l);
    if (l.n > MAX_FIELDS)
        fe_unsupported(f, at, "struct with more than %d fields", MAX_FIELDS);
    for (unsigned i = 0; i < l.n; i++)
        if (clang_Cursor_isBitField(fields[i]))
            fe_unsupported(f, at, "bit-field '%s'", fe_spelling(f, fields[i]));
    return l.n;
}

uint64_t fe_cells(fe *f, CXType t, CXCursor at)
{
    CXType c = fe_canon(t);
    if (fe_is_opaque(c) || is_integer_kind(c.kind) || c.kind == CXType_Pointer)
        return 1;
    if (c.kind == CXType_ConstantArray) {
        long long n = clang_getArraySize(c);
        uint64_t e = fe_cells(f, clang_getArrayElementType(c), at);
        if (n < 0 || (e && (uint64_t)n > (UINT64_C(1) << 32) / e))
            fe_unsupported(f, at, "array too large");
        return (uint64_t)n * e;
    }
    if (c.kind == CXType_Record) {
        CXCursor fields[MAX_FIELDS];
        unsigned n = record_fields(f, c, fields, at);
        uint64_t sum = 0;
        for (unsigned i = 0; i < n; i++)
            sum += fe_cells(f, clang_getCursorType(fields[i]), at);
        return sum;
    }
    if (c.kind == CXType_IncompleteArray || c.kind == CXType_VariableArray)
        fe_unsupported(f, at, "array of unknown or variable size");
    fe_scalar(f, c, at); /* reports floats and other non-cell types */
    return 1;
}

uint64_t fe_field_offset(fe *f, CXType rec, CXCursor field, CXCursor at)
{
    CXCursor fields[MAX_FIELDS];
    unsigned n = record_fields(f, fe_canon(rec), fields, at);
    uint64_t off = 0;
    for (unsigned i = 0; i < n; i++) {
        if (clang_equalCursors(fields[i], field))
            return off;
        off += fe_cells(f, clang_getCursorType(fields[i]), at);
    }
    /* a field of an anonymous member struct */
    fe_unsupported(f, at, "member of an anonymous struct or union");
}

ordo_type fe_cell_type(fe *f, CXType t, uint64_t offset, CXCursor at)
{
    CXType c = fe_canon(t);
    if (c.kind == CXType_ConstantArray) {
        CXType elem = clang_getArrayElementType(c);
        return fe_cell_type(f, elem, offset % fe_cells(f, elem, at), at);
    }
    if (c.kind == CXType_Record && !fe_is_opaque(c)) {
        CXCursor fields[MAX_FIELDS];
        unsigned n = record_fields(f, c, fields, at);
        for (unsigned i = 0; i < n; i++) {
            CXType ft = clang_getCursorType(fields[i]);
            uint64_t k = fe_cells(f, ft, at);
            if (offset < k)
                return fe_cell_type(f, ft, offset, at);
            offset -= k;
        }
        fe_unsupported(f, at, "cell offset outside its struct");
    }
    return fe_scalar(f, c, at);
}

uint64_t fe_pointee_cells(fe *f, CXType t, CXCursor at)
{
    CXType pointee = clang_getPointeeType(fe_canon(t));
    if (fe_is_void(pointee))
        return 1;
    if (fe_canon(pointee).kind == CXType_FunctionProto ||
        fe_canon(pointee).kind == CXType_FunctionNoProto)
        fe_unsupported(f, at, "arithmetic on a function pointer");
    return fe_cells(f, pointee, at);
}

ordo_type fe_promote(ordo_type t)
{
    if (t.kind == ORDO_TY_BOOL || (t.kind == ORDO_TY_INT && t.width < 32))
        return ordo_ty_int(32, true);
    return t;
}

/* The usual arithmetic conversions on promoted integer types (C11 6.3.1.8),
 * by width: the larger wins; at equal width unsigned wins. */
ordo_type fe_common(ordo_type a, ordo_type b)
{
    a = fe_promote(a);
    b = fe_promote(b);
    if (a.width != b.width)
        return a.width > b.width ? a : b;
    return ordo_ty_int(a.width, a.is_signed && b.is_signed);
}
