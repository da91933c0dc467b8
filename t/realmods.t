#!/usr/bin/perl
# realmods.t: real Forge modules (Debian 12's puppet-module-* packages, installed by
# `make deps` under /usr/share/puppet/modules) compiled by $MCOMP (default build/mcomp)
# against the catalogs Puppet 7.23 produced for them (t/realmods/README.md).
#
# A site is t/realmods/NAME/site.pp (NAME is the module it exercises), written here; its
# expectation t/realmods/NAME/expected.out is Puppet's catalog through
# `t/normalize --root SITEDIR --modules MODULEPATH` (made by t/realmods/regen.sh). Each
# site is compiled with the facts of t/realmods/facts.json, certname node1.example.com and
# --modulepath /usr/share/puppet/modules (or $REALMODS_MODULEPATH); a hiera.yaml beside
# site.pp is mcomp's default environment layer, as regen.sh gives it to Puppet.
# Sites listed in t/realmods/TODO ("NAME reason", '#' comments) are reported with the TAP
# TODO directive and their reason. One test per site; everything written goes to a temp dir.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;

my $dir = 't/realmods';
my $facts = "$dir/facts.json";
require './t/normalize';    # normalize_catalog(), in-process
require './t/testlib.pl';   # slurp, spew, run
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $modulepath = $ENV{REALMODS_MODULEPATH} || '/usr/share/puppet/modules';
my $certname = 'node1.example.com';
my $tmp = tempdir('realmods-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $abs = abs_path($dir) or BAIL_OUT("no $dir");

BAIL_OUT("$modulepath/stdlib is missing: the Forge modules are test dependencies, run `make deps`"
         . ' (as root) to install the puppet-module-* packages')
    unless -f "$modulepath/stdlib/metadata.json";

# TODO: NAME followed by the reason, on one line
my %todo;
if (-e "$dir/TODO") {
    for (split /\n/, slurp("$dir/TODO")) {
        next if /^\s*(?:#|$)/;
        my ($name, $why) = /^\s*(\S+)\s*(.*?)\s*$/;
        $todo{$name} = length $why ? $why : 'differs from Puppet (t/realmods/TODO)';
    }
}

opendir my $dh, $dir or BAIL_OUT("$dir: $!");
my @sites = sort grep { !/\A\./ && -f "$dir/$_/site.pp" } readdir $dh;
closedir $dh;
BAIL_OUT("no sites in $dir") unless @sites;
for (sort keys %todo) { BAIL_OUT("$dir/TODO names $_, which is no site") unless -f "$dir/$_/site.pp" }

plan tests => scalar @sites;

my $n = 0;
for my $name (@sites) {
    $n++;
    my $site = "$abs/$name";
    my @cmd = ($mcomp, '--facts', $facts, '--certname', $certname,
               '--modulepath', $modulepath, "$site/site.pp");
    my ($out, $err) = ("$tmp/$n.stdout", "$tmp/$n.stderr");
    our $TODO;
    local $TODO = $todo{$name};
    my @why;
    if (!-d "$modulepath/$name") {
        push @why, "module $name is not installed in $modulepath (make deps)";
    } elsif (!-e "$site/expected.out") {
        push @why, "$name/expected.out is missing (t/realmods/regen.sh $name)";
    } else {
        my $status = run(\@cmd, $out, $err, undef, 120);
        my $stderr = slurp($err);
        push @why, 'sanitizer report:', lines($stderr)
            if $stderr =~ /ERROR: (?:LeakSanitizer|AddressSanitizer)|runtime error:/;
        my $got;
        if ($status != 0) {
            push @why, "exit status $status, expected 0", lines($stderr);
        } elsif (!defined($got = eval { normalize_catalog(slurp($out), $site, $modulepath) })) {
            push @why, 'output is not a catalog: ' . $@;
        } elsif ($got ne slurp("$site/expected.out")) {
            spew("$tmp/$n.norm", $got);
            run(['diff', '-u', '--label', "expected $name/expected.out", '--label', 'got',
                 "$site/expected.out", "$tmp/$n.norm"], "$tmp/$n.diff", "$tmp/$n.differr");
            my @d = split /\n/, slurp("$tmp/$n.diff");
            splice @d, 40, @d - 40, '...' if @d > 40;
            push @why, @d;
        }
    }
    ok(!@why, $name) or diag(join "\n", @why);
}

sub lines {
    my @l = split /\n/, $_[0];
    splice @l, 20, @l - 20, '...' if @l > 20;
    return map { "  $_" } @l;
}
