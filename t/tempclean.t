#!/usr/bin/perl
# t/tempclean.t - a run killed between writing a temporary file and renaming
# it leaves ".NAME.mapply.PID.XXXXXX" beside the managed file; the next run
# removes it (and any other stale one of that exact pattern in a directory
# it writes in or manages recursively), and removes nothing else: names
# that only look alike, a live process's temp file, a newer file, a
# directory.  A noop run removes nothing.  Everything happens under a
# temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $tmp = tempdir(CLEANUP => 1);

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub compile {
    my ($name, $pp) = @_;
    write_file("$tmp/$name.pp", $pp);
    system("$mcomp $tmp/$name.pp > $tmp/$name.json") == 0 or die "mcomp $name failed";
}
sub run_mapply { my @a = @_; system("$mapply --vardir $tmp/var @a > $tmp/out 2>&1"); return $?; }
sub names { my ($d) = @_; opendir my $h, $d or die "$d: $!"; my @n = sort grep { !/^\.\.?$/ } readdir $h; closedir $h; @n }

# a PID that names no live process: a child that has exited and been reaped
my $dead = fork // die "fork: $!";
exit 0 if !$dead;
waitpid($dead, 0);

mkdir "$tmp/d" or die $!;
write_file("$tmp/d/f", "old\n");

# 1. validate_cmd kills mapply after the temporary file is written, before the rename
compile('kill', "file { '$tmp/d/f': ensure => file, content => \"new\\n\","
              . " validate_cmd => '/bin/sh -c \"kill -9 \$PPID\" %' }\n");
my $st = run_mapply("$tmp/kill.json");
ok(($st & 127) == 9 || $st >> 8 == 137, 'the run was killed by SIGKILL') or diag slurp("$tmp/out");
my @stale = grep { /^\.f\.mapply\.\d+\.[A-Za-z0-9]{6}$/ } names("$tmp/d");
is(scalar @stale, 1, 'the killed run left its temporary file beside the managed file') or diag join ' ', names("$tmp/d");
is(slurp("$tmp/d/f"), "old\n", 'the managed file still holds its old content');

# decoys that must survive, and one more stale file that must go
my $old = time - 3600;
my %keep = (
    '.f.mapply.txt'              => 'not the pattern (no PID)',
    ".f.mapply.$dead.abc"        => 'not the pattern (short suffix)',
    ".f.mapply.$dead.AbCdEf.bak" => 'not the pattern (extra suffix)',
    "f.mapply.$dead.AbCdEf"      => 'not the pattern (no leading dot)',
    ".f.mapply.$$.AbCdEf"        => "a live process's temporary file",
    ".g.mapply.$dead.NeWeR1"     => 'a file newer than the run',
);
for my $n (keys %keep) { write_file("$tmp/d/$n", "keep\n"); utime $old, $old, "$tmp/d/$n" unless $n =~ /NeWeR/; }
utime time + 3600, time + 3600, "$tmp/d/.g.mapply.$dead.NeWeR1";
mkdir "$tmp/d/.h.mapply.$dead.DiRdIr" or die $!;
utime $old, $old, "$tmp/d/.h.mapply.$dead.DiRdIr";
write_file("$tmp/d/.g.mapply.$dead.XyZ123", "stale\n");
utime $old, $old, "$tmp/d/.g.mapply.$dead.XyZ123";
symlink('/nonexistent', "$tmp/d/.g.mapply.$dead.7") or die $!;

# 2. a noop run removes nothing
compile('plain', "file { '$tmp/d/f': ensure => file, content => \"new\\n\" }\n");
my @before = names("$tmp/d");
is(run_mapply('--noop', "$tmp/plain.json"), 0, 'a noop run succeeds') or diag slurp("$tmp/out");
is_deeply([names("$tmp/d")], \@before, 'a noop run removes nothing');

# 3. the next real run removes the stale files, and only them
is(run_mapply("$tmp/plain.json"), 0, 'the next run succeeds') or diag slurp("$tmp/out");
is(slurp("$tmp/d/f"), "new\n", 'the managed file holds its new content');
ok(!-e "$tmp/d/$stale[0]", "the killed run's temporary file is gone") if @stale;
ok(!-e "$tmp/d/.g.mapply.$dead.XyZ123", 'a stale temporary file of another name in that directory is gone');
ok(!-l "$tmp/d/.g.mapply.$dead.7", 'a stale temporary link is gone');
for my $n (sort keys %keep) { ok(-e "$tmp/d/$n", "kept: $keep{$n}") }
ok(-d "$tmp/d/.h.mapply.$dead.DiRdIr", 'kept: a directory');
is_deeply([sort(names("$tmp/d"))], [sort('f', keys %keep, ".h.mapply.$dead.DiRdIr")], 'nothing else is in the directory');

# 4. a directory managed recursively is swept before its children are listed
mkdir "$tmp/r" or die $!;
mkdir "$tmp/r/sub" or die $!;
write_file("$tmp/r/sub/a", "a\n");
write_file("$tmp/r/sub/.a.mapply.$dead.QwErTy", "stale\n");
utime $old, $old, "$tmp/r/sub/.a.mapply.$dead.QwErTy";
compile('tree', "file { '$tmp/r': ensure => directory, recurse => true, mode => '0750' }\n");
is(run_mapply("$tmp/tree.json"), 0, 'a recursive run succeeds') or diag slurp("$tmp/out");
ok(!-e "$tmp/r/sub/.a.mapply.$dead.QwErTy", 'the stale temporary file inside the managed tree is gone');
unlike(slurp("$tmp/out"), qr/QwErTy/, 'and it was never managed as a child');
is((stat "$tmp/r/sub/a")[2] & 07777, 0750, 'the real child was managed');
done_testing();
