/*
 * Option values of a plugin run: every declared option, defaulted, each
 * value checked against its descriptor (type, allowed values, bounds)
 * before the run starts (DESIGN.md, "Plugins").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/host.h>
#include <ordo/xalloc.h>

struct ordo_options {
    const ordo_option_desc *desc; /* n entries */
    size_t n;
    char **values;
};

ordo_options *ordo_options_new(const ordo_option_desc *desc)
{
    ordo_options *o = xcalloc(1, sizeof *o);
    o->desc = desc;
    while (desc && desc[o->n].name)
        o->n++;
    o->values = xcalloc(o->n, sizeof *o->values);
    for (size_t i = 0; i < o->n; i++)
        o->values[i] = xstrdup(desc[i].default_value ? desc[i].default_value : "");
    return o;
}

void ordo_options_free(ordo_options *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->n; i++)
        free(o->values[i]);
    free(o->values);
    free(o);
}

const char *ordo_option_type_name(ordo_option_type t)
{
    switch (t) {
    case ORDO_OPT_BOOL: return "bool";
    case ORDO_OPT_INT: return "int";
    case ORDO_OPT_ENUM: return "enum";
    case ORDO_OPT_STRING: return "string";
    }
    return "?";
}

static bool parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end)
        return false;
    *out = v;
    return true;
}

/* An allowed enum value "NAME:" stands for NAME: followed by any text
 * (e.g. cegar's --initprec file:PATH). */
static bool is_prefix_value(const char *allowed)
{
    size_t n = strlen(allowed);
    return n > 0 && allowed[n - 1] == ':';
}

static bool enum_admits(const char *allowed, const char *value)
{
    if (is_prefix_value(allowed))
        return !strncmp(allowed, value, strlen(allowed)) && value[strlen(allowed)] != '\0';
    return !strcmp(allowed, value);
}

char *ordo_option_allowed_text(const ordo_option_desc *d)
{
    switch (d->type) {
    case ORDO_OPT_BOOL:
        return xstrdup("true, false");
    case ORDO_OPT_INT:
        if (d->min > d->max)
            return xstrdup("an integer");
        return xasprintf("an integer in [%ld, %ld]", d->min, d->max);
    case ORDO_OPT_ENUM: {
        size_t len = 1;
        for (const char *const *a = d->allowed; a && *a; a++)
            len += strlen(*a) + 5;
        char *s = xcalloc(1, len);
        for (const char *const *a = d->allowed; a && *a; a++) {
            if (a != d->allowed)
                strcat(s, ", ");
            strcat(s, *a);
            if (is_prefix_value(*a))
                strcat(s, "...");
        }
        return s;
    }
    case ORDO_OPT_STRING:
        return xstrdup("any text");
    }
    return xstrdup("?");
}

static bool value_is_valid(const ordo_option_desc *d, const char *value)
{
    long v;
    switch (d->type) {
    case ORDO_OPT_BOOL:
        return !strcmp(value, "true") || !strcmp(value, "false");
    case ORDO_OPT_INT:
        return parse_long(value, &v) && (d->min > d->max || (v >= d->min && v <= d->max));
    case ORDO_OPT_ENUM:
        for (const char *const *a = d->allowed; a && *a; a++)
            if (enum_admits(*a, value))
                return true;
        return false;
    case ORDO_OPT_STRING:
        return true;
    }
    return false;
}

char *ordo_option_check(const ordo_option_desc *d, const char *owner, const char *value)
{
    if (value_is_valid(d, value))
        return NULL;
    char *allowed = ordo_option_allowed_text(d);
    char *msg = xasprintf("bad value '%s' for option '%s' of %s (allowed: %s)", value, d->name,
                          owner, allowed);
    free(allowed);
    return msg;
}

static long find(const ordo_options *o, const char *name)
{
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->desc[i].name, name))
            return (long)i;
    return -1;
}

static char *known_names(const ordo_options *o)
{
    size_t len = 1;
    for (size_t i = 0; i < o->n; i++)
        len += strlen(o->desc[i].name) + 2;
    char *s = xcalloc(1, len);
    for (size_t i = 0; i < o->n; i++) {
        if (i)
            strcat(s, ", ");
        strcat(s, o->desc[i].name);
    }
    return s;
}

bool ordo_options_set(ordo_options *o, const char *owner, const char *name, const char *value,
                      char **err)
{
    long i = find(o, name);
    if (i < 0) {
        char *names = known_names(o);
        *err = xasprintf("unknown option '%s' of %s (options: %s)", name, owner,
                         o->n ? names : "none");
        free(names);
        return false;
    }
    *err = ordo_option_check(&o->desc[i], owner, value);
    if (*err)
        return false;
    free(o->values[i]);
    o->values[i] = xstrdup(value);
    return true;
}

size_t ordo_options_count(const ordo_options *o) { return o->n; }
const char *ordo_options_name(const ordo_options *o, size_t i) { return o->desc[i].name; }
const char *ordo_options_value(const ordo_options *o, size_t i) { return o->values[i]; }

/* An engine asking for an option it did not declare is a bug in the
 * engine: stop loudly (the run ends as a crash with this line in its log). */
static const char *value_of(const ordo_options *o, const char *name)
{
    long i = find(o, name);
    if (i < 0) {
        ordo_log(ORDO_LOG_ERROR, "engine asked for undeclared option '%s'", name);
        abort();
    }
    return o->values[i];
}

const char *ordo_opt_str(const ordo_options *o, const char *name)
{
    return value_of(o, name);
}

long ordo_opt_int(const ordo_options *o, const char *name)
{
    long v = 0;
    parse_long(value_of(o, name), &v);
    return v;
}

bool ordo_opt_bool(const ordo_options *o, const char *name)
{
    return !strcmp(value_of(o, name), "true");
}

bool ordo_opt_is(const ordo_options *o, const char *name, const char *value)
{
    return !strcmp(value_of(o, name), value);
}
