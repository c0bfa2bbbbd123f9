/* ordo's version and the commit it was built from (generated into
 * BUILD/gen/version.c whenever HEAD or the work tree's state changes). */
#ifndef ORDO_HARNESS_VERSION_H
#define ORDO_HARNESS_VERSION_H

extern const char ordo_version[];
extern const char ordo_commit[]; /* short hash, "-dirty" when modified */

#endif
