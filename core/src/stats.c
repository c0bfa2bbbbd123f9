/*
 * Statistics sink of a run: named numbers (DESIGN.md, "Statistics"), kept
 * in insertion order. Engines update a few names in hot loops, so the last
 * name looked up is tried first.
 */
#include <stdlib.h>
#include <string.h>

#include <ordo/host.h>
#include <ordo/xalloc.h>

struct ordo_stats {
    size_t n, cap;
    char **names;
    double *values;
    size_t last;
};

ordo_stats *ordo_stats_new(void)
{
    return xcalloc(1, sizeof(ordo_stats));
}

void ordo_stats_free(ordo_stats *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++)
        free(s->names[i]);
    free(s->names);
    free(s->values);
    free(s);
}

static long lookup(const ordo_stats *s, const char *name)
{
    if (s->last < s->n && !strcmp(s->names[s->last], name))
        return (long)s->last;
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->names[i], name))
            return (long)i;
    return -1;
}

static size_t slot(ordo_stats *s, const char *name)
{
    long i = lookup(s, name);
    if (i < 0) {
        size_t cap = s->cap;
        XGROW(s->names, s->n, s->cap);
        if (cap != s->cap)
            s->values = xrealloc(s->values, s->cap * sizeof *s->values);
        s->names[s->n] = xstrdup(name);
        s->values[s->n] = 0;
        i = (long)s->n++;
    }
    s->last = (size_t)i;
    return (size_t)i;
}

void ordo_stat_set(ordo_stats *s, const char *name, double value)
{
    size_t i = slot(s, name); /* before reading s->values: slot() may move it */
    s->values[i] = value;
}

void ordo_stat_add(ordo_stats *s, const char *name, double delta)
{
    size_t i = slot(s, name);
    s->values[i] += delta;
}

double ordo_stat_get(const ordo_stats *s, const char *name)
{
    long i = lookup(s, name);
    return i < 0 ? 0 : s->values[i];
}

bool ordo_stats_has(const ordo_stats *s, const char *name) { return lookup(s, name) >= 0; }
size_t ordo_stats_count(const ordo_stats *s) { return s->n; }
const char *ordo_stats_name(const ordo_stats *s, size_t i) { return s->names[i]; }
double ordo_stats_value(const ordo_stats *s, size_t i) { return s->values[i]; }
