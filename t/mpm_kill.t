#!/usr/bin/perl
# t/mpm_kill.t - an mpm install, upgrade or remove killed (SIGKILL) at any
# moment leaves the old state or the new one, never a mix, with nothing run
# in between: right after the kill, the module directory is wholly the old
# or wholly the new version, the database (read by mpm's read-only commands,
# which never tidy up) says the same version, verify agrees, and mcomp
# compiles a site using the module whenever it is installed.  Upgrades and
# removes of a module with a locally edited file and a file of nobody's are
# killed too: the edit and the stranger stay on both sides; so are upgrades
# of a package with a file in the share directory.  The next
# writing mpm command then leaves no temporary directory behind.  Runs are
# killed after growing delays until one completes.  Everything happens
# under a temporary directory.
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

# The edited variants: f100 (which version 2 drops) edited by a person, and
# a file of nobody's in files/extra (a directory version 2 drops).
my %local = ('manifests/f100.pp' => "class big::f100 { notify { 'f100 edited': } }\n", 'files/extra/local.txt' => "mine\n");
$want{'1e'} = {%{$want{1}}, %local};
$want{'2e'} = {%{$want{2}}, %local};
$want{'gone e'} = {%local};   # what a remove keeps
sub temporaries {
    my @left;
    for my $d ($mods, "$tmp/share") {
        opendir my $dh, $d or next;
        push @left, grep { /mpm-(new|old)|mpm-probe/ } readdir $dh;
    }
    return @left;
}

# Right after a kill, with no writing mpm run since: the state ('none', 1,
# 2, '1e', '2e'), or '?' when the disk, the database and verify disagree.
# edited: whether the module had the local edits.
sub state_now {
    my ($what, $edited) = @_;
    my @tmp_before = temporaries();
    my ($rc, $list) = mpm('list', 'packages');
    my $d = disk();
    my $e = $edited ? 'e' : '';
    my ($ok, $state) = (0, '?');
    if ($list eq '') {
        ($ok, $state) = ($edited ? defined $d && same($d, $want{'gone e'}) : !defined $d, 'none');
    } elsif ($list eq "big\n") {
        my ($irc, $info) = mpm('info', 'big');
        my ($v) = $info =~ /^Version: (\d)/m;
        $state = defined $v ? "$v$e" : '?';
        $ok = defined $d && defined $v && same($d, $want{$state});
        my ($vrc, $vout) = mpm('verify', 'big');
        # only version 1 has f100, and it was edited
        my $vwant = $state eq '1e' ? "modified: $mods/big/manifests/f100.pp\n" : '';
        $ok &&= $vout eq $vwant && ($vrc != 0) == ($vwant ne '');
        diag "verify: $vout" unless $vout eq $vwant;
        # and mcomp compiles a site using the module, from that version's files
        if ($ok) {
            spew("$tmp/site.pp", "include big\ninclude big::f0\n");
            my $crc = run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120);
            $ok = $crc == 0 && slurp("$tmp/cat.json") =~ /f0 v$v/;
            diag slurp("$tmp/cat.err") unless $ok;
        }
    }
    ok($ok, "$what: the database and the disk agree at once (state $state)" . ($state =~ /\d/ ? ', mcomp compiles it' : ''))
        or diag("list: $list; files: " . ($d ? join(' ', grep { !/^manifests\/f\d+\.pp$/ } sort keys %$d) . ' ...' : 'none'));
    # the readers tidied nothing: a temporary tree the kill left is still there
    my @tmp_after = temporaries();
    is("@tmp_after", "@tmp_before", "$what: reading changed nothing on disk");
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

# ensure(STATE): bring the module to 'none', 1 or '1e' without killing; the
# writing mpm runs leave no temporary directory
sub ensure {
    my ($s) = @_;
    mpm('remove', 'big');
    system('rm', '-rf', "$mods/big");
    if ($s ne 'none') {
        mpm('local', 'install', $pkg{1});
        if ($s eq '1e') {
            while (my ($rel, $c) = each %local) { spew("$mods/big/$rel", $c) }
        }
    }
    my ($rc, $list) = mpm('list', 'packages');
    die "cannot reach state $s" if ($s eq 'none') != ($list eq '');
    my @left = temporaries();
    ok(!@left, "the writing mpm runs before state $s left no temporary directory") or diag "@left";
}

