#!/usr/bin/perl
# t/kill.t - a run killed at any moment leaves no half-written managed file,
# and every replaced file can be restored from the bucket.
#
# 400 files of 20 KiB are replaced.  First an exec in the middle of the
# catalog kills mapply with SIGKILL (a certain mid-run kill); then runs are
# killed after growing delays until one completes.  After every kill each
# file must hold exactly its old or exactly its new content, with its mode.
# At the end every file is new, and mbucket restores an old one byte for
# byte.  Then the same for a catalog of many small files, all written by
# one group commit (their temporary files made durable together, then
# renamed): killed at many moments, every file is wholly old or wholly
# new (the old content with its old mode and group, the new with the new
# ones: they are set on the temporary file, never on the old file in
# place), no temporary file is left once a run completes, and an exec that
# requires one of them sees it in place.  Everything happens under a
# temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Time::HiRes qw(usleep);
use POSIX qw(WNOHANG);
use Test::More;

my $mapply  = $ENV{MAPPLY} || 'build/mapply';
my $mcomp   = $ENV{MCOMP}  || 'build/mcomp';
(my $mbucket = $mapply) =~ s/mapply$/mbucket/;
my $tmp = tempdir(CLEANUP => 1);
my $n = 400;
my $big = join('', map { chr(97 + $_ % 26) } 0 .. 20479);

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub old_content { "old $_[0]\n" . ('o' x 1000) }
sub new_content { "$big $_[0]\n" }

mkdir "$tmp/d" or die $!;
for my $i (0 .. $n - 1) { write_file("$tmp/d/f$i", old_content($i)); chmod 0600, "$tmp/d/f$i"; }

# the catalog: the files, with a killer exec after the first half
sub manifest {
    my ($kill) = @_;
    my $pp = "\$big = '$big'\n";
    for my $i (0 .. $n - 1) {
        $pp .= "file { '$tmp/d/f$i': ensure => file, mode => '0644', content => \"\${big} $i\\n\" }\n";
        $pp .= "exec { 'kill': command => 'kill -9 \$PPID', provider => shell, require => File['$tmp/d/f"
             . ($n / 2 - 1) . "'], before => File['$tmp/d/f" . ($n / 2) . "'] }\n"
            if $kill && $i == $n / 2 - 1;
    }
    write_file("$tmp/site.pp", $pp);
    system("$mcomp $tmp/site.pp > $tmp/cat.json") == 0 or die "mcomp failed";
}

# Each file is wholly old or wholly new; returns (old, new).
sub check_files {
    my ($what) = @_;
    my ($old, $new, @bad) = (0, 0);
    for my $i (0 .. $n - 1) {
        my $c = slurp("$tmp/d/f$i");
        my $mode = (stat "$tmp/d/f$i")[2] & 07777;
        if (defined $c && $c eq old_content($i) && $mode == 0600) { $old++ }
        elsif (defined $c && $c eq new_content($i) && $mode == 0644) { $new++ }
        else { push @bad, "f$i" }
    }
    ok(!@bad, "$what: every file is wholly old or wholly new (each with its own mode)") or diag "bad: @bad[0 .. ($#bad < 5 ? $#bad : 4)]";
    return ($old, $new);
}

sub run_mapply { system("$mapply --vardir $tmp/var $tmp/cat.json > $tmp/out 2>&1"); return $?; }

# 1. the exec kills mapply half-way through
manifest(1);
my $st = run_mapply();
# (through the shell of system(), a child killed by signal 9 exits 137)
ok(($st & 127) == 9 || $st >> 8 == 137, 'the run was killed by SIGKILL') or diag slurp("$tmp/out");
my ($old, $new) = check_files('after the mid-run kill');
is($new, $n / 2, 'exactly the files before the kill were replaced');
is($old, $n / 2, 'and the rest still hold their old content');

