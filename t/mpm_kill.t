#!/usr/bin/perl
# t/mpm_kill.t - an mpm install, upgrade or remove killed (SIGKILL) at any
# moment leaves the old state or the new one, never a mix: after the kill,
# the next mpm command finishes or undoes what the journal says, and then
# the database and the disk agree (verify finds nothing), no temporary file
# is left, and mcomp compiles a site using the module whenever it is
# installed.  A first install and an upgrade are seen whole even before
# that: the new module directory is renamed (or exchanged) into place in one
# step.  Runs are killed after growing delays until one completes.
# Everything happens under a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use File::Find;
use Time::HiRes qw(usleep);
use Test::More;
require './t/testlib.pl';

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
(my $mpm = $ENV{MPM} || $mcomp) =~ s/mcomp$/mpm/;
my $tmp = tempdir(CLEANUP => 1);
my $mods = "$tmp/mods";
my @common = ("--vardir=$tmp/var", "--confdir=$tmp/conf", "--modulepath=$mods", '-y');
my $pad = 'x' x 2000;

# version 1: 120 classes and a files/extra directory; version 2 changes
# the first 80, drops the next 40 and the directory, adds 40
sub tree {
    my ($v) = @_;
    my %t = ('manifests/init.pp' => "class big { notify { 'big $v': } }\n");
    my @idx = $v == 1 ? (0 .. 119) : (0 .. 79, 120 .. 159);
    for my $i (@idx) {
        my $gen = $v == 1 || $i >= 120 ? 1 : 2;
        $t{"manifests/f$i.pp"} = "class big::f$i { notify { 'f$i v$gen': } }\n# $pad\n";
    }
    $t{'files/extra/a.txt'} = "extra\n" if $v == 1;
    return \%t;
}
my %want = (1 => tree(1), 2 => tree(2));
for my $v (1, 2) {
    my $d = "$tmp/src$v/big";
    while (my ($rel, $c) = each %{$want{$v}}) {
        (my $dir = "$d/$rel") =~ s{/[^/]+$}{};
        make_path($dir);
        spew("$d/$rel", $c);
    }
    spew("$d/FORMULA", "name: big\nversion: $v.0.0\nrelease: 1\nsummary: s\ndescription: d\n");
    run([$mpm, "--build-dir=$tmp/pkgs", 'build', $d], "$tmp/out", undef) == 0 or die slurp("$tmp/out");
}
my %pkg = (1 => "$tmp/pkgs/big-1.0.0-1.spm", 2 => "$tmp/pkgs/big-2.0.0-1.spm");

sub mpm { my $rc = run([$mpm, @common, @_], "$tmp/out", "$tmp/err", undef, 60); return ($rc, slurp("$tmp/out")) }

# What is on disk: undef when the module directory is gone, else
# rel => content for every file (temporary files included, to be caught).
sub disk {
    return undef unless -e "$mods/big";
    my %t;
    find({no_chdir => 1, wanted => sub { $t{substr($_, length("$mods/big/"))} = slurp($_) if -f $_ }}, "$mods/big");
    return \%t;
}
sub same { my ($a, $b) = @_; join("\0", map { "$_=$a->{$_}" } sort keys %$a) eq join("\0", map { "$_=$b->{$_}" } sort keys %$b) }