my %seen;
for my $phase (['install', 'none', 'local', 'install', $pkg{1}], ['upgrade', 1, '-f', 'local', 'install', $pkg{2}],
               ['upgrade edited', '1e', '-f', 'local', 'install', $pkg{2}], ['remove', 1, 'remove', 'big'],
               ['remove edited', '1e', 'remove', 'big']) {
    my ($name, $from, @args) = @$phase;
    my ($delay, $kills) = (0, 0);
    my $edited = $from eq '1e';
    for my $round (1 .. 80) {
        ensure($from);
        my $was_killed = killed_run($delay, @args);
        $kills++ if $was_killed;
        my $state = state_now("$name killed after ${delay}us", $edited);
        my $kind = $name =~ /^install/ ? 'install' : $name =~ /^upgrade/ ? 'upgrade' : 'remove';
        my $new = $kind eq 'install' ? 1 : $kind eq 'upgrade' ? 2 : 'none';
        $new .= 'e' if $edited && $new ne 'none';
        ok($state eq $from || $state eq $new, "$name killed after ${delay}us: the old state or the new one ($state)");
        $seen{"$name $state"}++;
        $seen{"$name killed $state"}++ if $was_killed;
        last unless $was_killed;
        $delay = int($delay * 1.3) + 300;
    }
    ok($kills > 0, "$name: killed $kills times before one run completed");
}
ok($seen{'install killed none'} && $seen{'install 1'}, 'killed installs left nothing, the completed one the module');
ok($seen{'upgrade killed 1'} && $seen{'upgrade 2'}, 'killed upgrades left the old version, the completed one the new');
ok($seen{'upgrade edited killed 1e'} && $seen{'upgrade edited 2e'},
   'killed upgrades of an edited module left the old version, the completed one the new, the edits kept both ways');
ok($seen{'remove killed 1'} || $seen{'remove killed none'}, 'removes were killed too');
ok($seen{'remove edited none'}, 'a completed remove of an edited module kept the edit and the stranger');
diag(join ', ', map { "$_: $seen{$_}" } sort grep { /killed/ } keys %seen);

