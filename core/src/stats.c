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
    const ordo_stat_desc *declared[2]; /* the engine's and its solver's tables */
    unsigned n_declared;
    char *refused;                     /* the first name refused */
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
    free(s->refused);
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

void ordo_stats_declare(ordo_stats *s, const ordo_stat_desc *table)
{
    if (table && s->n_declared < sizeof s->declared / sizeof s->declared[0])
        s->declared[s->n_declared++] = table;
}

const char *ordo_stats_refused(const ordo_stats *s) { return s->refused; }

static bool declared(const ordo_stats *s, const char *name)
{
    for (unsigned t = 0; t < s->n_declared; t++)
        for (const ordo_stat_desc *d = s->declared[t]; d->name; d++)
            if (!strcmp(d->name, name))
                return true;
    return s->n_declared == 0;
}

/* The slot of name, made when new; -1 when the name is refused. */
static long slot(ordo_stats *s, const char *name)
{
    long i = lookup(s, name);
    if (i < 0 && !declared(s, name)) {
        ordo_log(ORDO_LOG_ERROR, "statistic %s is not declared in the descriptor of the engine "
                 "or its solver: refused", name);
        if (!s->refused)
            s->refused = xstrdup(name);
        return -1;
    }
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
    return i;
}

void ordo_stat_set(ordo_stats *s, const char *name, double value)
{
    long i = slot(s, name); /* before reading s->values: slot() may move it */
    if (i >= 0)
        s->values[i] = value;
}

void ordo_stat_add(ordo_stats *s, const char *name, double delta)
{
    long i = slot(s, name);
    if (i >= 0)
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