# 2. kills at growing delays until a run completes
manifest(0);
my ($kills, $done) = (0, 0);
for (my $delay = 2_000; !$done && $delay < 20_000_000; $delay = int($delay * 1.7)) {
    my $pid = fork // die "fork: $!";
    if (!$pid) {
        open STDOUT, '>', '/dev/null'; open STDERR, '>', '/dev/null';
        exec $mapply, '--vardir', "$tmp/var", "$tmp/cat.json" or exit 127;
    }
    usleep($delay);
    if (waitpid($pid, WNOHANG) == $pid) { $done = 1; last; }
    kill 'KILL', $pid;
    waitpid($pid, 0);
    # a run killed before it took the lock may have done nothing: fine
    $done = 1 if ($? & 127) == 0;
    $kills++;
    check_files(sprintf('killed after %.3f s', $delay / 1e6));
}
ok($kills > 0, "runs were killed part-way ($kills times) before one completed");

# 3. a full run finishes the job; the bucket has every old content
is(run_mapply(), 0, 'a full run completes') or diag slurp("$tmp/out");
($old, $new) = check_files('after the full run');
is($new, $n, 'every file is new');
my $list = `$mbucket --vardir $tmp/var list 2>&1`;
my $found = grep { $list =~ m{ \Q$tmp\E/d/f$_$}m } 0 .. $n - 1;
is($found, $n, 'mbucket lists a backup for every replaced file');
my ($sum) = $list =~ m{^(\S+) .* \Q$tmp\E/d/f7$}m;
ok(defined $sum, 'the backup of f7 has a sum');
is(system("$mbucket --vardir $tmp/var restore $tmp/d/f7 $sum > $tmp/out 2>&1"), 0, 'mbucket restore succeeds')
    or diag slurp("$tmp/out");
is(slurp("$tmp/d/f7"), old_content(7), 'f7 holds its old content again, byte for byte');

# 4. group commit: 3000 small files, a third of them new, the rest
# replaced, and given a new mode and (every other one) a new group too;
# no exec in the way, so they are written as one batch
my $m = 3000;
# (under --root, so that runs of other roots never hold it up)
mkdir "$tmp/groot" or die $!;
my $g = "$tmp/groot/g";
mkdir $g or die $!;
sub g_old { "old small $_[0]\n" }
sub g_new { "new small $_[0]\n" }
my $root = $> == 0;                 # (a group is changed only as root)
my $egid = (split ' ', $))[0] + 0;  # the old files' group
sub g_regroup { $root && $_[0] % 3 == 2 }   # replaced files that get group 1 as well
for my $i (0 .. $m - 1) { next if $i % 3 == 0; write_file("$g/f$i", g_old($i)); chmod 0600, "$g/f$i"; }
{
    my $pp = '';
    $pp .= "file { '/g/f$_': ensure => file, mode => '0640', content => \"new small $_\\n\"" . (g_regroup($_) ? ", group => 1" : '') . " }\n"
        for 0 .. $m - 1;
    write_file("$tmp/g.pp", $pp);
    system("$mcomp $tmp/g.pp > $tmp/g.json") == 0 or die "mcomp failed";
}
sub check_small {
    my ($what) = @_;
    my ($old, $new, @bad) = (0, 0);
    for my $i (0 .. $m - 1) {
        my $c = slurp("$g/f$i");
        my ($mode, $gid) = defined $c ? (stat "$g/f$i")[2, 5] : (0, 0);
        $mode &= 07777;
        if (!defined $c && $i % 3 == 0) { $old++ }
        elsif (defined $c && $i % 3 && $c eq g_old($i) && $mode == 0600 && $gid == $egid) { $old++ }
        elsif (defined $c && $c eq g_new($i) && $mode == 0640 && $gid == (g_regroup($i) ? 1 : $egid)) { $new++ }
        else { push @bad, "f$i" . (defined $c ? sprintf(" (mode %04o, gid %d: %s)", $mode, $gid, $c =~ s/\n/\\n/gr) : ' (absent)') }
    }
    opendir my $dh, $g or die $!;
    my @strays = grep { !/^(\.|\.\.|f\d+)$/ && !/^\.f\d+\.mapply\.\d+\.\w{6}$/ } readdir $dh;
    closedir $dh;
    ok(!@bad && !@strays, "$what: every small file is wholly old (or still absent) or wholly new, with its mode and group")
        or diag "bad: @bad[0 .. ($#bad < 5 ? $#bad : 4)] strays: @strays";
    return ($old, $new);
}
my ($gkills, $gdone, $partial) = (0, 0, 0);
for (my $delay = 1_000; !$gdone && $delay < 60_000_000; $delay = int($delay * 1.35)) {
    my $pid = fork // die "fork: $!";
    if (!$pid) {
        open STDOUT, '>', '/dev/null'; open STDERR, '>', '/dev/null';
        exec $mapply, '--root', "$tmp/groot", '--vardir', "$tmp/gvar", "$tmp/g.json" or exit 127;
    }
    usleep($delay);
    if (waitpid($pid, WNOHANG) == $pid) { $gdone = 1; last; }
    kill 'KILL', $pid;
    waitpid($pid, 0);
    $gdone = 1 if ($? & 127) == 0;
    $gkills++;
    my ($o, $nw) = check_small(sprintf('batch killed after %.3f s', $delay / 1e6));
    $partial++ if $o && $nw;
}
ok($gkills > 0, "batched runs were killed part-way ($gkills times) before one completed");
note("kills that left old and new files side by side: $partial");
# (nothing to change when the last kill came after the last rename)
like(system("$mapply --root $tmp/groot --detailed-exitcodes --vardir $tmp/gvar $tmp/g.json > $tmp/out 2>&1") >> 8, qr/^[02]$/,
   'the next run converges') or diag slurp("$tmp/out");