# A package with a second directory (a file tagged d goes to the share
# directory): the module directory is swapped first and decides; right
# after a kill the share file may still be the old version's (the window
# README states), and the next writing mpm run finishes the swap.
{
    my $share = "$tmp/share";
    for my $v (1, 2) {
        my $d = "$tmp/ssrc$v/sdoc";
        make_path("$d/manifests");
        spew("$d/manifests/init.pp", "class sdoc { notify { 'sdoc v$v': } }\n");
        spew("$d/README.md", "readme v$v\n");
        spew("$d/FORMULA", "name: sdoc\nversion: $v.0.0\nrelease: 1\nsummary: s\ndescription: d\nfiles: [manifests, 'd|README.md']\n");
        run([$mpm, "--build-dir=$tmp/spkgs", 'build', $d], "$tmp/out", undef) == 0 or die slurp("$tmp/out");
    }
    my @s = ("--sharedir=$share");
    my ($delay, $kills, %sseen) = (0, 0);
    for my $round (1 .. 80) {
        mpm(@s, 'remove', 'sdoc');
        mpm(@s, 'local', 'install', "$tmp/spkgs/sdoc-1.0.0-1.spm");
        my $was_killed = killed_run($delay, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm");
        $kills++ if $was_killed;
        my ($irc, $info) = mpm(@s, 'info', 'sdoc');
        my ($v) = $info =~ /^Version: (\d)/m;
        my $mod = -f "$mods/sdoc/manifests/init.pp" ? slurp("$mods/sdoc/manifests/init.pp") : '';
        my ($mv) = $mod =~ /sdoc v(\d)/;
        ok(defined $v && defined $mv && $v == $mv, "sdoc killed after ${delay}us: the module directory and the database agree at once")
            or diag "db $info; module $mod";
        my $readme = -f "$share/sdoc/README.md" ? slurp("$share/sdoc/README.md") : "";
        $sseen{$readme eq "readme v$v\n" ? 'share agrees' : 'share behind'}++;
        mpm(@s, 'remove', 'no_such_package');   # a writing run: it finishes what the kill left
        my $readme2 = -f "$share/sdoc/README.md" ? slurp("$share/sdoc/README.md") : "";
        my ($vrc, $vout) = mpm(@s, 'verify', 'sdoc');
        ok($readme2 eq "readme v$v\n" && $vrc == 0, "sdoc killed after ${delay}us: after the next writing run the share file agrees too")
            or diag "readme $readme2, verify $vout";
        last unless $was_killed;
        $delay = int($delay * 1.3) + 300;
    }
    ok($kills > 0, "sdoc: killed $kills times before one run completed");
    diag(join ', ', map { "sdoc $_: $sseen{$_}" } sort keys %sseen);
    mpm(@s, 'remove', 'sdoc');
}

# The same, killed at exact moments: strace kills mpm as it enters its k-th
# renameat2 (the exchange probe, the swap of the module directory, the swap
# of the share directory), so the moments just before and just after each
# swap are seen, whatever the machine's speed.
SKIP: {
    skip 'strace is not installed', 1 unless grep { -x "$_/strace" } split /:/, $ENV{PATH};
    for my $phase (['upgrade edited', '1e', '2e', '-f', 'local', 'install', $pkg{2}], ['remove edited', '1e', 'none', 'remove', 'big']) {
        my ($name, $from, $to, @args) = @$phase;
        for my $k (1 .. 3) {
            ensure($from);
            run(['strace', '-f', '-o', '/dev/null', '-e', 'trace=renameat2', '-e', "inject=renameat2:signal=KILL:when=$k",
                 $mpm, @common, @args], "$tmp/out", "$tmp/err", undef, 60);
            my $state = state_now("$name killed entering renameat2 #$k", 1);
            # 1: the probe, 2: the swap (not made yet); no third: it completes
            is($state, $k < 3 ? $from : $to, "$name killed entering renameat2 #$k: the " . ($k < 3 ? 'old' : 'new') . ' state');
        }
    }
    # just after the swap, before anything is settled: unlinkat #5 is the
    # first deletion of the old tree (four go to the exchange probe)
    ensure('1e');
    run(['strace', '-f', '-o', '/dev/null', '-e', 'trace=unlinkat', '-e', 'inject=unlinkat:signal=KILL:when=5',
         $mpm, @common, '-f', 'local', 'install', $pkg{2}], "$tmp/out", "$tmp/err", undef, 60);
    ok(-d "$mods/.big.mpm-new", 'killed just after the swap: the old tree is still beside the module directory');
    is(state_now('upgrade edited killed just after the swap', 1), '2e', 'the new state, with no repair run');
    my @s = ("--sharedir=$tmp/share");
    my %at;
    for my $k (1 .. 3) {
        mpm(@s, 'remove', 'sdoc');
        mpm(@s, 'local', 'install', "$tmp/spkgs/sdoc-1.0.0-1.spm");
        run(['strace', '-f', '-o', '/dev/null', '-e', 'trace=renameat2', '-e', "inject=renameat2:signal=KILL:when=$k",
             $mpm, @common, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm"], "$tmp/out", "$tmp/err", undef, 60);
        my ($irc, $info) = mpm(@s, 'info', 'sdoc');
        my ($v) = $info =~ /^Version: (\d)/m;
        my ($mv) = slurp("$mods/sdoc/manifests/init.pp") =~ /sdoc v(\d)/;
        my $readme = slurp("$tmp/share/sdoc/README.md");
        $at{$k} = "db $v, module $mv, share " . ($readme =~ /v(\d)/)[0];
        mpm(@s, 'remove', 'no_such_package');
        $at{$k} .= ' then share ' . (slurp("$tmp/share/sdoc/README.md") =~ /v(\d)/)[0];
    }
    is($at{2}, 'db 1, module 1, share 1 then share 1', 'sdoc killed just before the module directory\'s swap: the old version');
    is($at{3}, 'db 2, module 2, share 1 then share 2',
       'killed between the two swaps: the new version, the share file behind until the next writing run');
    mpm(@s, 'remove', 'sdoc');
}

# the module as the last kill left it compiles
ensure(1);
mpm('-f', 'local', 'install', $pkg{2});
spew("$tmp/site.pp", "include big\ninclude big::f159\n");
is(run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120), 0,
   'mcomp compiles a site with the module') or diag slurp("$tmp/cat.err");
like(slurp("$tmp/cat.json"), qr/f159 v1/, 'from the upgraded files');

done_testing();
