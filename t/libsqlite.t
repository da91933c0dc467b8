#!/usr/bin/perl
# t/libsqlite.t - the store of exported resources without a usable
# libsqlite3.  mcomp loads libsqlite3.so.0 with dlopen when --storeconfigs
# first opens the store, and does not link it (its loading would cost every
# run); here the dynamic loader finds, through LD_LIBRARY_PATH, a library of
# that name built by the test in its temp dir (one without SQLite's
# functions, an empty file), so loading fails as on a machine without
# libsqlite3, with no test hook in the program.  The error must name what
# could not be loaded and why, no catalog may be written, and a compile
# without --storeconfigs must not need the library at all.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;
require './t/testlib.pl';

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $cc = $ENV{CC} || 'cc';
my $tmp = tempdir('libsqlite-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

# the programs that compile do not link it (mpm does, for its own database)
SKIP: {
    skip 'readelf is not installed', 1 if system('command -v readelf > /dev/null 2>&1') != 0;
    my $dir = $mcomp =~ m{^(.*)/[^/]+$} ? $1 : '.';
    my @needs = grep { `readelf -d $dir/$_ 2>/dev/null` =~ /NEEDED.*libsqlite3/ } grep { -x "$dir/$_" } qw(mcomp mapply mres mbucket);
    is("@needs", '', 'mcomp, mapply, mres and mbucket do not link libsqlite3');
}

mkdir "$tmp/nosyms" or die;
spew("$tmp/nosyms/c.c", "int not_sqlite(void) { return 0; }\n");
my $rc = run([$cc, '-shared', '-fPIC', '-o', "$tmp/nosyms/libsqlite3.so.0", "$tmp/nosyms/c.c"], "$tmp/cc.out");
BAIL_OUT("cannot build a shared library with $cc: " . slurp("$tmp/cc.out")) if $rc;
mkdir "$tmp/empty" or die;
spew("$tmp/empty/libsqlite3.so.0", '');
my %why = (
    nosyms => "$tmp/nosyms/libsqlite3.so.0: undefined symbol: sqlite3_open_v2",
    empty  => "$tmp/empty/libsqlite3.so.0: file too short",
);

spew("$tmp/site.pp", "notify { 'here': }\n\@\@notify { 'exported': }\n");

sub with_lib {    # runs CMD with LD_LIBRARY_PATH at the fake library K; (status, stdout, stderr)
    my ($k, @cmd) = @_;
    local $ENV{LD_LIBRARY_PATH} = "$tmp/$k" . ($ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
    my $rc = run(\@cmd, "$tmp/out", "$tmp/err", undef, 60);
    return ($rc, slurp("$tmp/out"), slurp("$tmp/err"));
}

for my $k (qw(nosyms empty)) {
    my ($rc, $out, $err) = with_lib($k, $mcomp, '--certname', 'n1', "--storeconfigs=$tmp/$k.db", "$tmp/site.pp");
    is($rc, 2, "$k: mcomp --storeconfigs exits 2");
    is($err, "mcomp: error: store $tmp/$k.db: cannot load libsqlite3: $why{$k}\n",
       "$k: ... with one line saying what could not be loaded and why");
    is($out, '', "$k: ... and writes no catalog");
    ok(!-e "$tmp/$k.db", "$k: ... nor the store");

    ($rc, $out, $err) = with_lib($k, $mcomp, '--certname', 'n1', "$tmp/site.pp");
    is($rc, 0, "$k: without --storeconfigs the library is not needed") or diag($err);
    like($out, qr/"Notify\[here\]"|"title":"here"/, '... and the catalog is written');
}

# the system's libsqlite3 loads: the export is stored
($rc, my $out, my $err) = with_lib('none', $mcomp, '--certname', 'n1', "--storeconfigs=$tmp/real.db", "$tmp/site.pp");
is($rc, 0, "with the system's libsqlite3 the store opens") or diag($err);
ok(-s "$tmp/real.db", '... and the export is written to it');

done_testing();
