#!/usr/bin/perl
# t/exec_root.t - exec's user and group, and execs under --root: the command
# runs chrooted in the root, with the root's /etc/passwd deciding who a user
# is.  The root is a temporary directory holding just /bin/sh and the
# libraries it needs.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);
use File::Basename qw(dirname);
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $tmp = tempdir(CLEANUP => 1);

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub apply {
    my ($pp, @opt) = @_;
    write_file("$tmp/site.pp", $pp);
    my $out = `$mcomp $tmp/site.pp 2>&1 > $tmp/cat.json`;
    return (1, $out) if $?;
    $out = `$mapply --detailed-exitcodes --vardir $tmp/var @opt $tmp/cat.json 2>&1`;
    return ($? >> 8, $out);
}

plan skip_all => 'needs root (setuid, chroot)' if $> != 0;

# user and group: the command's ids
my ($rc, $out) = apply(<<"EOF2");
exec { 'as-nobody': command => '/usr/bin/id -u', user => 'nobody', logoutput => true }
exec { 'as-daemon-group': command => '/usr/bin/id -g', user => 'nobody', group => 'daemon', logoutput => true }
exec { 'no-such-user': command => '/bin/true', user => 'no_such_user_xyz' }
EOF2
is($rc, 6, 'changes and one failure: exit 6') or diag $out;
my $nobody = getpwnam('nobody');
my $daemon = getgrnam('daemon');
like($out, qr{Exec\[as-nobody\]/returns: $nobody\n}, 'user => nobody runs with nobody\'s uid');
like($out, qr{Exec\[as-daemon-group\]/returns: $daemon\n}, 'group => daemon sets the gid');
like($out, qr{Exec\[no-such-user\]/returns: change from 'notrun' to \['0'\] failed: Invalid user: no_such_user_xyz}, 'an unknown user fails the exec');

# --root: a chroot with /bin/sh and its libraries
my $root = "$tmp/root";
make_path("$root/bin", "$root/etc", "$root/work");
copy('/bin/sh', "$root/bin/sh") or die $!; chmod 0755, "$root/bin/sh";
for my $lib (map { m{(/\S+)} ? $1 : () } grep { /=>\s*\/|^\s*\// } split /\n/, `ldd /bin/sh`) {
    make_path("$root" . dirname($lib));
    copy($lib, "$root$lib") or die "$lib: $!";
    chmod 0755, "$root$lib";
}
chmod 01777, "$root/work";
write_file("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\nimage:x:4242:4343::/work:/bin/sh\n");
write_file("$root/etc/group", "root:x:0:\nimage:x:4343:\nextra:x:4444:image\n");
($rc, $out) = apply(<<'EOF2', "--root $root");
exec { 'inside': command => '/bin/sh -c "echo \$PWD > /work/where"', cwd => '/work', creates => '/work/where' }
exec { 'owner': command => '/bin/sh -c "echo hi > /work/mine"', user => 'image', require => Exec['inside'] }
EOF2
is($rc, 2, 'the chrooted execs run: exit 2') or diag $out;
is(slurp("$root/work/where"), "/work\n", 'the command ran chrooted in the root, in its cwd inside the root');
ok(!-e '/work/where', 'and wrote nothing outside it');
my @st = stat("$root/work/mine");
is($st[4], 4242, 'user => image is the root\'s user: its uid from the root\'s /etc/passwd');
is($st[5], 4343, 'with its primary group from the root\'s passwd');
($rc, $out) = apply(<<'EOF2', "--root $root");
exec { 'inside': command => '/bin/sh -c "echo \$PWD > /work/where"', cwd => '/work', creates => '/work/where' }
EOF2
is($rc, 0, 'creates is checked inside the root: nothing to do') or diag $out;
($rc, $out) = apply(<<'EOF2', "--root $root");
exec { 'missing': command => '/usr/bin/env true' }
EOF2
is($rc, 4, 'a command missing from the root fails') or diag $out;
like($out, qr{Could not find command '/usr/bin/env'}, 'because the command is looked up inside the root');
done_testing();
