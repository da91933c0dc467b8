#!/usr/bin/perl
# t/nodes.t - mcomp --nodes DIR --outdir DIR [-j N]: one catalog per facts file
# DIR/CERTNAME.json, compiled on one shared parse of the manifests, templates and
# data.  Each catalog is the one `mcomp --facts FILE --certname CERTNAME` makes
# (the site branches on facts, reads module data, renders an EPP and an ERB
# template);
# a broken node (a manifest error, unreadable facts, a module with a syntax
# error only it uses) is reported, each of its lines prefixed with its certname,
# while the others are written; the exit status; -j 1 and -j 2 give the same
# files and messages; OUTDIR and usage errors; --stats; --storeconfigs in
# certname order; real modules (Debian's Forge modules, the t/realmods sites):
# with their Ruby types and functions and ERB templates each node gets the
# catalog Puppet gave (t/realmods/NAME/expected.out) and a single compile
# gives, with the same messages; a module's Ruby type that does not load
# fails only the node that uses it, with a single compile's message; Ruby
# globals and class state a function changes stay with its node; a Ruby
# type's requires (its module's lib/ file, reached through a symbolic link,
# and one of Ruby's) load and are named as in a single compile.
# Everything happens in a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;
require './t/testlib.pl';
require './t/normalize';    # normalize_catalog()
use Cwd qw(abs_path);

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $tmp = tempdir('nodes-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

# a site: roles from facts, a module with data per OS family and a template
mkdir "$tmp/$_" or die for qw(env env/manifests env/modules env/modules/app env/modules/app/manifests
                              env/modules/app/templates env/modules/app/data env/modules/app/data/os
                              env/modules/bad env/modules/bad/manifests nodes nodes/sub);
spew("$tmp/env/manifests/site.pp", <<'EOF');
node default {
  case $facts['role'] {
    'web':  { include app  notify { "web on ${trusted['certname']}": message => app::pick([1, 2, 3, 4]) } }
    'db':   { include app  file { '/etc/motd': content => template('app/motd.erb') } }
    'bad':  { include bad }
    'fail': { fail("no role for ${facts['networking']['hostname']}") }
    default: { notify { "plain ${facts['processors']['count']}": } }
  }
  if $facts['secret'] { notify { 'pw': message => Sensitive($facts['secret']) } }
}
EOF
spew("$tmp/env/modules/app/manifests/init.pp", <<'EOF');
class app (String $pkg, Integer $port = 80) {
  package { $pkg: ensure => installed }
  file { "/etc/${pkg}.conf": content => epp('app/conf.epp', { 'port' => $port, 'host' => $facts['networking']['hostname'] }) }
}
EOF
# return() and next() in a module's function: the shared parse's blocks know their jumps
mkdir "$tmp/env/modules/app/functions" or die;
spew("$tmp/env/modules/app/functions/pick.pp", <<'PP');
function app::pick(Array $xs) {
  $odd = $xs.map |$x| { if $x % 2 == 0 { next(0) } $x }
  if $odd[0] == 1 { return("picked ${odd}") }
  'none'
}
PP
spew("$tmp/env/modules/app/templates/conf.epp", "<%- | Integer \$port, String \$host | -%>\nlisten <%= \$host %>:<%= \$port %>\n");
spew("$tmp/env/modules/app/templates/motd.erb", "<%= \@hostname %> has <%= \@facts['processors']['count'] %> CPUs\n");
spew("$tmp/env/modules/app/hiera.yaml", "---\nversion: 5\nhierarchy:\n  - name: os\n    path: 'os/%{facts.os.family}.yaml'\n  - name: common\n    path: common.yaml\n");
spew("$tmp/env/modules/app/data/common.yaml", "---\napp::pkg: app-common\n");
spew("$tmp/env/modules/app/data/os/RedHat.yaml", "---\napp::pkg: app-rh\napp::port: 8080\n");
spew("$tmp/env/modules/bad/manifests/init.pp", "class bad {\n  notify { 'x': message => }\n}\n");

sub facts {
    my ($dir, $cert, %f) = @_;
    my $host = $cert =~ s/\..*//r;
    my $extra = join '', map { qq(, "$_": "$f{$_}") } grep { $_ ne 'family' && $_ ne 'cpus' } sort keys %f;
    spew("$dir/$cert.json", qq({"networking": {"hostname": "$host", "fqdn": "ignored.example.com"}, )
         . qq("os": {"family": "$f{family}"}, "processors": {"count": $f{cpus}}$extra}\n));
}
my %good = (
    'web1.example.com' => [family => 'Debian', cpus => 2, role => 'web'],
    'web2.example.com' => [family => 'RedHat', cpus => 4, role => 'web'],
    'db1.example.com'  => [family => 'Debian', cpus => 8, role => 'db'],
    'plain.example.com' => [family => 'Debian', cpus => 1],
    'secret.example.com' => [family => 'Debian', cpus => 1, secret => 'hunter2'],
);
facts("$tmp/nodes", $_, @{$good{$_}}) for keys %good;
facts("$tmp/nodes", 'badmod.example.com', family => 'Debian', cpus => 1, role => 'bad');
facts("$tmp/nodes", 'failing.example.com', family => 'Debian', cpus => 1, role => 'fail');
spew("$tmp/nodes/garbled.example.com.json", "{\"os\": \n");
spew("$tmp/nodes/README", "not a facts file\n");
spew("$tmp/nodes/.hidden.json", "{}\n");
facts("$tmp/nodes/sub", 'nested.example.com', family => 'Debian', cpus => 1);
my @broken = qw(badmod.example.com failing.example.com garbled.example.com);

sub mcomp {
    my @args = @_;
    my $rc = run([$mcomp, @args], "$tmp/out", "$tmp/err", undef, 300);
    return ($rc, slurp("$tmp/out"), slurp("$tmp/err"));
}
sub files { my ($d) = @_; opendir my $dh, $d or die "$d: $!"; my @f = sort grep { !/^\.\.?$/ } readdir $dh; @f }

# -j 1
my ($rc, $out, $err) = mcomp('--nodes', "$tmp/nodes", '--outdir', "$tmp/o1", '-j', '1', "$tmp/env");
is($rc, 1, 'exit status 1 when a node failed');
is($out, '', 'nothing on stdout');
is_deeply([files("$tmp/o1")], [map { "$_.json" } sort keys %good],
          'one catalog per good node, none for the broken ones, no temporary file left');
for my $cert (sort keys %good) {
    my ($r, $single, $e) = mcomp('--facts', "$tmp/nodes/$cert.json", '--certname', $cert, "$tmp/env");
    is($r, 0, "$cert compiles alone") or diag($e);
    ok(slurp("$tmp/o1/$cert.json") eq $single, "$cert: the same catalog as mcomp --facts --certname");
}
my $web1 = slurp("$tmp/o1/web1.example.com.json");
my $web2 = slurp("$tmp/o1/web2.example.com.json");
like($web1, qr/"title":"app-common".*listen web1:80/s, 'web1: Debian data and the template');
like($web2, qr/"title":"app-rh".*listen web2:8080/s, 'web2: RedHat data and the template');
like(slurp("$tmp/o1/plain.example.com.json"), qr/"plain 1"/, 'plain: the default branch');
like(slurp("$tmp/o1/db1.example.com.json"), qr/"content":"db1 has 8 CPUs\\n"/, 'db1: an ERB template (Ruby started once, before the forks)');
like($web1, qr/"message":"picked \[1, 0, 3, 0\]"/, 'web1: a module function with next() and return()');
like($web1, qr/"name":"web1.example.com"/, 'the certname is the file name, not the fqdn fact');
is((stat "$tmp/o1/secret.example.com.json")[2] & 0777, 0600, 'a catalog holding a secret is 0600');
is((stat "$tmp/o1/plain.example.com.json")[2] & 077, (0666 & ~umask) & 077, 'others are made as the umask says');
unlike($err, qr/hunter2/, 'the secret is in no message');

like($err, qr/^failing\.example\.com: \S*site\.pp:6:\d+: error: no role for failing$/m,
     "a manifest error: file:line:col as usual, after the node's certname");
like($err, qr/^badmod\.example\.com: \S*bad\/manifests\/init\.pp:2:\d+: error: Syntax error/m,
     'a module with a syntax error that only one node uses: that node fails');
like($err, qr/^garbled\.example\.com: mcomp: error: cannot read facts from \S*garbled\.example\.com\.json/m,
     'unreadable facts: that node fails');
like($err, qr/^mcomp: error: 3 of 8 nodes failed: badmod\.example\.com, failing\.example\.com, garbled\.example\.com$/m,
     'a summary names the failed nodes');
my @lines = split /\n/, $err;
is(scalar(grep { !/^(?:badmod|failing|garbled)\.example\.com: / && !/^mcomp: error: 3 of 8/ } @lines), 0,
   'every other line belongs to a broken node')
    or diag($err);
my @order = map { /^(\S+?): / ? $1 : () } grep { !/^mcomp:/ } @lines;
my %seen;
is_deeply([grep { !$seen{$_}++ } @order], \@broken, "messages come in the nodes' order");

# -j 2: the same files and messages
my ($rc2, undef, $err2) = mcomp('--nodes', "$tmp/nodes", '--outdir', "$tmp/o2", '-j', '2', "$tmp/env");
is($rc2, 1, '-j 2: exit status 1');
is_deeply([files("$tmp/o2")], [files("$tmp/o1")], '-j 2: the same files');
ok(!grep({ slurp("$tmp/o1/$_") ne slurp("$tmp/o2/$_") } files("$tmp/o1")), '-j 2: the same catalogs');
is($err2, $err, '-j 2: the same messages');

# all good: exit 0; an existing OUTDIR is reused, files replaced
unlink "$tmp/nodes/$_.json" for @broken;
($rc, $out, $err) = mcomp('--nodes', "$tmp/nodes", '--outdir', "$tmp/o1", '-j', '3', '--stats', "$tmp/env");
is($rc, 0, 'every node compiled: exit status 0') or diag($err);
like($err, qr/^mcomp: stats: nodes=5 failed=0 jobs=3 wall_ms=[\d.]+ nodes_per_s=[\d.]+ cpu_ms=[\d.]+ peak_kib=\d+ parent_peak_kib=\d+$/m,
     '--stats: nodes, nodes/s, CPU time and peak memory');
is(slurp("$tmp/o1/web1.example.com.json"), $web1, 'a catalog is rewritten the same');

# OUTDIR, DIR and usage errors: exit status 2, one line, nothing compiled
spew("$tmp/afile", "x\n");
my @errs = (
    [['--nodes', "$tmp/nodes", '--outdir', "$tmp/afile"], qr/^mcomp: error: the output directory \S*afile: Not a directory$/,
     'OUTDIR is a file'],
    [['--nodes', "$tmp/nodes", '--outdir', "$tmp/none/o"], qr/^mcomp: error: cannot make the output directory \S*none\/o: No such file or directory$/,
     "OUTDIR's parent is missing"],
    [['--nodes', "$tmp/none", '--outdir', "$tmp/o3"], qr/^mcomp: error: cannot read \S*none: No such file or directory$/,
     'DIR is missing'],
    [['--nodes', "$tmp/env/modules", '--outdir', "$tmp/o3"], qr/^mcomp: error: no facts files \(CERTNAME\.json\) in /,
     'DIR holds no facts file'],
    [['--nodes', "$tmp/nodes", '--outdir', "$tmp/nodes/"], qr/^mcomp: error: the output directory \S*nodes\/ is the facts directory \S*nodes$/,
     'OUTDIR is DIR (the catalogs would replace the facts)'],
    [['--nodes', "$tmp/nodes"], qr/^mcomp: --nodes needs --outdir DIR/, '--nodes without --outdir'],
    [['--outdir', "$tmp/o3"], qr/^mcomp: --outdir is for --nodes/, '--outdir without --nodes'],
    [['--nodes', "$tmp/nodes", '--outdir', "$tmp/o3", '--facts', "$tmp/afile"], qr/^mcomp: --nodes and --facts/,
     '--nodes with --facts'],
    [['--nodes', "$tmp/nodes", '--outdir', "$tmp/o3", '-j', '0'], qr/^mcomp: -j wants a number of jobs from 1 to 1024, not '0'/,
     '-j 0'],
);
for my $case (@errs) {
    my ($args, $re, $name) = @$case;
    my ($r, $o, $e) = mcomp(@$args, "$tmp/env");
    is($r, 2, "$name: exit status 2");
    like($e, $re, "$name: the message") or diag($e);
}
ok(!-e "$tmp/o3", 'no OUTDIR made after a usage error');

# --storeconfigs: a node's collectors see the exports of the nodes before it
mkdir "$tmp/$_" or die for qw(sc sc/nodes);
spew("$tmp/sc/site.pp", <<'EOF');
@@notify { "from ${trusted['certname']}": tag => 'fleet' }
Notify <<| tag == 'fleet' |>>
EOF
facts("$tmp/sc/nodes", $_, family => 'Debian', cpus => 1) for qw(a b c);
($rc, $out, $err) = mcomp('--nodes', "$tmp/sc/nodes", '--outdir', "$tmp/sc/o", '-j', '1', "--storeconfigs=$tmp/sc/store.db", "$tmp/sc/site.pp");
is($rc, 0, '--storeconfigs: compiled') or diag($err);
my @collected = map { my $c = slurp("$tmp/sc/o/$_.json"); [sort $c =~ /"title":"(from \w)"/g] } qw(a b c);
is_deeply(\@collected, [['from a'], ['from a', 'from b'], ['from a', 'from b', 'from c']],
          "-j 1: each node collects its own export and those of the nodes before it in certname order");
($rc, $out, $err) = mcomp('--nodes', "$tmp/sc/nodes", '--outdir', "$tmp/sc/o", '-j', '2', "--storeconfigs=$tmp/sc/store.db", "$tmp/sc/site.pp");
is($rc, 0, '--storeconfigs -j 2: compiled again') or diag($err);
like(slurp("$tmp/sc/o/a.json"), qr/"from c"/, 'a later run sees every export stored before');

# a certname holding a control character is shown escaped, as in every message
mkdir "$tmp/ctl" or die;
spew("$tmp/ctl/bell\x07.json", "{\"os\": [\n");
($rc, $out, $err) = mcomp('--nodes', "$tmp/ctl", '--outdir', "$tmp/ctl-o", '-j', '1', "$tmp/sc/site.pp");
is($rc, 1, 'a node named with a control character fails on its facts');
like($err, qr/^bell\\x07: mcomp: error: cannot read facts/m, '... its prefix is escaped');
like($err, qr/^mcomp: error: 1 of 1 nodes failed: bell\\x07$/m, '... in the summary too');
unlike($err, qr/\x07/, 'no raw control character reaches the terminal');

# ---- real modules: Ruby types and functions, ERB templates ----
my $mp = $ENV{REALMODS_MODULEPATH} || '/usr/share/puppet/modules';
SKIP: {
    skip "Debian's Forge modules are not in $mp (make deps)", 1 unless -f "$mp/apache/metadata.json";
    my $rm = abs_path('t/realmods') or die "no t/realmods";
    # one site at a time: the catalog Puppet compiled (expected.out), a single compile's
    for my $site (qw(apache mysql haproxy postgresql)) {
        mkdir "$tmp/rm-$site" or die;
        spew("$tmp/rm-$site/node1.example.com.json", slurp("$rm/facts.json"));
        my ($r, undef, $e) = mcomp('--nodes', "$tmp/rm-$site", '--outdir', "$tmp/rm-$site-o", '--modulepath', $mp,
                                   "$rm/$site/site.pp");
        is($r, 0, "$site: compiled by --nodes") or diag($e);
        my $got = slurp("$tmp/rm-$site-o/node1.example.com.json");
        is(normalize_catalog($got, "$rm/$site", $mp), slurp("$rm/$site/expected.out"), "$site: Puppet's catalog");
        my ($r1, $single, $e1) = mcomp('--facts', "$rm/facts.json", '--certname', 'node1.example.com',
                                       '--modulepath', $mp, "$rm/$site/site.pp");
        ok($r1 == 0 && $got eq $single, "$site: the catalog of a single compile");
        is($e, join('', map { "node1.example.com: $_\n" } split /\n/, $e1), "$site: its messages");
    }

    # many nodes on a site of several (roles from the facts), and a module of
    # our own: a Ruby function that counts its calls in a global and in a
    # class, a Ruby type, one that does not load (used by one node only), an
    # ERB template that calls the function again
    my $site = '';
    my %role = (web => [qw(apache haproxy)], db => [qw(mysql)], pg => [qw(postgresql)], cache => [qw(memcached redis)]);
    for my $r (sort keys %role) {
        $site .= "class role_$r {\n" . join('', map { slurp("$rm/$_/site.pp") } @{$role{$r}}) . "}\n";
    }
    # (the module is reached through a symbolic link, as Debian's are: Ruby
    # names the files it requires from there by their real paths)
    my $lib = 'fleet/real/fleetrb/lib/puppet';
    mkdir "$tmp/$_" or die for ('fleet', 'fleet/mods', 'fleet/real', 'fleet/real/fleetrb', 'fleet/real/fleetrb/templates',
                                'fleet/real/fleetrb/lib', $lib, "$lib/type", "$lib/functions", "$lib/functions/fleetrb");
    symlink('../real/fleetrb', "$tmp/fleet/mods/fleetrb") or die "symlink: $!";
    spew("$tmp/fleet/site.pp", $site . <<'PP');
node default {
  $n = fleetrb::bump()
  fleetok { "ok ${n}": size => 2 }
  file { '/etc/fleet': content => template('fleetrb/fleet.erb') }
  case $facts['role'] {
    'web': { include role_web }  'db': { include role_db }  'pg': { include role_pg }  default: { include role_cache }
  }
  if $facts['processors']['count'] == 3 { fleetbroken { 'x': } }
}
PP
    spew("$tmp/$lib/functions/fleetrb/bump.rb", <<'RB');
module FleetRb
  @calls = 0
  class << self; attr_accessor :calls; end
end
Puppet::Functions.create_function(:'fleetrb::bump') do
  def bump
    FleetRb.calls += 1
    $fleetrb_calls = ($fleetrb_calls || 0) + 1
    "#{FleetRb.calls}/#{$fleetrb_calls}"
  end
end
RB
    # the type's file requires a file of its module's lib/ and one of Ruby's
    # (found on $LOAD_PATH after the modules' lib/), twice
    spew("$tmp/fleet/real/fleetrb/lib/fleetrb_helper.rb", <<'RB');
require 'ipaddr'
$fleetrb_where = [__FILE__.sub(%r{.*/fleet/}, ''), $LOAD_PATH.index { |d| d.end_with?('/fleetrb/lib') }]
RB
    spew("$tmp/$lib/type/fleetok.rb", <<'RB');
$fleetrb_again = [require('fleetrb_helper'), require('fleetrb_helper'), require('ipaddr'), require('fleetrb_helper.rb')]
$fleetrb_where << $LOADED_FEATURES.grep(%r{fleetrb_helper|/ipaddr\.rb}).map { |f| f.sub(%r{.*/fleet/}, '').sub(%r{\A/.*/}, 'SYS/') }
Puppet::Type.newtype(:fleetok) do
  newparam(:name, namevar: true)
  newproperty(:size)
end
RB
    spew("$tmp/$lib/type/fleetbroken.rb", "Puppet::Type.newtype(:fleetbroken) do\n  newparam(:name\nend\n");
    spew("$tmp/fleet/real/fleetrb/templates/fleet.erb",
         "<%= \@hostname %>: <%= \@n %> <%= scope.call_function('fleetrb::bump', []) %>\n" .
         "<%= \$fleetrb_where.inspect %> <%= \$fleetrb_again.inspect %> <%= require('ipaddr') %>\n");
    system('sh', 'share/bench/fleetgen.sh', "$tmp/fleet/nodes", 8, "$rm/facts.json") == 0 or die 'fleetgen.sh';
    my $fmp = "$tmp/fleet/mods:$mp";
    my ($r, undef, $e) = mcomp('--nodes', "$tmp/fleet/nodes", '--outdir', "$tmp/fleet/o", '-j', '2',
                               '--modulepath', $fmp, "$tmp/fleet/site.pp");
    is($r, 1, 'a site of several real modules: exit status 1 (one node fails)');
    my @certs = map { sprintf 'node%04d.example.com', $_ } 0 .. 7;
    my $failed = 'node0002.example.com';              # the one with 3 processors
    my $same = 1;
    for my $cert (@certs) {
        my ($r1, $single, $e1) = mcomp('--facts', "$tmp/fleet/nodes/$cert.json", '--certname', $cert,
                                       '--modulepath', $fmp, "$tmp/fleet/site.pp");
        my @mine = map { s/^\Q$cert\E: //r } grep { /^\Q$cert\E: / } split /\n/, $e;
        my $ok = $cert eq $failed ? $r1 == 1 && !-e "$tmp/fleet/o/$cert.json"
                                  : $r1 == 0 && slurp("$tmp/fleet/o/$cert.json") eq $single;
        $ok &&= join("\n", @mine) eq join("\n", split /\n/, $e1);
        $same &&= $ok;
        diag("$cert differs from its single compile (status $r1):\n$e1\n--nodes said:\n" . join("\n", @mine)) unless $ok;
    }
    ok($same, 'each node: the catalog and the messages of its single compile');
    like($e, qr/^\Q$failed\E: .*fleetbroken/m, "... the node using the Ruby type that does not load has that error");
    like($e, qr/^mcomp: error: 1 of 8 nodes failed: \Q$failed\E$/m, '... and it is the only node that failed');
    my @good = grep { $_ ne $failed } @certs;
    my @bumps = map { slurp("$tmp/fleet/o/$_.json") =~ /"ok (\d+\/\d+)"/ ? $1 : '?' } @good;
    is_deeply(\@bumps, [('1/1') x 7], 'Ruby globals and class state a function changes stay with its node');
    my @tmpl = map { slurp("$tmp/fleet/o/$_.json") =~ /"content":"node\d+: 1\/1 2\/2\\n/ ? 1 : 0 } @good;
    is_deeply(\@tmpl, [(1) x 7], 'an ERB template sees its node and its node\'s function state');
    my @req = map { slurp("$tmp/fleet/o/$_.json") =~ /\\n(\[\\"real\/fleetrb\/lib\/fleetrb_helper.rb\\", 0, \[.*?\]\] \[.*?\] false)\\n"/
                    ? $1 : '?' } @good;
    is_deeply(\@req, [('[\"real/fleetrb/lib/fleetrb_helper.rb\", 0, [\"SYS/ipaddr.rb\", \"real/fleetrb/lib/fleetrb_helper.rb\"]] [true, false, false, false] false') x 7],
              'a Ruby type\'s requires: its module\'s file by its real path, once; Ruby\'s own file once (as single compiles)');
}

# ---- ERB templates read once for all nodes; scope.to_hash called again and again ----
# Each node's catalog and messages are its single compile's: a template rendered many
# times in one node (define instances, to_hash in a loop, a variable set between calls),
# a template missing for one node only, a template file with a NUL byte.
{
    mkdir "$tmp/$_" or die for qw(tt tt/nodes tt/modules tt/modules/t tt/modules/t/manifests tt/modules/t/templates);
    spew("$tmp/tt/modules/t/manifests/init.pp", "class t { t::r { ['a', 'b']: } }\n");
    spew("$tmp/tt/modules/t/manifests/r.pp", <<'PP');
define t::r($n = "${title}-${facts['processors']['count']}") {
  file { "/tmp/tt-${title}": content => template('t/r.erb') }
  if $facts['role'] == 'gone' and $title == 'b' { file { '/tmp/tt-gone': content => template('t/missing.erb') } }
  if $facts['role'] == 'nul' and $title == 'a' { file { '/tmp/tt-nul': content => template('t/nul.erb') } }
}
PP
    spew("$tmp/tt/modules/t/templates/r.erb",
         "<% 5.times do |i| -%><%= scope.to_hash['n'] %>@<%= scope.to_hash['hostname'] %> <%= scope.to_hash.key?('later') %>\n"
         . "<% scope.setvar('later', i) if i == 2 && !scope.to_hash.key?('later') -%><% end -%><%= scope.to_hash['later'] %>\n");
    spew("$tmp/tt/modules/t/templates/nul.erb", "a\0b <%= 1 %>\n");
    # the same Ruby type in two modules: the first module on the path has it (as a single compile)
    for my $m ('a1', 'z9') {
        mkdir "$tmp/tt/modules/$_" or die for ($m, "$m/lib", "$m/lib/puppet", "$m/lib/puppet/type");
        spew("$tmp/tt/modules/$m/lib/puppet/type/ttdup.rb",
             "Puppet::Type.newtype(:ttdup) do\n  newparam(:name, namevar: true)\n  newparam(:only_$m)\nend\n");
    }
    spew("$tmp/tt/site.pp", "include t\nttdup { 'x': only_a1 => 1 }\n");
    facts("$tmp/tt/nodes", 'tt1.example.com', family => 'Debian', cpus => 2, role => 'web');
    facts("$tmp/tt/nodes", 'tt2.example.com', family => 'Debian', cpus => 3, role => 'gone');
    facts("$tmp/tt/nodes", 'tt3.example.com', family => 'Debian', cpus => 4, role => 'nul');
    facts("$tmp/tt/nodes", 'tt4.example.com', family => 'Debian', cpus => 5, role => 'web');
    my ($r, undef, $e) = mcomp('--nodes', "$tmp/tt/nodes", '--outdir', "$tmp/tt/o", '-j', '2',
                               '--modulepath', "$tmp/tt/modules", "$tmp/tt/site.pp");
    my $same = 1;
    my $failed = 0;
    for my $n (1 .. 4) {
        my $cert = "tt$n.example.com";
        my ($r1, $single, $e1) = mcomp('--facts', "$tmp/tt/nodes/$cert.json", '--certname', $cert,
                                       '--modulepath', "$tmp/tt/modules", "$tmp/tt/site.pp");
        my @mine = map { s/^\Q$cert\E: //r } grep { /^\Q$cert\E: / } split /\n/, $e;
        my $ok = $r1 == 0 ? slurp("$tmp/tt/o/$cert.json") eq $single : !-e "$tmp/tt/o/$cert.json";
        $ok &&= join("\n", @mine) eq join("\n", split /\n/, $e1);
        $failed += $r1 != 0;
        $same &&= $ok;
        diag("$cert differs from its single compile (status $r1):\n$e1\n--nodes said:\n" . join("\n", @mine)) unless $ok;
    }
    ok($same, 'templates read once: each node has the catalog and the messages of its single compile');
    is($r, $failed ? 1 : 0, '... and the status') or diag($e);
    like(slurp("$tmp/tt/o/tt4.example.com.json"),
         qr/"content":"b-5\@tt4 false\\nb-5\@tt4 false\\nb-5\@tt4 false\\nb-5\@tt4 true\\nb-5\@tt4 true\\n2\\n"/,
         '... a template\'s repeated scope.to_hash sees its define instance, its node, and a variable set meanwhile');
    like($e, qr/^tt2\.example\.com: .*Could not find template 't\/missing\.erb'/m, '... a template missing for one node only');
}

done_testing();
