#!/usr/bin/perl
# mcomp_cli.t: mcomp's command line: facts files (good, nested, broken, endless), usage
# errors and their exit status (2), without a manifest error in sight.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $tmp = tempdir('mcomp-cli-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

require './t/testlib.pl';   # slurp, spew, run

# Runs mcomp with @args (stdin from $in or /dev/null); returns (status, stdout, stderr).
sub mcomp {
    my ($in, @args) = @_;
    my $st = run([$mcomp, @args], "$tmp/out", "$tmp/err", $in, 60);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

spew("$tmp/site.pp", "notify { \"os \${facts['os']['family']} on \${trusted['certname']}\": }\n");
spew("$tmp/facts.json", '{"os": {"family": "Debian"}, "networking": {"fqdn": "a.example.com"}}');
spew("$tmp/nested.json", '{"name": "b.example.com", "values": {"os": {"family": "RedHat"}, "fqdn": "b.example.com"}}');
spew("$tmp/broken.json", '{"os": ');
spew("$tmp/array.json", '[1, 2]');

my ($st, $out, $err) = mcomp(undef, '--facts', "$tmp/facts.json", "$tmp/site.pp");
is($st, 0, 'facts file: compiles') or diag($err);
like($out, qr/"Notify\[os Debian on a\.example\.com\]"|"title":"os Debian on a\.example\.com"/, 'facts and the certname from networking.fqdn reach the manifest');

($st, $out, $err) = mcomp(undef, '--facts', "$tmp/nested.json", "$tmp/site.pp");
is($st, 0, 'facts nested under "values" (puppet facts show): compiles') or diag($err);
like($out, qr/os RedHat on b\.example\.com/, 'the nested facts are the ones used');

($st, $out, $err) = mcomp("$tmp/facts.json", '--facts', '/dev/stdin', "$tmp/site.pp");
is($st, 0, 'facts from a pipe (/dev/stdin)') or diag($err);
like($out, qr/os Debian/, 'the piped facts are used');

($st, $out, $err) = mcomp(undef, '--facts', "$tmp/broken.json", "$tmp/site.pp");
is($st, 2, 'truncated facts JSON: exit 2');
like($err, qr/^mcomp: error: cannot read facts from \Q$tmp\E\/broken\.json: line \d+, column \d+ \(byte \d+\): /m, 'says where the JSON breaks');
is($out, '', 'and writes no catalog');

($st, $out, $err) = mcomp(undef, '--facts', "$tmp/array.json", "$tmp/site.pp");
is($st, 2, 'facts that are not an object: exit 2');
like($err, qr/cannot read facts from \S+array\.json: not a JSON object/, 'says so');

($st, $out, $err) = mcomp(undef, '--facts', "$tmp/missing.json", "$tmp/site.pp");
is($st, 2, 'missing facts file: exit 2');
like($err, qr/cannot read facts from \S+missing\.json: No such file or directory/, 'names the file and the reason');

SKIP: {
    skip 'no /dev/zero', 2 unless -c '/dev/zero';
    ($st, $out, $err) = mcomp(undef, '--facts', '/dev/zero', "$tmp/site.pp");
    is($st, 2, 'an endless facts "file" (/dev/zero) ends with exit 2');
    like($err, qr/cannot read facts from \/dev\/zero: larger than 64 MiB/, 'says it is too large');
}

($st, $out, $err) = mcomp(undef, "$tmp/nothere.pp");
is($st, 2, 'missing manifest: exit 2');
like($err, qr/cannot read \S+nothere\.pp: No such file or directory/, 'names it');

($st, $out, $err) = mcomp(undef, '--datadir', "$tmp/nodir", "$tmp/site.pp");
is($st, 2, 'missing --datadir: exit 2');
like($err, qr/data directory \S+nodir: No such file or directory/, 'names it');

($st, $out, $err) = mcomp(undef);
is($st, 2, 'no manifest: exit 2');
like($err, qr/^mcomp: no MANIFEST given \(usage: mcomp \[options\] MANIFEST\)\n\z/, 'says why, on one line');

($st, $out, $err) = mcomp(undef, '--help');
is($st, 0, '--help: exit 0');
like($out, qr/--facts FILE .*64 MiB/, '--help documents the facts limit');

# A catalog whose text is bigger than mcomp keeps in memory (16 MiB) is
# rendered twice, once for the digest its version and catalog_uuid come
# from and once to the output: the digest of what was written must match.
{
    open my $fh, '>', "$tmp/big.pp" or die;
    printf $fh "file { '/tmp/big/%06d': ensure => file, content => '%s', mode => '0644' }\n", $_, 'x' x 200 for 1 .. 60000;
    close $fh;
    ($st, $out, $err) = mcomp(undef, '--facts', "$tmp/facts.json", "$tmp/big.pp");
    is($st, 0, 'a catalog of 20 MiB compiles') or diag($err);
    ok(length($out) > 17 << 20, 'and is bigger than what is kept in memory');
    my ($prefix, $version, $body) = $out =~ /^(\{"tags":.*?,"name":"[^"]*"),"version":(\d+),.*?,"environment":"[^"]*"(,"resources":.*)\z/s;
    ok(defined $body, 'head and body as Puppet orders them');
    require Digest::SHA;
    my $d = Digest::SHA::sha256($prefix . $body);
    is($version, unpack('N', $d) & 0x7fffffff, 'the version is the digest of the body as written');
    is(() = $out =~ /"type":"File"/g, 60000, 'every resource is written once');
}

done_testing();