my ($gold, $gnew) = check_small('after the converging run');
is($gnew, $m, 'every small file is new');
opendir my $gd, $g or die $!;
my @left = grep { /mapply/ } readdir $gd;
closedir $gd;
is(scalar @left, 0, 'no temporary file is left behind') or diag "@left[0 .. ($#left < 5 ? $#left : 4)]";
is(system("$mapply --root $tmp/groot --detailed-exitcodes --vardir $tmp/gvar $tmp/g.json > $tmp/out 2>&1") >> 8, 0,
   'a further run has nothing to change') or diag slurp("$tmp/out");

# 5. an exec that requires a batched file sees it in place, and the
# files after it still go out; the log is in walk order
mkdir "$tmp/e" or die $!;
{
    my $pp = '';
    for my $i (0 .. 49) {
        $pp .= "file { '$tmp/e/f$i': ensure => file, content => \"e $i\\n\" }\n";
        $pp .= "exec { 'look': command => 'cat $tmp/e/f24 $tmp/e/f10 > $tmp/e/seen', path => '/bin:/usr/bin', "
             . "require => File['$tmp/e/f24'] }\n" if $i == 24;
    }
    write_file("$tmp/e.pp", $pp);
    system("$mcomp $tmp/e.pp > $tmp/e.json") == 0 or die "mcomp failed";
}
is(system("$mapply --wait --detailed-exitcodes --vardir $tmp/var $tmp/e.json > $tmp/out 2>&1") >> 8, 2, 'the run with an exec changes');
is(slurp("$tmp/e/seen"), "e 24\ne 10\n", 'the exec saw the files before it in place');
my @lines = map { m{File\[\Q$tmp\E/e/f(\d+)\]/ensure: defined content} ? $1 : /Exec\[look\]/ ? 'exec' : () } split /\n/, slurp("$tmp/out");
is("@lines", join(' ', 0 .. 24, 'exec', 25 .. 49), 'the lines come in walk order, the exec after f24');
is(scalar(grep { -f "$tmp/e/f$_" } 0 .. 49), 50, 'every file is in place at the end');

