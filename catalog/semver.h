/*
 * semver.h - Puppet's SemVer and SemVerRange values (the semantic_puppet
 * gem's Version and VersionRange): parsing, ordering, range membership.
 * Values live in the caller's arena; a V_SEMVER's sv.parsed is an SvVersion,
 * a V_SEMVERRANGE's an SvRangeSet.
 */
#ifndef CATALOG_SEMVER_H
#define CATALOG_SEMVER_H
#include "catalog/value.h"

typedef struct SvVersion {
    int64_t major, minor, patch;
    int infinite;               /* Version::MAX, Infinity.0.0 */
    int has_pre;                /* a prerelease list, maybe empty (Version::MIN's) */
    size_t npre;
    const char **pre;           /* identifiers; numeric ones have pre_num set */
    int64_t *pre_num;
    int *pre_is_num;
    const char *build;          /* joined by '.', or NULL */
} SvVersion;

/* One comparator or a min/max pair (semantic_puppet's AbstractRange). */
typedef enum { SV_ALL, SV_GT, SV_GTEQ, SV_LT, SV_LTEQ, SV_EQ, SV_MINMAX } SvOp;
typedef struct SvRange {
    SvOp op;
    SvVersion v;                /* a comparator's version */
    struct SvRange *min, *max;  /* SV_MINMAX: a lower and an upper comparator */
} SvRange;

typedef struct SvRangeSet {
    SvRange **r;
    size_t n;
} SvRangeSet;

/* SemanticPuppet::Version.parse: NULL and *why when s is not a version. */
Value *sv_version_parse(Arena *a, const char *s, const char **why);
/* A version from its parts (pre and build: one identifier list each, or NULL). */
Value *sv_version_new(Arena *a, int64_t major, int64_t minor, int64_t patch, const char *pre, const char *build);
/* SemanticPuppet::VersionRange.parse: NULL and *why when s is not a range. */
Value *sv_range_parse(Arena *a, const char *s, const char **why);
/* VersionRange.new(min, max, exclude_max) (NULL min/max: MIN/MAX). */
Value *sv_range_between(Arena *a, const Value *min, const Value *max, int exclude_max);
/* Version <=> Version (the build is not compared). */
int sv_compare(const Value *a, const Value *b);
/* VersionRange#include?: prereleases only when a comparator names the
 * same major.minor.patch. */
int sv_range_includes(const Value *range, const Value *version);
/* The String matches of SemVerRange: a String that parses as a version
 * and is in range. */
int sv_range_includes_str(Arena *a, const Value *range, const char *s);
#endif
