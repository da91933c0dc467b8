#!/usr/bin/perl
# t/modsrc.t - module sources without saying the module path twice, and
# sources that exist nowhere refused before the first change:
#   * mcomp records the module path it compiled with (absolute) as the
#     catalog's "modulepath" key; mapply finds puppet:///modules sources
#     there with no --modulepath, and an explicit --modulepath wins;
#   * a catalog from Puppet (no such key) still applies, with --modulepath
#     (t/modsrc/puppet.json: `puppet catalog compile` of t/modsrc/site.pp.in);
#   * a source that resolves nowhere (puppet:///modules, a path, file://) is
#     a validation error before anything changes, also with --noop and
#     --validate; one that another resource of the catalog may make first
#     (an exec's creates, a managed file) is left to the run, as before.
# Everything happens in a temporary directory.
use strict;
use warnings;
use Cwd qw(getcwd);
use File::Temp qw(tempdir);
use Test::More;
require './t/testlib.pl';

my $top    = getcwd();
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
$_ = m{^/} ? $_ : "$top/$_" for $mapply, $mcomp;
my $tmp = tempdir(CLEANUP => 1);
my $var = "$tmp/var";

sub content { my ($p) = @_; -e $p ? slurp($p) : undef }
# Runs a command (array) with stdout and stderr merged: (exit status, output).
sub cmd { my $o = "$tmp/out.txt"; my $rc = run([@_], $o); return ($rc, slurp($o)) }
# mapply with --detailed-exitcodes and the test's state directory.
sub mapply { return cmd($mapply, '--detailed-exitcodes', '--vardir', $var, @_) }
# Compiles PP (written to $tmp/NAME.pp) into $tmp/NAME.json from $tmp as the
# working directory; extra mcomp arguments first.  Returns mcomp's status.
sub compile {
    my ($name, $pp, @args) = @_;
    spew("$tmp/$name.pp", $pp);
    chdir $tmp or die;
    my $rc = run([$mcomp, @args, "$name.pp"], "$name.json", "$name.err");
    chdir $top or die;
    diag slurp("$tmp/$name.err") if $rc;
    return $rc;
}
sub catalog { my ($name) = @_; slurp("$tmp/$name.json") }

# Two module directories with the same module, different content.
mkdir "$tmp/$_" for qw(modules modules/web modules/web/files other other/web other/web/files out);
spew("$tmp/modules/web/files/index.html", "from modules\n");
spew("$tmp/other/web/files/index.html", "from other\n");

# ---- the module path travels with the catalog ----------------------------
is(compile('site', "file { '$tmp/out/index.html': source => 'puppet:///modules/web/index.html' }\n",
           '--modulepath', 'nomods:modules:./modules'), 0, 'a site with a module source compiles');
like(catalog('site'), qr{"environment":"production","modulepath":\["\Q$tmp\E/modules"\],"resources":},
     'mcomp records the module path: absolute, existing directories, once each, after environment');
my ($rc, $out) = mapply("$tmp/site.json");
is($rc, 2, 'mapply with no --modulepath applies it (exit 2)') or diag $out;
is(content("$tmp/out/index.html"), "from modules\n", "... with the source from the catalog's module path");
unlink "$tmp/out/index.html";
($rc, $out) = mapply('--debug', "$tmp/site.json");
like($out, qr{^Debug: Using the catalog's module path \Q$tmp\E/modules$}m, '--debug says where sources come from');
unlink "$tmp/out/index.html";
($rc, $out) = mapply('--modulepath', "$tmp/other", "$tmp/site.json");
is($rc, 2, '--modulepath given: applied') or diag $out;
is(content("$tmp/out/index.html"), "from other\n", '... and an explicit --modulepath wins over the catalog');
unlink "$tmp/out/index.html";
($rc, $out) = mapply('--modulepath', "$tmp/nomods", "$tmp/site.json");
is($rc, 1, '--modulepath without the module: refused before the run') or diag $out;
ok(!-e "$tmp/out/index.html", '... nothing written');

is(compile('plain', "notify { 'x': }\n"), 0, 'a site without a module path compiles');
unlike(catalog('plain'), qr{"modulepath"}, '... and its catalog has no modulepath key');

# A bad modulepath key is a catalog error, named.
(my $bad = catalog('site')) =~ s{"modulepath":\[[^\]]*\]}{"modulepath":"$tmp/modules"};
spew("$tmp/bad1.json", $bad);
($rc, $out) = mapply("$tmp/bad1.json");
is($rc, 1, 'a modulepath that is not an array: exit 1');
like($out, qr{^Error: Could not parse catalog \S+: modulepath: expected an array of absolute directories$}m,
     '... with the reason');
($bad = catalog('site')) =~ s{"modulepath":\[[^\]]*\]}{"modulepath":["modules"]};
spew("$tmp/bad2.json", $bad);
($rc, $out) = mapply("$tmp/bad2.json");
like($out, qr{^Error: Could not parse catalog \S+: modulepath\[0\]: expected an absolute directory \(no ':'\)$}m,
     'a relative modulepath entry is refused');

