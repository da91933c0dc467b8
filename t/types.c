/*
 * types.c - unit tests for the resource type registry (types/registry.c):
 * lookups by name, namevars, attribute kinds, metaparameters, case rules,
 * and that every table is sorted, since lookups bisect them.
 */
#include <string.h>

#include "t/tap.h"
#include "types/types.h"

#define S(lit) (lit), (sizeof(lit) - 1)

static const TypeParam *param_of(const char *type, const char *param)
{
    return type_param(type_find(type, strlen(type)), param, strlen(param));
}

static void test_find(void)
{
    const TypeDef *t = type_find(S("File"));
    ok(t != NULL, "type_find(\"File\") finds a type");
    is_str(t ? t->name : NULL, "file", "  ... called file");
    is_str(t ? t->namevar : NULL, "path", "  ... with namevar path");
    ok(type_find(S("FILE")) == t && type_find(S("file")) == t, "type names are case-insensitive");
    ok(type_find(S("fIlEbUcKeT")) != NULL && type_find(S("fIlEbUcKeT")) != t, "mixed case filebucket is not file");

    t = type_find(S("exec"));
    is_str(t ? t->namevar : NULL, "command", "exec's namevar is command");
    is_str(type_find(S("tidy"))->namevar, "path", "tidy's namevar is path");
    is_str(type_find(S("package"))->namevar, "name", "package's namevar is name");
    is_str(type_find(S("stage"))->namevar, "name", "stage's implicit namevar is name");

    ok(type_find(S("nosuchtype")) == NULL, "unknown type gives NULL");
    ok(type_find(S("")) == NULL, "empty name gives NULL");
    ok(type_find(S("fil")) == NULL && type_find(S("files")) == NULL, "prefixes and extensions of a name are not the name");
    ok(type_find(S("whit")) == NULL && type_find(S("component")) == NULL, "internal whit and component are left out");
    ok(type_find("file_line", 4) == type_find(S("file")), "name need not be NUL-terminated");
}

static void test_params(void)
{
    const TypeParam *p = param_of("notify", "message");
    ok(p && (p->flags & TP_PROPERTY), "notify has property message");
    p = param_of("notify", "withpath");
    ok(p && p->flags == TP_PARAM, "withpath is a plain notify parameter");
    p = param_of("file", "mode");
    ok(p && p->flags == TP_PROPERTY, "mode is a file property");
    p = param_of("file", "path");
    ok(p && p->flags == (TP_PARAM | TP_NAMEVAR), "file's path is a namevar parameter");
    p = param_of("exec", "command");
    ok(p && (p->flags & TP_NAMEVAR), "exec's command is a namevar");
    ok(param_of("exec", "returns") && (param_of("exec", "returns")->flags & TP_PROPERTY), "exec's returns is a property");
    ok(param_of("package", "provider") && (param_of("package", "provider")->flags & TP_NAMEVAR), "package's provider is a key attribute");
    ok(param_of("package", "command") && (param_of("package", "command")->flags & TP_NAMEVAR), "package's command is a key attribute");

    ok(param_of("file", "Mode") == NULL, "attribute names are case-sensitive");
    ok(param_of("file", "message") == NULL, "file has no message");
    ok(param_of("file", "before") == NULL, "metaparameters are not in a type's table");
    ok(param_of("file", "") == NULL, "empty attribute name gives NULL");
    ok(type_param(NULL, S("mode")) == NULL, "type_param(NULL, ...) gives NULL");
    ok(type_param(type_find(S("file")), "modes", 4) != NULL, "attribute name need not be NUL-terminated");
}

static void test_metaparams(void)
{
    static const char *const puppet[] = {
        "alias", "audit", "before", "loglevel", "noop", "notify",
        "require", "schedule", "stage", "subscribe", "tag",
    };
    static const char *const salt[] = {
        "onchanges", "onchanges_any", "onfail", "onfail_all", "prereq", "use",
        "onlyif", "unless", "creates", "check_cmd", "order", "require_in",
        "watch_in", "onchanges_in", "onfail_in", "prereq_in", "use_in",
    };
    size_t i;
    int all = 1;
    for (i = 0; i < sizeof puppet / sizeof puppet[0]; i++)
        all &= type_is_metaparam(puppet[i], strlen(puppet[i])) != 0;
    ok(all, "every Puppet metaparameter is a metaparameter");
    all = 1;
    for (i = 0; i < sizeof salt / sizeof salt[0]; i++)
        all &= type_is_metaparam(salt[i], strlen(salt[i])) != 0;
    ok(all, "every Salt-style metaparameter is a metaparameter");
    ok(type_is_metaparam(S("before")), "before is a metaparameter");
    ok(!type_is_metaparam(S("mode")), "mode is not a metaparameter");
    ok(!type_is_metaparam(S("consume")) && !type_is_metaparam(S("export")), "consume and export are gone in Puppet 7");
    ok(!type_is_metaparam(S("Before")), "metaparameters are case-sensitive");
    ok(!type_is_metaparam(S("")), "empty name is not a metaparameter");
    ok(type_is_metaparam("requirement", 7), "metaparameter name need not be NUL-terminated");

    ok(type_is_relationship_metaparam(S("before")) && type_is_relationship_metaparam(S("require"))
       && type_is_relationship_metaparam(S("notify")) && type_is_relationship_metaparam(S("subscribe")),
       "before require notify subscribe are relationship metaparameters");
    ok(!type_is_relationship_metaparam(S("require_in")) && !type_is_relationship_metaparam(S("onchanges"))
       && !type_is_relationship_metaparam(S("tag")) && !type_is_relationship_metaparam(S("requir")),
       "others are not");
}