# 6. a write that fails at the flush: while the batch is being written, a
# directory appears where its first file goes, so that file's rename fails;
# it is reported as that resource's failure (not as a change) and the
# notify that requires it is skipped
mkdir "$tmp/froot" or die $!;
mkdir "$tmp/froot/g" or die $!;
{
    my $pp = '';
    $pp .= "file { '/g/f$_': ensure => file, content => \"x $_\\n\" }\n" for 0 .. $m - 1;
    $pp .= "notify { 'after': require => File['/g/f0'] }\n";
    write_file("$tmp/f.pp", $pp);
    system("$mcomp $tmp/f.pp > $tmp/f.json") == 0 or die "mcomp failed";
}
my $fpid = fork // die "fork: $!";
if (!$fpid) {
    open STDOUT, '>', "$tmp/fout"; open STDERR, '>&', \*STDOUT;
    exec $mapply, '--detailed-exitcodes', '--root', "$tmp/froot", '--vardir', "$tmp/fvar", "$tmp/f.json" or exit 127;
}
my $blocked = 0;
for (1 .. 200_000) {
    opendir my $fd, "$tmp/froot/g" or die $!;
    my @t = grep { /^\.f0\.mapply\./ } readdir $fd;
    closedir $fd;
    if (@t && !-e "$tmp/froot/g/f0") { mkdir "$tmp/froot/g/f0"; write_file("$tmp/froot/g/f0/keep", "k"); $blocked = 1; last }
    last if waitpid($fpid, WNOHANG) == $fpid;
    usleep(200);
}
waitpid($fpid, 0) if kill 0, $fpid;
my $fst = $? >> 8;
SKIP: {
    skip 'the run finished before the directory could be put in the way', 6 unless $blocked && -d "$tmp/froot/g/f0";
    my $out = slurp("$tmp/fout");
    is($fst, 6, 'the run reports changes and a failure');
    like($out, qr{^Error: /Stage\[main\]/Main/File\[/g/f0\]/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: Is a directory \@ rb_sysopen - /g/f0}m,
         'the failed rename is the resource\'s failure, in Puppet\'s words') or diag $out;
    unlike($out, qr{File\[/g/f0\]/ensure: defined content}, 'no change is claimed for it');
    like($out, qr{Notify\[after\]: Skipping because of failed dependencies}, 'its dependent is skipped');
    like($out, qr{File\[/g/f1\]/ensure: defined content}, 'the other files of the batch are written');
    is(slurp("$tmp/froot/g/f1"), "x 1\n", 'and in place');
}
# 7. a chain: each file requires the one before, so each joins the batch
# of the files before it (one flush for the whole chain), but six hold
# old content (replacing one flushes the batch first).  Killed
# at many moments: every file is wholly old (or still absent) or wholly
# new, and the new ones are a prefix of the chain (no file's new content
# is in place before its dependency's); the next run converges.  The six
# old files also get a new mode and group, which come with the new
# content and never before it: a file killed mid-run has its old content
# with its old mode and group, or its new content with the new ones.
mkdir "$tmp/croot" or die $!;
my $c = "$tmp/croot/c";
mkdir $c or die $!;
my $cn = 3000;
sub c_old { "old link $_[0]\n" }
sub c_new { "new link $_[0]\n" }
for my $i (0 .. $cn - 1) { next unless $i % 500 == 250; write_file("$c/f$i", c_old($i)); chmod 0600, "$c/f$i"; }
{
    my $pp = '';
    for my $i (0 .. $cn - 1) {
        $pp .= "file { '/c/f$i': ensure => file, mode => '0640', content => \"new link $i\\n\"" . ($root && $i % 500 == 250 ? ", group => 1" : '') . " }\n";
        $pp .= "File['/c/f" . ($i - 1) . "'] -> File['/c/f$i']\n" if $i;
    }
    write_file("$tmp/c.pp", $pp);
    system("$mcomp $tmp/c.pp > $tmp/c.json") == 0 or die "mcomp failed";
}
sub check_chain {
    my ($what) = @_;
    my ($old, $new, $first_old, @bad) = (0, 0, undef);
    for my $i (0 .. $cn - 1) {
        my $f = "$c/f$i";
        my $cc = slurp($f);
        my ($mode, $gid) = defined $cc ? (stat $f)[2, 5] : (0, 0);
        $mode &= 07777;
        my $old_file = $i % 500 == 250;
        if (defined $cc && $cc eq c_new($i) && $mode == 0640 && $gid == ($root && $old_file ? 1 : $egid)) {
            $new++;
            push @bad, "f$i (new after old f$first_old)" if defined $first_old;
        } elsif ((!defined $cc && !$old_file) || (defined $cc && $old_file && $cc eq c_old($i) && $mode == 0600 && $gid == $egid)) {
            $old++;
            $first_old //= $i;
        } else {
            push @bad, "f$i" . (defined $cc ? sprintf(" (mode %04o, gid %d: %s)", $mode, $gid, $cc =~ s/\n/\\n/gr) : ' (absent)');
        }
    }
    opendir my $dh, $c or die $!;
    my @strays = grep { !/^(\.|\.\.|f\d+)$/ && !/^\.f\d+\.mapply\.\d+\.\w{6}$/ } readdir $dh;
    closedir $dh;
    ok(!@bad && !@strays, "$what: every link is wholly old (or absent) or wholly new, with its mode and group, the new ones a prefix")
        or diag "bad: @bad[0 .. ($#bad < 5 ? $#bad : 4)] strays: @strays";
    return ($old, $new);
}
my ($ckills, $cdone, $cpartial) = (0, 0, 0);
for (my $delay = 1_000; !$cdone && $delay < 60_000_000; $delay = int($delay * 1.35)) {
    my $pid = fork // die "fork: $!";
    if (!$pid) {
        open STDOUT, '>', '/dev/null'; open STDERR, '>', '/dev/null';
        exec $mapply, '--root', "$tmp/croot", '--vardir', "$tmp/cvar", "$tmp/c.json" or exit 127;
    }
    usleep($delay);
    if (waitpid($pid, WNOHANG) == $pid) { $cdone = 1; last; }
    kill 'KILL', $pid;
    waitpid($pid, 0);
    $cdone = 1 if ($? & 127) == 0;
    $ckills++;
    my ($o, $nw) = check_chain(sprintf('chain killed after %.3f s', $delay / 1e6));
    $cpartial++ if $o && $nw;
}
ok($ckills > 0, "chain runs were killed part-way ($ckills times) before one completed");
note("kills that left old and new links side by side: $cpartial");
like(system("$mapply --root $tmp/croot --detailed-exitcodes --vardir $tmp/cvar $tmp/c.json > $tmp/out 2>&1") >> 8, qr/^[02]$/,
   'the next chain run converges') or diag slurp("$tmp/out");
