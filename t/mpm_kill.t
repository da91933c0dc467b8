#!/usr/bin/perl
# t/mpm_kill.t - an mpm install, upgrade or remove killed (SIGKILL) at any
# moment leaves the old state or the new one, never a mix, as every reader
# sees it: right after the kill, the first reader (mcomp compiling a site
# that uses the module, or mpm's read-only commands, in turn) finds the
# module directory wholly the old or wholly the new version, the database
# says the same version, verify agrees.  A reader finishes what the killed
# run left half-made (the intent record in the module directory) before it
# reads.  Upgrades and removes of a module with a locally edited file and a
# file of nobody's are killed too: the edit and the stranger stay on both
# sides.  A package with a second directory (a share file; a
# top_level_dir that changes) is killed between its swaps, with strace at
# exact system calls, and so is the two-rename fallback for file systems
# that cannot exchange (MPM_TEST_NO_EXCHANGE).  The next writing mpm command
# then leaves no temporary directory behind.  Runs are killed after growing
# delays until one completes.  Everything happens under a temporary
# directory.
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
# edited: whether the module had the local edits.  mcomp_first: mcomp is
# the first reader (it finishes a half-made change itself), else mpm list.
sub state_now {
    my ($what, $edited, $mcomp_first) = @_;
    my ($crc, $cat);
    my $compile = sub {
        spew("$tmp/site.pp", "include big\ninclude big::f0\n");
        $crc = run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120);
        $cat = slurp("$tmp/cat.json");
    };
    $compile->() if $mcomp_first;
    my ($rc, $list) = mpm('list', 'packages');
    $list = join '', grep { $_ eq "big\n" } split /^/, $list;   # (other packages: the share tests')
    my $d = disk();   # as the first reader left it
    $compile->() unless $mcomp_first;
    my $e = $edited ? 'e' : '';
    my ($ok, $state) = (0, '?');
    if ($list eq '') {
        ($ok, $state) = ($edited ? defined $d && same($d, $want{'gone e'}) : !defined $d, 'none');
        $ok &&= $crc != 0;   # no class big to compile
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
        # and mcomp compiled a site using the module, from that version's files
        if ($ok) {
            $ok = $crc == 0 && $cat =~ /f0 v$v/;
            diag slurp("$tmp/cat.err") unless $ok;
        }
    }
    ok($ok, "$what: " . ($mcomp_first ? 'mcomp' : 'mpm') . " reading first, the database and the disk agree (state $state)" .
       ($state =~ /\d/ ? ', mcomp compiles it' : ''))
        or diag("list: $list; files: " . ($d ? join(' ', grep { !/^manifests\/f\d+\.pp$/ } sort keys %$d) . ' ...' : 'none'));
    ok(!-e "$mods/.mpm-intent", "$what: no half-made change is left once read");
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
        my $state = state_now("$name killed after ${delay}us", $edited, $round % 2);
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
# after a kill the first reader (mpm info, or mcomp) finishes the share
# directory's swap, so the share file always agrees with the version the
# database and the module directory say.
my $share = "$tmp/share";
my @s = ("--sharedir=$share");
for my $v (1, 2) {
    my $d = "$tmp/ssrc$v/sdoc";
    make_path("$d/manifests");
    spew("$d/manifests/init.pp", "class sdoc { notify { 'sdoc v$v': } }\n");
    spew("$d/README.md", "readme v$v\n");
    spew("$d/FORMULA", "name: sdoc\nversion: $v.0.0\nrelease: 1\nsummary: s\ndescription: d\nfiles: [manifests, 'd|README.md']\n");
    run([$mpm, "--build-dir=$tmp/spkgs", 'build', $d], "$tmp/out", undef) == 0 or die slurp("$tmp/out");
}
# top_level_dir changes between the versions of tl: the old module
# directory goes as the new one comes (two swaps in the module directory)
for my $v (1, 2) {
    my $d = "$tmp/tsrc$v/tl";
    my $top = $v == 1 ? 'tla' : 'tlb';
    make_path("$d/$top/manifests");
    spew("$d/$top/manifests/init.pp", "class $top { notify { '$top v$v': } }\n");
    spew("$d/FORMULA", "name: tl\nversion: $v.0.0\nrelease: 1\nsummary: s\ndescription: d\ntop_level_dir: $top\n");
    run([$mpm, "--build-dir=$tmp/tpkgs", 'build', $d], "$tmp/out", undef) == 0 or die slurp("$tmp/out");
}
sub sdoc_reset { mpm(@s, 'remove', 'sdoc'); mpm(@s, 'local', 'install', "$tmp/spkgs/sdoc-1.0.0-1.spm") }
# What the first reader sees: "db V, module V, share V" (mcomp_first: mcomp
# compiles include sdoc first, and its catalog says the module's version).
sub sdoc_seen {
    my ($mcomp_first) = @_;
    my $mv;
    if ($mcomp_first) {
        spew("$tmp/site.pp", "include sdoc\n");
        run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120);
        ($mv) = slurp("$tmp/cat.json") =~ /sdoc v(\d)/;
    }
    my $readme = -f "$share/sdoc/README.md" ? slurp("$share/sdoc/README.md") : '';
    my ($irc, $info) = mpm(@s, 'info', 'sdoc');
    my ($v) = $info =~ /^Version: (\d)/m;
    ($mv) = (-f "$mods/sdoc/manifests/init.pp" ? slurp("$mods/sdoc/manifests/init.pp") : '') =~ /sdoc v(\d)/ unless $mcomp_first;
    ($readme) = ($mcomp_first ? $readme : slurp("$share/sdoc/README.md")) =~ /v(\d)/;
    return join ', ', map { $_ // '-' } "db $v", "module $mv", "share $readme";
}
{
    my ($delay, $kills) = (0, 0);
    for my $round (1 .. 80) {
        sdoc_reset();
        my $was_killed = killed_run($delay, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm");
        $kills++ if $was_killed;
        my $seen = sdoc_seen($round % 2);
        like($seen, qr/^db (\d), module \1, share \1$/, "sdoc killed after ${delay}us: the share file agrees with the module at once ($seen)");
        my ($vrc, $vout) = mpm(@s, 'verify', 'sdoc');
        is($vrc, 0, "sdoc killed after ${delay}us: verify finds every file as recorded") or diag $vout;
        last unless $was_killed;
        $delay = int($delay * 1.3) + 300;
    }
    ok($kills > 0, "sdoc: killed $kills times before one run completed");
}

# The same, killed at exact moments: strace kills mpm as it enters a system
# call, so the moments just before and just after each step are seen,
# whatever the machine's speed.
sub strace_run {
    my ($call, $k, $env, @args) = @_;
    local $ENV{MPM_TEST_NO_EXCHANGE} = $env ? 1 : 0;
    run(['strace', '-f', '-o', '/dev/null', '-e', "trace=$call", '-e', "inject=$call:signal=KILL:when=$k", $mpm, @common, @args],
        "$tmp/out", "$tmp/err", undef, 60);
}
SKIP: {
    skip 'strace is not installed', 1 unless grep { -x "$_/strace" } split /:/, $ENV{PATH};
    # the intent record goes in with renameat; the swaps are renameat2: the
    # module directory's (the moment of the change), then the share's; with
    # the fallback, two renames each
    for my $fallback (0, 1) {
        my $fb = $fallback ? ' (the two-rename fallback)' : '';
        for my $phase (['upgrade edited', '1e', '2e', '-f', 'local', 'install', $pkg{2}], ['remove edited', '1e', 'none', 'remove', 'big']) {
            my ($name, $from, $to, @args) = @$phase;
            my $swap_at = 1;   # renameat2 #1 makes the change (the set-aside with the fallback)
            for my $k (1 .. ($fallback ? 3 : 2)) {
                ensure($from);
                strace_run('renameat2', $k, $fallback, @args);
                my $state = state_now("$name$fb killed entering renameat2 #$k", 1, $k % 2);
                is($state, $k <= $swap_at ? $from : $to, "$name$fb killed entering renameat2 #$k: the " . ($k <= $swap_at ? 'old' : 'new') . ' state');
            }
        }
        for my $mcomp_first (0, 1) {
            my %at;
            my $n = $fallback ? 5 : 3;   # every renameat2, and one past the last
            for my $k (1 .. $n) {
                sdoc_reset();
                strace_run('renameat2', $k, $fallback, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm");
                $at{$k} = sdoc_seen($mcomp_first);
            }
            my $who = $mcomp_first ? 'mcomp' : 'mpm info';
            is($at{1}, 'db 1, module 1, share 1', "sdoc$fb killed entering its first swap, $who reading first: the old version");
            is($at{$_}, 'db 2, module 2, share 2', "sdoc$fb killed entering renameat2 #$_, $who reading first: the new version, the share file too")
                for 2 .. $n;
            ok(!-e "$mods/.mpm-intent", "sdoc$fb: the record is gone once read");
        }
        # the record's own step: killed as it goes in, nothing has changed
        sdoc_reset();
        strace_run('renameat', 1, $fallback, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm");
        is(sdoc_seen(1), 'db 1, module 1, share 1', "sdoc$fb killed as its intent record goes in: the old version");
        # killed just after the swaps, as the record is removed: the new one
        sdoc_reset();
        strace_run('unlinkat', 2, $fallback, @s, '-f', 'local', 'install', "$tmp/spkgs/sdoc-2.0.0-1.spm");
        ok(-e "$mods/.mpm-intent", "sdoc$fb killed removing its record: the record is there");
        is(sdoc_seen(1), 'db 2, module 2, share 2', "sdoc$fb killed removing its record: the new version, mcomp reading first");
        # a top_level_dir that changes: the old module directory goes with
        # the new one's coming, as mcomp (reading first) sees it (two
        # renames, no exchange: the new directory in, the old one out)
        for my $k (1, 2) {
            mpm('remove', 'tl');
            mpm('local', 'install', "$tmp/tpkgs/tl-1.0.0-1.spm");
            strace_run('renameat2', $k, $fallback, '-f', 'local', 'install', "$tmp/tpkgs/tl-2.0.0-1.spm");
            spew("$tmp/site.pp", "include tla\n");
            my $a = run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120) == 0;
            my @dirs = map { -d "$mods/$_" ? $_ : () } qw(tla tlb);
            my ($irc, $info) = mpm('info', 'tl');
            my ($v) = $info =~ /^Version: (\d)/m;
            is("v$v @dirs" . ($a ? ' compiles tla' : ''), $k == 1 ? 'v1 tla compiles tla' : 'v2 tlb',
               "tl$fb killed entering its swap #$k (top_level_dir tla to tlb): " . ($k == 1 ? 'the old module' : 'the new module alone'));
        }
        mpm('remove', 'tl');
    }
    # just after the swap, before anything is settled: unlinkat #1 removes
    # the intent record, the first after the swaps
    ensure('1e');
    strace_run('unlinkat', 2, 0, '-f', 'local', 'install', $pkg{2});
    ok(-d "$mods/.big.mpm-new", 'killed just after the swap: the old tree is still beside the module directory');
    is(state_now('upgrade edited killed just after the swap', 1, 0), '2e', 'the new state');
    # A power cut cannot be made here; the order of what reaches the disk
    # is checked instead, on an install of two packages (one with a share
    # file) in one run: the database's commit of the new rows and the
    # intent record, then one syncfs (the staged trees, the record), then
    # the swaps, then an fsync of each directory swapped in, then the
    # record goes and the rows are settled (a synced commit).
    mpm(@s, 'remove', 'sdoc');
    ensure('none');
    run(['strace', '-f', '-y', '-o', "$tmp/sync.log", '-e', 'trace=fdatasync,fsync,syncfs,renameat,renameat2,unlinkat',
         $mpm, @common, @s, 'local', 'install', $pkg{1}, "$tmp/spkgs/sdoc-1.0.0-1.spm"], "$tmp/out", "$tmp/err", undef, 60);
    my @ev;
    for (split /\n/, slurp("$tmp/sync.log")) {
        push @ev, /fdatasync\(\d+<[^>]*-wal>/ ? 'commit' : /syncfs\(/ ? 'syncfs' : /renameat\(.*"\.mpm-intent"\)/ ? 'record'
                : /renameat2\(/ ? 'swap' : /^\d+\s+fsync\(\d+<\Q$mods\E>/ ? 'sync mods' : /^\d+\s+fsync\(\d+<\Q$share\E>/ ? 'sync share'
                : /unlinkat\(\d+<[^>]*>, "\.mpm-intent", 0\)/ ? 'unrecord' : ();
    }
    my $order = join " ", @ev;
    diag "strace: " . slurp("$tmp/err") . slurp("$tmp/out") . length(slurp("$tmp/sync.log")) unless @ev;
    $order =~ s/(commit )+/commit /g;
    like($order, qr/^commit record syncfs swap swap swap sync mods sync share unrecord commit/,
         'synced in order: the rows and the record, one syncfs, the swaps, their directories, then the rows settled')
        or diag $order;
    is(scalar(grep { $_ eq 'syncfs' } @ev), 1, 'one syncfs for the two packages');
    mpm(@s, 'remove', 'sdoc');
    # a whole install, upgrade and remove with the fallback
    {
        local $ENV{MPM_TEST_NO_EXCHANGE} = 1;
        ensure('1e');
        is(state_now('the fallback: installed', 1, 0), '1e', 'the fallback: the old version installed');
        mpm('-f', 'local', 'install', $pkg{2});
        is(state_now('the fallback: upgraded', 1, 0), '2e', 'the fallback: upgraded, edits kept');
        mpm('remove', 'big');
        is(state_now('the fallback: removed', 1, 1), 'none', 'the fallback: removed, edits kept');
        my @left = temporaries();
        ok(!@left, 'the fallback leaves no temporary directory') or diag "@left";
    }
}
mpm(@s, 'remove', 'sdoc');

# the module as the last kill left it compiles
ensure(1);
mpm('-f', 'local', 'install', $pkg{2});
spew("$tmp/site.pp", "include big\ninclude big::f159\n");
is(run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120), 0,
   'mcomp compiles a site with the module') or diag slurp("$tmp/cat.err");
like(slurp("$tmp/cat.json"), qr/f159 v1/, 'from the upgraded files');

done_testing();
