#!/usr/bin/perl
# t/kill.t - a run killed at any moment leaves no half-written managed file,
# and every replaced file can be restored from the bucket.
#
# 400 files of 20 KiB are replaced.  First an exec in the middle of the
# catalog kills mapply with SIGKILL (a certain mid-run kill); then runs are
# killed after growing delays until one completes.  After every kill each
# file must hold exactly its old or exactly its new content, with its mode.
# At the end every file is new, and mbucket restores an old one byte for
# byte.  Everything happens under a temporary directory.
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
        if (defined $c && $c eq old_content($i)) { $old++ }
        elsif (defined $c && $c eq new_content($i) && $mode == 0644) { $new++ }
        else { push @bad, "f$i" }
    }
    ok(!@bad, "$what: every file is wholly old or wholly new (with its mode)") or diag "bad: @bad[0 .. ($#bad < 5 ? $#bad : 4)]";
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
done_testing();
