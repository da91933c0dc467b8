/*
 * facts.h - the facts of this machine, named and shaped as Facter 4 gives
 * them; the legacy facts derived from the structured ones; external facts
 * from facts.d directories; facter's JSON rendering.
 */
#ifndef COMPILER_FACTS_H
#define COMPILER_FACTS_H
#include "compiler/compiler.h"
#include <stdio.h>

/* The core facts of this machine (os, kernel, networking, memory,
 * processors, virtual, identity, dmi, mountpoints, ssh, ...), read from
 * /proc, /sys and /etc without running any program.  The environment
 * variable MCOMP_FACTS_ROOT (for tests) makes every file read come from
 * under that directory, and machine calls (uname, interfaces, statvfs)
 * are then left out.  Lives in the compile arena. */
Value *facts_gather(Compiler *c);

/* facts plus the legacy facts (osfamily, ipaddress, memorysize, ...)
 * `facter --show-legacy` prints, derived from the structured ones; a fact
 * facts already has keeps its value.  A new hash in the compile arena. */
Value *facts_add_legacy(Compiler *c, Value *facts);

/* facts plus the external facts of the facts.d directories (Facter's
 * defaults when defaults is set, then the --external-facts ones): key=value
 * .txt files, .json, .yaml and executables; they override facts of the
 * same name.  A file that cannot be read or parsed is a warning.  A new
 * hash in the compile arena (facts itself when nothing was found). */
Value *facts_add_external(Compiler *c, Value *facts, int defaults);

/* facts plus what a Puppet agent adds to them (Puppet::Node::Facts
 * add_local_facts): clientcert (c->certname), clientversion, clientnoop;
 * facts the hash has keep their value.  A new hash in the compile arena. */
Value *facts_add_agent(Compiler *c, Value *facts);

/* facts as `facter --json` prints them (keys sorted, two-space indent).
 * Returns 0, or -1 on a write error. */
int facts_print_json(const Value *facts, FILE *out);
#endif
