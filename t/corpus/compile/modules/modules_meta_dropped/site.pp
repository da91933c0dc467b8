# A parsed metadata.json must give source, author, version, license and
# dependencies (an array); otherwise Puppet logs an error and drops the
# module: its classes, defines, functions, types, data and templates are
# not found, as if it were not installed.  The compile goes on.
include good
$mods = ['good', 'nolicense', 'nullsource', 'depshash', 'depsstring', 'quoted']
$mods.each |$m| {
  notify { "class ${m}": message => String(defined($m)) }
  notify { "define ${m}::thing": message => String(defined("${m}::thing")) }
}