my ($cold, $cnew) = check_chain('after the converging chain run');
is($cnew, $cn, 'every link is new');
opendir my $cd, $c or die $!;
@left = grep { /mapply/ } readdir $cd;
closedir $cd;
is(scalar @left, 0, 'no temporary file is left behind in the chain') or diag "@left[0 .. ($#left < 5 ? $#left : 4)]";
is(system("$mapply --root $tmp/croot --detailed-exitcodes --vardir $tmp/cvar $tmp/c.json > $tmp/out 2>&1") >> 8, 0,
   'a further chain run has nothing to change') or diag slurp("$tmp/out");

# 8. a chain written as one batch whose flush fails in the middle: a
# directory appears where link 1500 goes, so its rename fails; it fails
# as a resource, every link after it is skipped with Puppet's lines (the
# first names the failure once), none of them is written, and those
# before it are; the report says the same
mkdir "$tmp/xroot" or die $!;
mkdir "$tmp/xroot/x" or die $!;
my $xk = 1500;
{
    my $pp = '';
    for my $i (0 .. $cn - 1) {
        $pp .= "file { '/x/f$i': ensure => file, content => \"x $i\\n\" }\n";
        $pp .= "File['/x/f" . ($i - 1) . "'] -> File['/x/f$i']\n" if $i;
    }
    $pp .= "notify { 'unrelated': }\n";
    write_file("$tmp/x.pp", $pp);
    system("$mcomp $tmp/x.pp > $tmp/x.json") == 0 or die "mcomp failed";
}
my $xpid = fork // die "fork: $!";
if (!$xpid) {
    open STDOUT, '>', "$tmp/xout"; open STDERR, '>&', \*STDOUT;
    exec $mapply, '--detailed-exitcodes', '--root', "$tmp/xroot", '--vardir', "$tmp/xvar", "$tmp/x.json" or exit 127;
}
my $xblocked = 0;
for (1 .. 200_000) {
    opendir my $fd, "$tmp/xroot/x" or die $!;
    my @t = grep { /^\.f$xk\.mapply\./ } readdir $fd;
    closedir $fd;
    if (@t && !-e "$tmp/xroot/x/f$xk") { mkdir "$tmp/xroot/x/f$xk"; write_file("$tmp/xroot/x/f$xk/keep", "k"); $xblocked = 1; last }
    last if waitpid($xpid, WNOHANG) == $xpid;
    usleep(200);
}
waitpid($xpid, 0) if kill 0, $xpid;
my $xst = $? >> 8;
SKIP: {
    skip 'the chain run finished before the directory could be put in the way', 11 unless $xblocked && -d "$tmp/xroot/x/f$xk";
    my $out = slurp("$tmp/xout");
    is($xst, 6, 'the chain run reports changes and a failure');
    my $p = '/Stage[main]/Main/File';
    my $at = " (file: $tmp/x.pp, line: " . 2 * $xk . ")";
    my @want = ("Error: Could not set 'file' on ensure: Is a directory \@ rb_sysopen - /x/f$xk$at",
                "Error: Could not set 'file' on ensure: Is a directory \@ rb_sysopen - /x/f$xk$at\nWrapped exception:\nIs a directory \@ rb_sysopen - /x/f$xk",
                "Error: $p\[/x/f$xk]/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: Is a directory \@ rb_sysopen - /x/f$xk$at",
                "Notice: $p\[/x/f" . ($xk + 1) . "]: Dependency File[/x/f$xk] has failures: true",
                map { "Warning: $p\[/x/f$_]: Skipping because of failed dependencies" } $xk + 1 .. $cn - 1);
    my ($from) = $out =~ /^(.*?)\QError: Could not set 'file' on ensure: Is a directory\E/s;
    my $tail = defined $from ? substr($out, length $from) : '';
    $tail =~ s/^Notice: unrelated\n.*\n//m;
    $tail =~ s/^Notice: Applied catalog in .*\n//m;
    is($tail, join("\n", @want) . "\n", 'the failed link, then Puppet\'s skip lines for every link after it, in walk order')
        or diag substr($tail, 0, 2000);
    like($out, qr{File\[/x/f${\($xk - 1)}\]/ensure: defined content}, 'the links before it are written');
    unlike($out, qr{File\[/x/f${\($xk + 1)}\]/ensure: defined content}, 'no change is claimed after it');
    is(scalar(grep { -f "$tmp/xroot/x/f$_" } 0 .. $xk - 1), $xk, 'the links before it are in place');
    is(scalar(grep { -e "$tmp/xroot/x/f$_" } $xk + 1 .. $cn - 1), 0, 'no link after it is written');
    opendir my $xd, "$tmp/xroot/x" or die $!;
    my @xleft = grep { /mapply/ } readdir $xd;
    closedir $xd;
    is(scalar @xleft, 0, 'the dropped links leave no temporary file') or diag "@xleft[0 .. ($#xleft < 5 ? $#xleft : 4)]";
    my $rep = slurp("$tmp/xvar/state/last_run_report.yaml") // '';
    my ($st1) = $rep =~ m{\n  File\[/x/f${\($xk + 1)}\]:\n(.*?)\n  \S}s;
    like($st1 // '', qr/^\s+skipped: true$/m, 'the report has the first link after it skipped');
    like($st1 // '', qr/^\s+events: \[\]$/m, 'with no event');
    like($rep, qr/^\s+- - skipped\n\s+- Skipped\n\s+- ${\($cn - 1 - $xk)}$/m, 'the summary counts every link after it as skipped');
    like($rep, qr/^\s+- - failed\n\s+- Failed\n\s+- 1$/m, 'and the one failure');
}
done_testing();
