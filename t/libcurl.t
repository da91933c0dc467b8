#!/usr/bin/perl
# t/libcurl.t - PuppetDB without a usable libcurl.  mcomp and mapply load
# libcurl.so.4 with dlopen when PuppetDB is first needed; here the dynamic
# loader finds, through LD_LIBRARY_PATH, a library of that name built by the
# test in its temp dir (one without curl's functions, one with only
# curl_global_init, an empty file), so loading fails as on a machine without
# libcurl, with no test hook in the programs.  The error must name what could
# not be loaded and why, and nothing may be compiled, applied or written past
# the point where PuppetDB was needed.  No PuppetDB is involved: the URL is
# never reached.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;
require './t/testlib.pl';

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $mapply = abs_path($ENV{MAPPLY} || 'build/mapply');
my $cc = $ENV{CC} || 'cc';
my $tmp = tempdir('libcurl-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

# fake libcurl.so.4 libraries, each in its own directory
my %lib = (
    nosyms  => 'int not_curl(void) { return 0; }',
    partial => 'long curl_global_init(long flags) { return flags * 0; }',
);
for my $k (sort keys %lib) {
    mkdir "$tmp/$k" or die "$tmp/$k: $!";
    spew("$tmp/$k/c.c", "$lib{$k}\n");
    my $rc = run([$cc, '-shared', '-fPIC', '-o', "$tmp/$k/libcurl.so.4", "$tmp/$k/c.c"], "$tmp/cc.out");
    BAIL_OUT("cannot build a shared library with $cc: " . slurp("$tmp/cc.out")) if $rc;
}
mkdir "$tmp/empty" or die;
spew("$tmp/empty/libcurl.so.4", '');
my %why = (
    nosyms  => "$tmp/nosyms/libcurl.so.4: undefined symbol: curl_global_init",
    partial => "$tmp/partial/libcurl.so.4: undefined symbol: curl_easy_init",
    empty   => "$tmp/empty/libcurl.so.4: file too short",
);

# a manifest with a collector (PuppetDB is asked), one without, and its catalog
spew("$tmp/collect.pp", "Notify <<| tag == 'x' |>>\nnotify { 'here': }\n");
spew("$tmp/plain.pp", "notify { 'plain': }\n");
mkdir "$tmp/root" or die;
is(run([$mcomp, "$tmp/plain.pp"], "$tmp/plain.json", "$tmp/err"), 0, 'a plain catalog compiles')
    or diag(slurp("$tmp/err"));

sub with_lib {    # runs CMD with LD_LIBRARY_PATH at the fake library K; (status, stdout, stderr)
    my ($k, @cmd) = @_;
    local $ENV{LD_LIBRARY_PATH} = "$tmp/$k" . ($ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
    my $rc = run(\@cmd, "$tmp/out", "$tmp/err", undef, 60);
    return ($rc, slurp("$tmp/out"), slurp("$tmp/err"));
}

for my $k (qw(nosyms partial empty)) {
    my $line = "PuppetDB: cannot load libcurl: $why{$k}";

    my ($rc, $out, $err) = with_lib($k, $mcomp, '--certname', 'n1', '--puppetdb=http://127.0.0.1:1', "$tmp/collect.pp");
    is($rc, 2, "$k: mcomp --puppetdb with a collector exits 2");
    is($err, "mcomp: error: $line\n", "$k: ... with one line saying what could not be loaded and why");
    is($out, '', "$k: ... and writes no catalog");

    ($rc, $out, $err) = with_lib($k, $mcomp, '--certname', 'n1', '--puppetdb=http://127.0.0.1:1', "$tmp/plain.pp");
    is($rc, 2, "$k: mcomp --puppetdb without a collector exits 2 as well (facts and catalog would be sent)");
    is($err, "mcomp: error: $line\n", "$k: ... with the same line");

    ($rc, $out, $err) = with_lib($k, $mapply, '--root', "$tmp/root", '--certname', 'n1',
                                 '--puppetdb=http://127.0.0.1:1', "$tmp/collect.pp");
    is($rc, 1, "$k: mapply --puppetdb MANIFEST exits 1");
    is($err, "mapply: error: $line\n", "$k: ... with the same line");
    is($out, '', "$k: ... before anything is applied");

    ($rc, $out, $err) = with_lib($k, $mapply, '--root', "$tmp/root", '--puppetdb=http://127.0.0.1:1', "$tmp/plain.json");
    is($rc, 1, "$k: mapply --puppetdb CATALOG applies the catalog, then exits 1");
    like($out, qr/^Notice: \/Stage\[main\]\/Main\/Notify\[plain\]\/message: defined 'message' as 'plain'$/m,
         "$k: ... the run is done");
    is($err, "Error: Could not send the report to PuppetDB: $line\n", "$k: ... and the report could not be sent, saying why");
}

# the real libcurl still loads with the same options (the URL cannot be reached)
my ($rc, $out, $err) = with_lib('none', $mcomp, '--certname', 'n1', '--puppetdb=http://127.0.0.1:1', "$tmp/collect.pp");
is($rc, 1, "with the system's libcurl the collector asks PuppetDB, which cannot be reached");
like($err, qr/error: Could not retrieve resources from the PuppetDB: PuppetDB at http:\/\/127\.0\.0\.1:1: /,
     '... the error is the connection, not libcurl') or diag($err);
unlike($err, qr/cannot load libcurl/, '... and libcurl loaded');

done_testing();