/* Every type: sorted tables, a namevar that is in its table and flagged, and
 * no attribute that is also a metaparameter except exec's own checks. */
static void test_tables(void)
{
    size_t i, j, total = 0;
    int sorted = 1, namevars = 1, found = 1, clash = 0;
    ok(type_count() == 15, "Puppet's twelve types plus cron, host and pkgrepo (got %zu)", type_count());
    ok(type_at(type_count()) == NULL, "type_at past the end gives NULL");
    for (i = 0; i < type_count(); i++) {
        const TypeDef *t = type_at(i);
        const TypeParam *nv = type_param(t, t->namevar, strlen(t->namevar));
        if (i > 0 && strcmp(type_at(i - 1)->name, t->name) >= 0)
            sorted = 0;
        if (!nv || !(nv->flags & TP_NAMEVAR))
            namevars = 0;
        if (type_find(t->name, strlen(t->name)) != t)
            found = 0;
        for (j = 0; j < t->nparams; j++) {
            const TypeParam *p = &t->params[j];
            if (j > 0 && strcmp(t->params[j - 1].name, p->name) >= 0) {
                sorted = 0;
                printf("# %s: %s before %s\n", t->name, t->params[j - 1].name, p->name);
            }
            if (type_param(t, p->name, strlen(p->name)) != p)
                found = 0;
            if (type_is_metaparam(p->name, strlen(p->name)) && strcmp(t->name, "exec") != 0) {
                clash = 1;
                printf("# %s.%s is also a metaparameter\n", t->name, p->name);
            }
        }
        total += t->nparams;
    }
    ok(sorted, "types and every attribute table are sorted and unique");
    ok(namevars, "every namevar is in its type's table, flagged TP_NAMEVAR");
    ok(found, "every type and attribute is found by lookup");
    ok(!clash, "no attribute outside exec is also a metaparameter");
    ok(total == 201, "201 attributes in all (got %zu)", total);
}

/* Module types: found by type_find_module and type_find_applied, never by
 * the compiler's type_find; same table invariants. */
static void test_module_types(void)
{
    static const char *const names[] = { "anchor", "concat_file", "concat_fragment", "file_line",
                                         "ini_setting", "ini_subsetting" };
    int hidden = 1, found = 1, sorted = 1, namevars = 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const TypeDef *t = type_find_module(names[i], strlen(names[i]));
        if (type_find(names[i], strlen(names[i])))
            hidden = 0;
        if (!t || !t->module || type_find_applied(names[i], strlen(names[i])) != t) {
            found = 0;
            continue;
        }
        const TypeParam *nv = type_param(t, t->namevar, strlen(t->namevar));
        if (!nv || !(nv->flags & TP_NAMEVAR))
            namevars = 0;
        for (size_t j = 1; j < t->nparams; j++)
            if (strcmp(t->params[j - 1].name, t->params[j].name) >= 0)
                sorted = 0;
    }
    ok(hidden, "type_find (the compiler's) knows none of the module types");
    ok(found, "type_find_module and type_find_applied find each, with its module set");
    ok(sorted && namevars, "their attribute tables are sorted, their namevars flagged");
    is_str(type_find_module(S("File_Line"))->module, "stdlib", "file_line comes from stdlib (case-insensitive)");
    is_str(type_find_module(S("concat_file"))->namevar, "path", "concat_file's namevar is path");
    ok(type_find_module(S("file")) == NULL && type_find_applied(S("file")) == type_find(S("file")),
       "Puppet's own types are not module types; type_find_applied finds them too");
    ok(type_find(S("file"))->module == NULL, "Puppet's own types have no module");
}

int main(void)
{
    plan(52);
    test_find();
    test_params();
    test_metaparams();
    test_tables();
    test_module_types();
    return done_testing();
}
