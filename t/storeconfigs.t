#!/usr/bin/perl
# t/storeconfigs.t - exported resources and collectors with the embedded
# SQLite store (mcomp --storeconfigs=FILE), with the manifests of
# t/storeconfigs/: node A exports an Sshkey, Hosts and a define instance,
# node B collects them with queries and an override; A's next compile
# replaces its exports, a failed one changes nothing; a collected title
# declared here is Puppet's duplicate error; without --storeconfigs both
# are ignored with Puppet's warnings; mapply applies no uncollected export;
# concurrent compiles share the store.  Sshkey comes from the sshkeys_core
# module `make deps` installs.  Everything written is in a temp dir.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;
require './t/testlib.pl';

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $dir = abs_path('t/storeconfigs') or BAIL_OUT('no t/storeconfigs');
my $mods = '/usr/share/puppet/modules';
-d "$mods/sshkeys_core" or BAIL_OUT("$mods/sshkeys_core is missing (make deps installs it)");
my $tmp = tempdir('storeconfigs-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $db = "$tmp/store/storeconfigs.db";
spew("$tmp/facts.json", qq({"os": {"family": "Debian"}}\n));

# compile MANIFEST for CERTNAME (extra args): (exit status, catalog or undef, stderr)
sub compile {
    my ($pp, $cert, @extra) = @_;
    my $rc = run([$mcomp, '--modulepath', $mods, '--facts', "$tmp/facts.json", '--certname', $cert,
                  @extra, "$dir/$pp"], "$tmp/out", "$tmp/err", undef, 120);
    my $out = slurp("$tmp/out");
    return ($rc, $rc == 0 ? decode_json($out) : undef, slurp("$tmp/err"));
}
sub res {
    my ($cat, $ref) = @_;
    my ($type, $title) = $ref =~ /^(.*?)\[(.*)\]$/;
    for (@{$cat->{resources}}) { return $_ if $_->{type} eq $type && $_->{title} eq $title }
    return undef;
}
sub count { my ($cat, $type) = @_; scalar grep { $_->{type} eq $type } @{$cat->{resources}} }
sub has_tags { my ($r, @t) = @_; my %h = map { $_ => 1 } @{$r->{tags}}; !grep { !$h{$_} } @t }

# node A exports
my ($rc, $a, $err) = compile('a1.pp', 'a', "--storeconfigs=$db");
is($rc, 0, 'A compiles with --storeconfigs') or diag($err);
ok($a && res($a, 'Notify[a compiled]'), "A's own resources are in its catalog");
ok($a && !count($a, 'Sshkey') && !count($a, 'Host') && !count($a, 'Site::Alias'),
   "A's uncollected exports are not in its catalog (Puppet filters them out)");
ok(-f $db, 'the store file is made, and its directory');

# node B collects them
my $b;
($rc, $b, $err) = compile('b.pp', 'b', "--storeconfigs=$db");
is($rc, 0, 'B compiles') or diag($err);
my $k = $b && res($b, 'Sshkey[a.example.com]');
ok($k, "tag == 'x' collects A's Sshkey");
is_deeply($k && $k->{parameters}, {type => 'ssh-ed25519', key => 'AAAAC3NzaC1lZDI1NTE5AAAAIA', tag => ['x'],
                                   host_aliases => ['a-key']}, "... with A's parameters and B's override");
ok($k && has_tags($k, qw(x sshkey exports class collect)), "... A's tags, and B's container's");
is($k && $k->{file}, "$dir/a1.pp", "... A's file");
is($k && $k->{line}, 6, "... and line");
ok($k && !$k->{exported}, '... no longer exported');
ok($b && grep({ $_->{source} eq 'Class[Collect]' && $_->{target} eq 'Sshkey[a.example.com]' } @{$b->{edges}}),
   '... contained in the collecting class');
my $h = $b && res($b, 'Host[a.example.com]');
is_deeply($h && $h->{parameters}, {ip => '192.0.2.1', host_aliases => ['a']}, 'title == and ip == (and) collect a Host');
ok($b && res($b, 'Host[old.example.com]'), 'ip == or title == collects the other');
is($b && count($b, 'Host'), 3, '!= and != collects nothing more');
my $d = $b && res($b, 'Site::Alias[web]');
is($d && $d->{parameters}{port}, 8080, 'a define instance is collected by a parameter query');
ok($b && res($b, 'Notify[alias web -> a.example.com:8080]'), '... and evaluated on B');
my $x = $b && res($b, 'Exec[secret-cmd]');
is_deeply($x && $x->{sensitive_parameters}, ['environment'], 'a Sensitive parameter stays Sensitive when collected');
ok(((stat $db)[2] & 077) == 0, 'the store file is for its owner only (exports may hold secrets)');
my $self = $b && res($b, 'Host[b.example.com]');
ok($self && $self->{exported}, "B's own export collected by B stays exported: true, as Puppet's");

# A's next compile replaces its exports
($rc, undef, $err) = compile('a2.pp', 'a', "--storeconfigs=$db");
is($rc, 0, "A's second compile") or diag($err);
($rc, $b, $err) = compile('b.pp', 'b', "--storeconfigs=$db");
is($rc, 0, 'B compiles again') or diag($err);
ok($b && !res($b, 'Host[old.example.com]'), 'an export A dropped is gone from B');
is($b && res($b, 'Sshkey[a.example.com]')->{parameters}{key}, 'AAAAC3NzaC1lZDI1NTE5AAAAIB', "B sees A's new key");

# a failed compile changes nothing
($rc, undef, $err) = compile('a_fail.pp', 'a', "--storeconfigs=$db");
is($rc, 1, "A's failing compile fails");
($rc, $b, $err) = compile('b.pp', 'b', "--storeconfigs=$db");
ok($b && !res($b, 'Host[new.example.com]') && res($b, 'Sshkey[a.example.com]'), "... and A's exports are as before");

# a collected title declared here
($rc, undef, $err) = compile('b_dup.pp', 'b', "--storeconfigs=$db");
is($rc, 1, 'a collected title declared on B fails');
like($err, qr/b_dup\.pp:3:1: error: A duplicate resource was found while collecting exported resources, with the type and title Host\[a\.example\.com\]/,
     "... with Puppet's message, at the collector");

# a store that cannot be opened: an I/O error, no catalog
spew("$tmp/plainfile", '');
($rc, undef, $err) = compile('b.pp', 'b', "--storeconfigs=$tmp/plainfile/store.db");
is($rc, 2, 'a store that cannot be made fails with exit 2');
like($err, qr{^mcomp: error: store \Q$tmp\E/plainfile/store\.db: cannot make its directory: Not a directory$}m, '... saying which store and why');

# without --storeconfigs: today's behaviour, Puppet's without storeconfigs
my $none;
($rc, $none, $err) = compile('none.pp', 'b');
is($rc, 0, 'without --storeconfigs it compiles');
ok($none && !count($none, 'Host') && res($none, 'Notify[plain]'), '... exports are left out and nothing is collected');
like($err, qr/none\.pp:2:1: warning: You cannot collect exported resources without storeconfigs being set; the export is ignored/,
     "... with Puppet's warning for the export");
like($err, qr/none\.pp:3:1: warning: You cannot collect exported resources without storeconfigs being set; the collection will be ignored/,
     '... and for the collector');

# mapply compiling in-process: what is exported is not applied, what is collected is
mkdir "$tmp/root" or die "$tmp/root: $!";
$rc = run([$mapply, '--root', "$tmp/root", '--vardir', "$tmp/var", '--facts', "$tmp/facts.json",
           '--certname', 'c', "--storeconfigs=$db", "$dir/apply.pp"], "$tmp/out", undef, undef, 120);
is($rc, 0, 'mapply --storeconfigs applies') or diag(slurp("$tmp/out"));
ok(!-e "$tmp/root/exported", '... not the exported file');
is(-e "$tmp/root/self" ? slurp("$tmp/root/self") : undef, "self\n", '... but the one the node collects itself');

# concurrent compiles share the store (WAL, busy timeout)
my @pids;
for my $i (1 .. 4) {
    my $pid = fork // die "fork: $!";
    if (!$pid) {
        my $r = run([$mcomp, '--facts', "$tmp/facts.json", '--certname', "n$i", "--storeconfigs=$db",
                     "$dir/many.pp"], "$tmp/out$i", "$tmp/err$i", undef, 120);
        exit $r;
    }
    push @pids, $pid;
}
my $fails = 0;
for (@pids) { waitpid $_, 0; $fails++ if $? }
is($fails, 0, 'four nodes compile at once') or diag(join '', map { slurp("$tmp/err$_") } 1 .. 4);
my $m;
($rc, $m, $err) = compile('many.pp', 'n5', "--storeconfigs=$db");
is($m && count($m, 'Host'), 5, 'a fifth node collects all their exports and its own');
done_testing();
