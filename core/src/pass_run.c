/* Passes by name (passes.h: ordo_pass_run). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/passes.h>
#include <ordo/xalloc.h>

enum { DEFAULT_UNROLL = 2, BAD_PASS = 2 };

const char ordo_pass_names[] = "inline, inline=D, unroll, unroll=K, lbe, scoi, atomic-ends";

enum { NO_MATCH, BARE, WITH_NUMBER };

/* spec is "name" (BARE), "name=N" (WITH_NUMBER, *n = N), or neither. */
static int match(const char *spec, const char *name, unsigned *n)
{
    size_t len = strlen(name);
    *n = 0;
    if (strncmp(spec, name, len))
        return NO_MATCH;
    if (!spec[len])
        return BARE;
    const char *digits = spec + len + 1;
    if (spec[len] != '=' || *digits < '0' || *digits > '9')
        return NO_MATCH;
    char *end;
    errno = 0;
    unsigned long v = strtoul(digits, &end, 10);
    if (*end || errno || v > 1000000)
        return NO_MATCH;
    *n = (unsigned)v;
    return WITH_NUMBER;
}

static int bad(const char *spec, char **err)
{
    *err = xasprintf("unknown pass or bad argument '%s' (allowed: %s)", spec, ordo_pass_names);
    return BAD_PASS;
}

int ordo_pass_run(ordo_program *p, const char *spec, char **summary, char **err)
{
    unsigned n;
    if (match(spec, "inline", &n)) {
        int r = ordo_pass_inline(p, n, err);
        if (!r)
            *summary = xasprintf("inline: calls inlined%s", ordo_program_has_unwinding(p)
                                                                 ? " (recursion cut at the bound)"
                                                                 : "");
        return r;
    }
    int unroll = match(spec, "unroll", &n);
    if (unroll) {
        n = unroll == BARE ? DEFAULT_UNROLL : n;
        int r = ordo_pass_unroll(p, n, n > ORDO_STATIC_TRIP_LIMIT ? n : ORDO_STATIC_TRIP_LIMIT, err);
        if (!r)
            *summary = xasprintf("unroll: loop-free, %s", ordo_program_has_unwinding(p)
                                                               ? "with unwinding assumptions (bounded)"
                                                               : "complete (static trip counts)");
        return r;
    }
    if (!strcmp(spec, "lbe")) {
        *summary = xasprintf("lbe: %u locations merged away", ordo_pass_lbe(p));
        return 0;
    }
    if (!strcmp(spec, "scoi")) {
        *summary = xasprintf("scoi: %u statements removed", ordo_pass_scoi(p));
        return 0;
    }
    if (!strcmp(spec, "atomic-ends")) {
        *summary = xasprintf("atomic-ends: %u sections merged", ordo_pass_merge_atomic_ends(p));
        return 0;
    }
    return bad(spec, err);
}

bool ordo_pass_known(const char *spec)
{
    unsigned n;
    return match(spec, "inline", &n) || match(spec, "unroll", &n) || !strcmp(spec, "lbe") ||
           !strcmp(spec, "scoi") || !strcmp(spec, "atomic-ends");
}
