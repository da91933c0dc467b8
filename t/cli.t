#!/usr/bin/perl
# t/cli.t - the command-line convention every tool follows, one table: -h/--help and
# -V/--version (stdout, exit 0), and usage errors (an unknown, ambiguous or
# misused option, a missing argument, an extra or missing operand, a bad option
# value) as one line on stderr, "TOOL: REASON", exit 2 -- mapply exits 1 instead,
# as puppet apply does, since under --detailed-exitcodes 2 means "changes were
# made".  I/O errors (a missing file, a directory given as a file) name the path
# and the system's reason.  Then --graphdir implying --graph, and mcomp's cycle
# warning pointing at mapply.  Everything happens in a temporary directory.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

require './t/testlib.pl';   # slurp, spew, run

my $bdir = dirname($ENV{MCOMP} || 'build/mcomp');
my $tmp = tempdir('cli-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
mkdir "$tmp/dir";
spew("$tmp/file", "x\n");
my $nx = "$tmp/nothere";

# [tool, [args], exit status, stderr (the whole of it: one line) or undef, stdout or undef]
# (undef: not checked; stderr must then be empty when the status is 0)
my $usage = qr/\Ausage: /;
my @cases;
for my $t (qw(mcomp mapply mres mbucket mpm)) {
    my $u = $t eq 'mapply' ? 1 : 2;    # the usage-error status
    push @cases,
        [$t, ['-h'], 0, undef, $usage],
        [$t, ['--help'], 0, undef, $usage],
        [$t, ['-V'], 0, undef, qr/\A$t \d+\.\d+\n\z/],
        [$t, ['--version'], 0, undef, qr/\A$t \d+\.\d+\n\z/],
        [$t, ['--bogus', 'x'], $u, qr/\A$t: unrecognized option '--bogus' \($t --help lists them\)\n\z/],
        [$t, ['--bogus=1', 'x'], $u, qr/\A$t: unrecognized option '--bogus' \($t --help lists them\)\n\z/],
        [$t, ['-Z', 'x'], $u, qr/\A$t: unrecognized option '-Z' \($t --help lists them\)\n\z/],
        [$t, ['--help=yes'], $u, qr/\A$t: option '--help' takes no argument\n\z/],
        [$t, ['--version=yes'], $u, qr/\A$t: option '--version' takes no argument\n\z/],
        [$t, [], $u, qr/\A$t: no \S+ given \(usage: $t \[options\] [^\n]*\)\n\z/];
}
push @cases,
    # missing option arguments
    ['mcomp', ['--facts'], 2, qr/\Amcomp: option '--facts' requires an argument\n\z/],
    ['mcomp', ['-o'], 2, qr/\Amcomp: option '-o' requires an argument\n\z/],
    ['mapply', ['--vardir'], 1, qr/\Amapply: option '--vardir' requires an argument\n\z/],
    ['mapply', ['-j'], 1, qr/\Amapply: option '-j' requires an argument\n\z/],
    ['mres', ['--root'], 2, qr/\Amres: option '--root' requires an argument\n\z/],
    ['mbucket', ['--vardir'], 2, qr/\Ambucket: option '--vardir' requires an argument\n\z/],
    ['mpm', ['--root'], 2, qr/\Ampm: option '--root' requires an argument\n\z/],
    # an abbreviation that fits several options
    ['mapply', ['--gr', 'x'], 1, qr/\Amapply: ambiguous option '--gr' \(--graph, --graphdir, --graph-format\)\n\z/],
    # extra operands
    ['mcomp', ['a.pp', 'b.pp'], 2, qr/\Amcomp: one MANIFEST expected, but also got 'b\.pp'\n\z/],
    ['mapply', ['a.json', 'b.json'], 1, qr/\Amapply: one MANIFEST or CATALOG expected, but also got 'b\.json'\n\z/],
    ['mres', ['--files', 'bash', 'extra'], 2, qr/\Amres: --files takes no other argument, but got 'extra'\n\z/],
    ['mres', ['--files', 'a', '--verify', 'b'], 2, qr/\Amres: --verify and --files cannot be given together\n\z/],
    ['mres', ['file', '/x', 'oops'], 2, qr/\Amres: expected ATTR=VALUE, not 'oops'\n\z/],
    ['mbucket', ['get', 'a', 'b'], 2, qr/\Ambucket: too many arguments \(usage: mbucket \[options\] get SUM\)\n\z/],
    ['mbucket', ['restore', '/x'], 2, qr/\Ambucket: missing argument \(usage: mbucket \[options\] restore PATH SUM\)\n\z/],
    ['mbucket', ['frob'], 2, qr/\Ambucket: unknown command 'frob' \(list, get, restore\)\n\z/],
    # bad values
    ['mapply', ['--graph-format', 'jpg', 'x.json'], 1, qr/\Amapply: unknown --graph-format 'jpg' \(dot, svg, png\)\n\z/],
    ['mapply', ['--jobs', '0', 'x.json'], 1, qr/\Amapply: -j\/--jobs expects a number of jobs from 1 to 1024, not '0'\n\z/],
    # missing files
    ['mcomp', [$nx], 2, qr/\Amcomp: error: cannot read \Q$nx\E: No such file or directory\n\z/],
    ['mcomp', ['--facts', $nx, "$tmp/file"], 2, qr/\Amcomp: error: cannot read facts from \Q$nx\E: No such file or directory\n\z/],
    ['mapply', [$nx], 1, qr/\AError: Could not read catalog \Q$nx\E: No such file or directory\n\z/],
    ['mres', ['--root', $nx, 'file', '/x'], 1, qr/\AError: cannot open the root \Q$nx\E: No such file or directory\n\z/],
    ['mbucket', ['--root', $nx, 'restore', '/x', 'abc'], 1, qr/\AError: cannot open the root \Q$nx\E: No such file or directory\n\z/],
    ['mpm', ['local', 'info', $nx], 1, qr/\APackage file \Q$nx\E not found\n\z/],
    # a directory where a file is wanted, a file where a directory is
    # (a directory is a manifest directory or an environment: see t/env.t)
    ['mcomp', ['--hiera-config', "$tmp/dir", "$tmp/file"], 2, qr/\Amcomp: error: cannot read \Q$tmp\E\/dir: not a regular file\n\z/],
    ['mcomp', ['--facts', "$tmp/dir", "$tmp/file"], 2, qr/\Amcomp: error: cannot read facts from \Q$tmp\E\/dir: Is a directory\n\z/],
    ['mapply', ['--catalog', "$tmp/dir"], 1, qr/\AError: Could not read catalog \Q$tmp\E\/dir: Is a directory\n\z/],
    ['mres', ['--root', "$tmp/file", 'file', '/x'], 1, qr/\AError: cannot open the root \Q$tmp\E\/file: Not a directory\n\z/],
    ['mbucket', ['--vardir', "$tmp/file", 'list'], 1, qr/\Ambucket: cannot read \Q$tmp\E\/file\/bucket: Not a directory\n\z/],
    ['mpm', ['local', 'info', "$tmp/dir"], 1, qr/\ACannot read package \Q$tmp\E\/dir: Is a directory\n\z/];

for my $c (@cases) {
    my ($t, $args, $want, $err_re, $out_re) = @$c;
    my $name = join(' ', $t, @$args);
    $name =~ s/\Q$tmp\E/TMP/g;
    my $st = run(["$bdir/$t", @$args], "$tmp/out", "$tmp/err", undef, 60);
    my ($out, $err) = (slurp("$tmp/out"), slurp("$tmp/err"));
    is($st, $want, "$name: exit $want") or diag $err;
    if (defined $err_re) {
        like($err, $err_re, "$name: says why, on one line");
    } elsif ($want == 0) {
        is($err, '', "$name: nothing on stderr");
    }
    like($out, $out_re, "$name: stdout") if defined $out_re;
    is($out, '', "$name: nothing on stdout") if $want != 0;
}

# --graphdir (and --graph-format) imply --graph
spew("$tmp/site.pp", "notify { 'hi': }\n");
spew("$tmp/facts.json", '{"networking": {"fqdn": "t.example.com"}}');
my $st = run(["$bdir/mcomp", '--facts', "$tmp/facts.json", '-o', "$tmp/cat.json", "$tmp/site.pp"], "$tmp/out", "$tmp/err", undef, 60);
is($st, 0, 'a catalog to apply') or diag slurp("$tmp/err");
mkdir "$tmp/root";
$st = run(["$bdir/mapply", '--root', "$tmp/root", '--vardir', "$tmp/var", '--graphdir', "$tmp/g", "$tmp/cat.json"],
          "$tmp/out", "$tmp/err", undef, 60);
is($st, 0, '--graphdir without --graph: the run succeeds') or diag slurp("$tmp/err");
ok(-s "$tmp/g/resources.dot", '--graphdir alone writes the graphs');
$st = run(["$bdir/mapply", '--root', "$tmp/root", '--vardir', "$tmp/var2", '--graph-format', 'dot', "$tmp/cat.json"],
          "$tmp/out", "$tmp/err", undef, 60);
is($st, 0, '--graph-format without --graph: the run succeeds') or diag slurp("$tmp/err");
ok(-s "$tmp/var2/graphs/relationships.dot", '--graph-format alone writes the graphs into VARDIR/graphs');

# mcomp's cycle warning names mapply's option, not one mcomp lacks
spew("$tmp/cycle.pp", "notify { 'a': require => Notify['b'] }\nnotify { 'b': require => Notify['a'] }\n");
$st = run(["$bdir/mcomp", '--facts', "$tmp/facts.json", "$tmp/cycle.pp"], "$tmp/out", "$tmp/err", undef, 60);
my $err = slurp("$tmp/err");
is($st, 0, 'a catalog with a cycle compiles (as in Puppet)');
like($err, qr/^mcomp: warning: Found 1 dependency cycle:$/m, 'with the cycle warning');
unlike($err, qr/Try the '--graph' option/, 'which does not offer mcomp an option it lacks');
like($err, qr/^mcomp: warning: mapply refuses this catalog; 'mapply --graph CATALOG' writes the cycle as cycles\.dot/m,
     'but says what to run');

done_testing();
