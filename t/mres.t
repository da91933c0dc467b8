#!/usr/bin/perl
# t/mres.t - mres, the `puppet resource` of this toolchain: listing a type's
# instances, showing one resource as manifest code or JSON, changing one
# (with mapply's log lines and validation), and the usage errors.  All of
# it under --root in a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
(my $mres = $mapply) =~ s/mapply$/mres/;
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $tmp = tempdir(CLEANUP => 1);
my $root = "$tmp/root";
make_path("$root/etc");

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub mres { my $out = `$mres --root $root --vardir $tmp/var @_ 2>&1`; return ($? >> 8, $out); }

write_file("$root/etc/hosts", "127.0.0.1\tlocalhost\n10.0.0.5\tweb www\t# the web\n");

# listing every instance, as manifest code mcomp accepts
my ($rc, $out) = mres('host');
is($rc, 0, 'mres host exits 0');
is($out, <<'EOF', 'every host entry, as manifest code with the arrows lined up');
host { 'localhost':
  ensure => 'present',
  ip     => '127.0.0.1',
  target => '/etc/hosts',
}
host { 'web':
  ensure       => 'present',
  comment      => 'the web',
  host_aliases => ['www'],
  ip           => '10.0.0.5',
  target       => '/etc/hosts',
}
EOF
write_file("$tmp/shown.pp", $out);
is(system("$mcomp $tmp/shown.pp > /dev/null 2>&1"), 0, 'the output compiles with mcomp');

# one resource, and --json
($rc, $out) = mres('--json', 'host', 'web');
is($rc, 0, 'mres --json host web exits 0');
is($out, qq([\n  {"type": "Host", "title": "web", "parameters": {"ensure": "present", "comment": "the web", "host_aliases": ["www"], "ip": "10.0.0.5", "target": "/etc/hosts"}}\n]\n),
   'one resource as JSON');
($rc, $out) = mres('host', 'nosuch');
is($out, "host { 'nosuch':\n  ensure => 'absent',\n}\n", 'a resource that does not exist shows ensure => absent');

# changing one: mapply's log line, then the new state
($rc, $out) = mres('host', 'db', 'ip=10.0.0.9', 'host_aliases=database');
is($rc, 0, 'mres host db ip=... exits 0') or diag $out;
like($out, qr{^Notice: /Host\[db\]/ensure: created$}m, 'it logs the change as mapply does');
like($out, qr{host \{ 'db':\n  ensure       => 'present',\n  host_aliases => \['database'\],\n  ip           => '10\.0\.0\.9',}, 'and shows the new state');
like(slurp("$root/etc/hosts"), qr{^10\.0\.0\.9\tdb\tdatabase$}m, 'the hosts file under the root has the entry');
unlike(slurp("$root/etc/hosts") // '', qr/^bogus/m, 'nothing else');
($rc, $out) = mres('--noop', 'host', 'db', 'ip=10.0.0.10');
like($out, qr{Host\[db\]/ip: current_value '10\.0\.0\.9', should be '10\.0\.0\.10' \(noop\)}, '--noop says what would change');
like(slurp("$root/etc/hosts"), qr{^10\.0\.0\.9\tdb}m, 'and changes nothing');

# files: the state puppet resource shows, and a change backed up in the bucket
write_file("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
write_file("$root/etc/group", "root:x:0:\n");
write_file("$root/etc/motd", "hello\n");
chmod 0644, "$root/etc/motd";
($rc, $out) = mres('file', '/etc/motd');
is($rc, 0, 'mres file /etc/motd exits 0');
like($out, qr{\Afile \{ '/etc/motd':\n  ensure  => 'file',\n  content => '\{sha256\}5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03',\n}, 'a file shows its ensure and content sum');
like($out, qr{^  group   => 'root',\n  mode    => '0644',\n}m, 'its group by the root\'s name, and its mode');
like($out, qr{^  owner   => 'root',\n  type    => 'file',\n\}\n\z}m, 'its owner and type');
($rc, $out) = mres('-v', 'file', '/etc/motd', 'content=bye', 'mode=0600');
is($rc, 0, 'changing a file exits 0') or diag $out;
like($out, qr{Filebucketed /etc/motd to puppet with sum \S+}, 'the old content is backed up first');
like($out, qr{^  mode    => '0600',}m, 'the new state is shown');
is(slurp("$root/etc/motd"), 'bye', 'the file under the root has the new content');
is((stat "$root/etc/motd")[2] & 07777, 0600, 'and the new mode');

# bad input
my $before = slurp("$root/etc/hosts");
($rc, $out) = mres('host', 'db', 'ip=bogus');
is($rc, 1, 'a bad value exits 1');
like($out, qr{Error: Parameter ip failed on Host\[db\]: Invalid IP address "bogus"}, 'with the provider\'s reason');
is(slurp("$root/etc/hosts"), $before, 'and changes nothing');
($rc, $out) = mres('host', 'db', 'colour=blue');
is($rc, 1, 'an unknown attribute exits 1');
like($out, qr{no parameter named 'colour' on Host\[db\]}, 'and says which');
($rc, $out) = mres('nosuchtype');
is($rc, 1, 'an unknown type exits 1');
like($out, qr{Unknown resource type 'nosuchtype'}, 'and says so');
($rc, $out) = mres('host', 'db', 'notanattr');
is($rc, 2, 'a word that is not ATTR=VALUE is a usage error');
($rc, $out) = mres();
is($rc, 2, 'no type is a usage error');
done_testing();