# The state after the next mpm command: 'none', 1 or 2; fails the test on
# anything else (a temporary file left in the module directory included).
sub settled {
    my ($what) = @_;
    my ($rc, $list) = mpm('list', 'packages');
    my $d = disk();
    my ($dh, @left);
    @left = grep { /mpm-new/ } readdir $dh if opendir $dh, $mods;
    ok(!@left, "$what: no temporary directory left") or diag "@left";
    my ($ok, $state) = (0, '?');
    if ($list eq '') { ($ok, $state) = (!defined $d, 'none') }
    elsif ($list eq "big\n") {
        my ($irc, $info) = mpm('info', 'big');
        my ($v) = $info =~ /^Version: (\d)/m;
        ($ok, $state) = (defined $d && defined $v && same($d, $want{$v}), $v);
        my ($vrc, $vout) = mpm('verify', 'big');
        $ok &&= $vrc == 0;
        # and mcomp compiles a site using the module, from that version's files
        if ($ok) {
            spew("$tmp/site.pp", "include big\ninclude big::f0\n");
            my $crc = run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120);
            $ok = $crc == 0 && slurp("$tmp/cat.json") =~ /f0 v$v/;
            diag slurp("$tmp/cat.err") unless $ok;
        }
    }
    ok($ok, "$what: the database and the disk agree (state $state)" . ($state =~ /\d/ ? ', mcomp compiles it' : ''))
        or diag("list: $list; files: " . ($d ? join(' ', grep { !/^manifests\/f\d+\.pp$/ } sort keys %$d) . ' ...' : 'none'));
    return $state;
}

sub killed_run {
    my ($delay, @args) = @_;
    my $pid = fork // die;
    if (!$pid) {
        open STDOUT, '>', '/dev/null';
        open STDERR, '>', '/dev/null';
        exec $mpm, @common, @args or exit 127;
    }
    usleep($delay);
    kill 'KILL', $pid;
    waitpid $pid, 0;
    return ($? & 127) == 9;   # killed (else it had finished)
}

# ensure(STATE): bring the module to 'none', 1 or 2 without killing
sub ensure {
    my ($s) = @_;
    if ($s eq 'none') { mpm('remove', 'big') if mpm('list', 'packages') && disk() }
    else { mpm('-f', 'local', 'install', $pkg{$s}) }
    my ($rc, $list) = mpm('list', 'packages');
    die "cannot reach state $s" if ($s eq 'none') != ($list eq '');
}

my %seen;
for my $phase (['install', 'none', 'local', 'install', $pkg{1}], ['upgrade', 1, '-f', 'local', 'install', $pkg{2}],
               ['remove', 1, 'remove', 'big']) {
    my ($name, $from, @args) = @$phase;
    my ($delay, $kills) = (0, 0);
    for my $round (1 .. 60) {
        ensure($from);
        my $was_killed = killed_run($delay, @args);
        $kills++ if $was_killed;
        # a new module directory appears whole, and an upgrade replaces it
        # whole, even before anything recovers (the .mpm-swap mark aside)
        if ($name ne 'remove' && $was_killed) {
            my $d = disk();
            delete $d->{'.mpm-swap'} if $d;
            ok($name eq 'install' ? !defined $d || same($d, $want{1}) : defined $d && (same($d, $want{1}) || same($d, $want{2})),
               "$name killed after ${delay}us: the module directory is wholly old or wholly new at once");
        }
        my $state = settled("$name killed after ${delay}us");
        $seen{"$name $state"}++;
        $seen{"$name killed $state"}++ if $was_killed;
        last unless $was_killed;
        $delay = int($delay * 1.3) + 300;
    }
    ok($kills > 0, "$name: killed $kills times before one run completed");
}
ok($seen{'install killed none'} && $seen{'install 1'}, 'killed installs left nothing, the completed one the module');
ok($seen{'upgrade killed 1'} && $seen{'upgrade 2'}, 'killed upgrades left the old version, the completed one the new');
ok($seen{'remove killed 1'} || $seen{'remove killed none'}, 'removes were killed too');
diag(join ', ', map { "$_: $seen{$_}" } sort grep { /killed/ } keys %seen);

# the module as the last kill left it compiles
ensure(2);
spew("$tmp/site.pp", "include big\ninclude big::f159\n");
is(run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120), 0,
   'mcomp compiles a site with the module') or diag slurp("$tmp/cat.err");
like(slurp("$tmp/cat.json"), qr/f159 v1/, 'from the upgraded files');

done_testing();
