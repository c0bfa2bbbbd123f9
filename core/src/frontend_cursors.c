/* Cursor utilities of the front end: children, stripping, a cursor-keyed
 * hash map (open addressing, keys compared with clang_equalCursors). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "frontend_internal.h"

typedef struct {
    CXCursor *out;
    unsigned cap, n;
} collect;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    collect *k = data;
    if (k->n < k->cap)
        k->out[k->n] = c;
    k->n++;
    return CXChildVisit_Continue;
}

unsigned fe_children(CXCursor c, CXCursor *out, unsigned cap)
{
    collect k = { out, cap, 0 };
    clang_visitChildren(c, collect_child, &k);
    return k.n;
}

static bool same_type(CXType a, CXType b)
{
    return clang_equalTypes(fe_canon(a), fe_canon(b));
}

CXCursor fe_strip(CXCursor c)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        CXCursor kid[2];
        if (k == CXCursor_ParenExpr && fe_children(c, kid, 2) == 1)
            c = kid[0];
        else if (k == CXCursor_UnexposedExpr && fe_children(c, kid, 2) == 1 &&
                 same_type(clang_getCursorType(c), clang_getCursorType(kid[0])))
            c = kid[0];
        else
            return c;
    }
}

static unsigned key_hash(CXCursor c)
{
    unsigned h = clang_hashCursor(c);
    return h ? h : 1;
}

bool fe_map_get(const fe_map *m, CXCursor key, unsigned *value)
{
    if (!m->cap)
        return false;
    unsigned h = key_hash(key);
    for (unsigned i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        const fe_map_slot *s = &m->slots[i];
        if (!s->used)
            return false;
        if (s->hash == h && clang_equalCursors(s->key, key)) {
            *value = s->value;
            return true;
        }
    }
}

static void insert(fe_map *m, CXCursor key, unsigned h, unsigned value)
{
    for (unsigned i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        fe_map_slot *s = &m->slots[i];
        if (!s->used) {
            *s = (fe_map_slot){ key, h, value, true };
            m->n++;
            return;
        }
        if (s->hash == h && clang_equalCursors(s->key, key)) {
            s->value = value;
            return;
        }
    }
}

void fe_map_put(fe_map *m, CXCursor key, unsigned value)
{
    if (2 * (m->n + 1) > m->cap) {
        fe_map old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->n = 0;
        m->slots = xcalloc(m->cap, sizeof *m->slots);
        for (unsigned i = 0; i < old.cap; i++)
            if (old.slots[i].used)
                insert(m, old.slots[i].key, old.slots[i].hash, old.slots[i].value);
        free(old.slots);
    }
    insert(m, key, key_hash(key), value);
}

void fe_map_clear(fe_map *m)
{
    if (m->slots)
        memset(m->slots, 0, m->cap * sizeof *m->slots);
    m->n = 0;
}

void fe_map_free(fe_map *m)
{
    free(m->slots);
    *m = (fe_map){ 0 };
}