# ---- a catalog from Puppet has no such key --------------------------------
(my $pj = slurp("$top/t/modsrc/puppet.json")) =~ s/\@TMP\@/$tmp/g;
spew("$tmp/puppet.json", $pj);
($rc, $out) = mapply('--modulepath', "$top/t/modsrc/modules", "$tmp/puppet.json");
is($rc, 2, "Puppet's catalog applies with --modulepath") or diag $out;
is(content("$tmp/out/index.html"), "served by the web module\n", '... the module source copied');
like($out, qr{^Notice: done$}m, '... and the rest of the catalog run');
unlink "$tmp/out/index.html";
($rc, $out) = mapply("$tmp/puppet.json");
is($rc, 1, "Puppet's catalog without --modulepath: refused before the run") or diag $out;
like($out, qr{^Error: Validation of File\[\Q$tmp\E/out/index\.html\] failed: Could not retrieve information from environment production source\(s\) puppet:///modules/web/index\.html \(file: \Q$tmp\E/site\.pp, line: 1\)$}m,
     "... with Puppet's message, the resource's file and line");
unlike($out, qr{Notice: done}, '... and nothing else run');

# ---- a source found nowhere: refused before the first change -------------
spew("$tmp/out/keep", "old\n");
is(compile('missing', <<"EOF", '--modulepath', 'modules'), 0, 'a site with missing sources compiles');
file { '$tmp/out/keep': content => "new\\n" }
file { '$tmp/out/m1': source => 'puppet:///modules/web/missing.html' }
file { '$tmp/out/m2': source => ['$tmp/none1', 'file://$tmp/none2'] }
file { '$tmp/out/gone': ensure => absent, source => 'puppet:///modules/web/nothing' }
EOF
my $m1 = qr{^Error: Validation of File\[\Q$tmp\E/out/m1\] failed: Could not retrieve information from environment production source\(s\) puppet:///modules/web/missing\.html \(file: \Q$tmp\E/missing\.pp, line: 2\)$}m;
my $m2 = qr{^Error: Validation of File\[\Q$tmp\E/out/m2\] failed: Could not retrieve information from environment production source\(s\) file://\Q$tmp\E/none1, file://\Q$tmp\E/none2 \(file: \Q$tmp\E/missing\.pp, line: 3\)$}m;
for my $mode ([], ['--noop'], ['--validate']) {
    my $label = @$mode ? "$mode->[0]: " : '';
    ($rc, $out) = mapply(@$mode, "$tmp/missing.json");
    is($rc, 1, "${label}missing sources: exit 1 (the catalog cannot be applied)") or diag $out;
    like($out, $m1, "${label}a module source found nowhere: Puppet's message");
    like($out, $m2, "${label}a list of paths found nowhere: every source named, as file:// URIs");
    unlike($out, qr{gone}, "${label}a source to be removed need not exist");
    unlike($out, qr{^Notice:}m, "${label}nothing changed, nothing would change");
    is(content("$tmp/out/keep"), "old\n", "${label}the other file is left as it was");
}

# A Sensitive source never shows in the message.
is(compile('secret', "file { '$tmp/out/s': source => Sensitive('$tmp/topsecretplace') }\n"), 0,
   'a site with a Sensitive source compiles');
($rc, $out) = mapply('--validate', "$tmp/secret.json");
is($rc, 1, 'a Sensitive source found nowhere: refused') or diag $out;
like($out, qr{source\(s\) file://\[redacted\] }, '... the path redacted');
unlike($out, qr{topsecretplace}, '... and nowhere in the output');

# ---- a source the catalog itself may make --------------------------------
is(compile('made', <<"EOF"), 0, 'a site whose sources other resources make compiles');
exec { 'seed': command => '/bin/sh -c "mkdir -p $tmp/gen && echo seeded > $tmp/gen/x"', creates => '$tmp/gen' }
file { '$tmp/out/from_exec': source => '$tmp/gen/x', require => Exec['seed'] }
file { '$tmp/made': content => "made\\n" }
file { '$tmp/out/from_file': source => 'file://$tmp/made', require => File['$tmp/made'] }
EOF
($rc, $out) = mapply('--validate', "$tmp/made.json");
is($rc, 0, 'sources an exec (creates) or a file resource makes pass validation') or diag $out;
($rc, $out) = mapply("$tmp/made.json");
is($rc, 2, '... and the run copies them') or diag $out;
is(content("$tmp/out/from_exec"), "seeded\n", "... the exec's file");
is(content("$tmp/out/from_file"), "made\n", "... the managed file");

# An exec that promises a directory but does not make the source: the run
# fails that resource as Puppet does, and goes on.
is(compile('broken', <<"EOF"), 0, 'a site whose exec does not make the source compiles');
exec { 'noop': command => '/bin/true', creates => '$tmp/never' }
file { '$tmp/out/never': source => '$tmp/never/x', require => Exec['noop'] }
file { '$tmp/out/after': content => "after\\n" }
EOF
($rc, $out) = mapply("$tmp/broken.json");
is($rc, 6, 'a source the catalog should have made but did not: the resource fails at its turn') or diag $out;
like($out, qr{^Error: /Stage\[main\]/Main/File\[\Q$tmp\E/out/never\]: Could not evaluate: Could not retrieve information from environment production source\(s\) file://\Q$tmp\E/never/x$}m,
     "... with Puppet's apply-time line");
is(content("$tmp/out/after"), "after\n", '... and the rest of the catalog applied');

done_testing();
