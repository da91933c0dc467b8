#!/usr/bin/perl
# t/puppetdb.t - exported resources, puppetdb_query() and reports with a
# real PuppetDB 7 on PostgreSQL 15 (Debian's puppetdb and postgresql, which
# `make deps` installs).  The test makes its own PostgreSQL cluster and
# PuppetDB configuration in a temp dir, on free loopback ports (HTTP and
# HTTPS), starts both (as nobody when run as root: neither runs as root),
# waits for PuppetDB's status service, and stops both at the end.  If they
# cannot be started the test fails, saying why.  The scenario is
# t/storeconfigs.t's through PuppetDB (also over HTTPS with a client
# certificate, made with openssl): node A exports an Sshkey, Hosts, a
# define instance and an Exec with a Sensitive parameter; node B collects
# them with queries and an override; A's next compile replaces its exports;
# plus what PuppetDB keeps (facts, catalog, no secret), puppetdb_query()
# in PQL and AST, mapply's report in /pdb/query/v4/reports and events, and
# the errors of an unreachable or silent PuppetDB.  Commands are submitted
# with MCOMP_PUPPETDB_WAIT, so each is processed before the next compile.
# PuppetDB's start takes most of the run time (about a minute).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Path qw(remove_tree);
use File::Temp qw(tempdir);
use IO::Socket::INET;
use JSON::PP;
use POSIX qw(WNOHANG);
use Test::More;
require './t/testlib.pl';

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $mapply = abs_path($ENV{MAPPLY} || 'build/mapply');
my $dir = abs_path('t/storeconfigs') or BAIL_OUT('no t/storeconfigs');
my $mods = '/usr/share/puppet/modules';
my $pgbin = '/usr/lib/postgresql/15/bin';
my $jar = '/usr/share/puppetdb/puppetdb.jar';
my $t0 = time;

# what the test needs, or a failure saying what is missing
my @missing = grep { !-e $_ } ("$mods/sshkeys_core", "$pgbin/initdb", "$pgbin/pg_ctl", "$pgbin/psql", $jar,
                               '/etc/puppetdb/bootstrap.cfg', '/etc/puppetdb/conf.d/auth.conf');
my $java = (grep { -x "$_/java" } split /:/, $ENV{PATH})[0];
push @missing, 'java' unless $java;
if (@missing) {
    fail("PuppetDB and PostgreSQL are installed (make deps)");
    diag("missing: @missing");
    done_testing();
    exit;
}

my $tmp = tempdir('puppetdb-t-XXXXXX', TMPDIR => 1, CLEANUP => 0);
chmod 0755, $tmp;
my $root = $> == 0;
my ($uid, $gid) = (getpwnam('nobody'))[2, 3];
# a command as the user PostgreSQL and PuppetDB run as (nobody, when we are root)
sub as_user { my @cmd = @_; $root ? ('setpriv', "--reuid=$uid", "--regid=$gid", '--clear-groups', @cmd) : @cmd }
sub own { chown $uid, $gid, @_ if $root }
mkdir "$tmp/$_" or die "$tmp/$_: $!" for qw(run pdb pdb/conf pdb/var pdb/ssl work);
own("$tmp/run", "$tmp/pdb", "$tmp/pdb/conf", "$tmp/pdb/var", "$tmp/pdb/ssl");

sub free_port {
    my $s = IO::Socket::INET->new(Listen => 1, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp')
        or die "no free port: $!";
    my $p = $s->sockport;
    close $s;
    return $p;
}
my ($pgport, $port, $sslport) = (free_port(), free_port(), free_port());
my $url = "http://127.0.0.1:$port";
my $ssl = "$tmp/pdb/ssl";
my ($pdb_pid, $pg_started);

sub stop_all {
    if ($pdb_pid) {
        kill 'TERM', $pdb_pid;
        for (1 .. 100) { last if waitpid($pdb_pid, WNOHANG) == $pdb_pid; select undef, undef, undef, 0.1 }
        kill 'KILL', $pdb_pid if kill 0, $pdb_pid;
        waitpid $pdb_pid, 0;
        $pdb_pid = undef;
    }
    if ($pg_started) {
        system(as_user("$pgbin/pg_ctl", '-D', "$tmp/run/pg", '-m', 'immediate', '-s', 'stop'));
        $pg_started = 0;
    }
}
END {
    my $rc = $?;
    stop_all();
    if (!$ENV{PUPPETDB_T_KEEP}) { remove_tree($tmp) } else { print STDERR "# kept $tmp\n" }
    $? = $rc;
}
$SIG{INT} = $SIG{TERM} = sub { exit 1 };

# a command run quietly: its exit status; its output in $tmp/work/cmd.out
sub sh { run([@_], "$tmp/work/cmd.out", undef, undef, 300) }
sub bail_with {
    my ($what, $log) = @_;
    fail($what);
    diag(slurp($log)) if $log && -e $log;
    done_testing();
    exit;
}

# ---- PostgreSQL: its own cluster, socket in the temp dir, loopback port ----
sh(as_user("$pgbin/initdb", '-D', "$tmp/run/pg", '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync')) == 0
    or bail_with('initdb makes a PostgreSQL cluster', "$tmp/work/cmd.out");
sh(as_user("$pgbin/pg_ctl", '-D', "$tmp/run/pg", '-l', "$tmp/run/pg.log", '-w', '-t', '120', '-o',
           "-k $tmp/run -p $pgport -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
           'start')) == 0
    or bail_with('PostgreSQL starts', "$tmp/run/pg.log");
$pg_started = 1;
sh(as_user("$pgbin/psql", '-q', '-h', "$tmp/run", '-p', $pgport, '-U', 'postgres', '-d', 'postgres', '-c',
           'CREATE DATABASE puppetdb', '-c', '\c puppetdb', '-c', 'CREATE EXTENSION pg_trgm')) == 0
    or bail_with('the puppetdb database is made', "$tmp/work/cmd.out");

# ---- TLS: a CA, PuppetDB's certificate (for 127.0.0.1) and a client's ----
{
    my @req = ('openssl', 'req', '-newkey', 'rsa:2048', '-nodes');
    my @sign = ('openssl', 'x509', '-req', '-CA', "$ssl/ca.pem", '-CAkey', "$ssl/ca.key", '-CAcreateserial', '-days', '2');
    spew("$ssl/server.ext", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
    spew("$ssl/client.ext", "extendedKeyUsage=clientAuth\n");
    my $ok = sh(@req, '-x509', '-keyout', "$ssl/ca.key", '-out', "$ssl/ca.pem", '-days', '2', '-subj', '/CN=Test CA') == 0;
    for my $who (qw(server client)) {
        $ok &&= sh(@req, '-keyout', "$ssl/$who.key", '-out', "$ssl/$who.csr", '-subj', $who eq 'server' ? '/CN=127.0.0.1' : '/CN=a') == 0;
        $ok &&= sh(@sign, '-in', "$ssl/$who.csr", '-out', "$ssl/$who.pem", '-extfile', "$ssl/$who.ext") == 0;
    }
    $ok or bail_with('openssl makes the test certificates', "$tmp/work/cmd.out");
    own(glob("$ssl/*"));
}

# ---- PuppetDB: its own configuration, plain HTTP and HTTPS on loopback ----
spew("$tmp/pdb/conf/config.ini", <<"EOF");
[global]
vardir = $tmp/pdb/var
logging-config = $tmp/pdb/logback.xml
[database]
subname = //127.0.0.1:$pgport/puppetdb
username = postgres
password = unused
[jetty]
host = 127.0.0.1
port = $port
ssl-host = 127.0.0.1
ssl-port = $sslport
ssl-key = $ssl/server.key
ssl-cert = $ssl/server.pem
ssl-ca-cert = $ssl/ca.pem
[command-processing]
threads = 1
EOF
spew("$tmp/pdb/conf/auth.conf", slurp('/etc/puppetdb/conf.d/auth.conf'));
spew("$tmp/pdb/logback.xml", <<"EOF");
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$tmp/pdb/puppetdb.log</file>
    <encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="warn"><appender-ref ref="F"/></root>
</configuration>
EOF
own(glob("$tmp/pdb/conf/*"), "$tmp/pdb/logback.xml");
$pdb_pid = fork // die "fork: $!";
if (!$pdb_pid) {
    open STDIN, '<', '/dev/null';
    open STDOUT, '>', "$tmp/run/puppetdb.out";
    open STDERR, '>&', \*STDOUT;
    chdir $tmp;
    $ENV{HOME} = "$tmp/pdb";
    # C1 only: PuppetDB starts in about half the time, and a test run is short
    exec(as_user("$java/java", '-Xmx256m', '-XX:TieredStopAtLevel=1', '-Djava.security.egd=/dev/urandom',
                 '-cp', $jar, 'clojure.main', '-m', 'puppetlabs.puppetdb.core', 'services',
                 '--config', "$tmp/pdb/conf", '--bootstrap-config', '/etc/puppetdb/bootstrap.cfg'))
        or die "exec java: $!";
}

sub http_get {
    my ($path) = @_;
    my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $port, Proto => 'tcp', Timeout => 10) or return;
    print $s "GET $path HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n";
    local $/;
    my $resp = <$s> // '';
    close $s;
    my ($head, $body) = split /\r\n\r\n/, $resp, 2;
    return unless $head && $head =~ m{^HTTP/1\.[01] 200};
    return $body;
}
sub uri_escape { my $s = shift; $s =~ s/([^A-Za-z0-9\-._~])/sprintf('%%%02X', ord $1)/ge; $s }
sub pdb_query {
    my ($endpoint, $query) = @_;
    my $body = http_get("/pdb/query/v4/$endpoint" . (defined $query ? '?query=' . uri_escape(encode_json($query)) : ''));
    return defined $body ? decode_json($body) : undef;
}

my $up;
for (1 .. 600) {
    my $st = http_get('/status/v1/services');
    if ($st && eval { decode_json($st)->{'puppetdb-status'}{state} eq 'running' }) { $up = 1; last }
    last if waitpid($pdb_pid, WNOHANG) == $pdb_pid and !($pdb_pid = undef);
    select undef, undef, undef, 0.5;
}
if (!$up) {
    diag(slurp("$tmp/run/puppetdb.out")) if -e "$tmp/run/puppetdb.out";
    bail_with("PuppetDB starts and its status service says running (within 300 s)", "$tmp/pdb/puppetdb.log");
}
pass(sprintf 'PostgreSQL and PuppetDB started (%d s)', time - $t0);

# ---- the scenario ----
$ENV{MCOMP_PUPPETDB_WAIT} = 60;
spew("$tmp/work/facts.json", qq({"os": {"family": "Debian"}, "role": "web"}\n));

# compile MANIFEST for CERTNAME (extra args): (exit status, catalog or undef, stderr)
sub compile {
    my ($pp, $cert, @extra) = @_;
    my $rc = run([$mcomp, '--modulepath', $mods, '--facts', "$tmp/work/facts.json", '--certname', $cert,
                  @extra, $pp =~ m{^-e} ? () : "$dir/$pp"], "$tmp/work/out", "$tmp/work/err", undef, 120);
    my $out = slurp("$tmp/work/out");
    return ($rc, $rc == 0 ? decode_json($out) : undef, slurp("$tmp/work/err"));
}
sub res {
    my ($cat, $ref) = @_;
    my ($type, $title) = $ref =~ /^(.*?)\[(.*)\]$/;
    for (@{$cat->{resources}}) { return $_ if $_->{type} eq $type && $_->{title} eq $title }
    return undef;
}
sub count { my ($cat, $type) = @_; scalar grep { $_->{type} eq $type } @{$cat->{resources}} }
sub has_tags { my ($r, @t) = @_; my %h = map { $_ => 1 } @{$r->{tags}}; !grep { !$h{$_} } @t }

my ($rc, $a, $err) = compile('a1.pp', 'a', "--puppetdb=$url");
is($rc, 0, 'A compiles with --puppetdb') or diag($err);
ok($a && !count($a, 'Sshkey') && !count($a, 'Host'), "A's uncollected exports are not in its catalog");
my $exports = pdb_query('resources', ['and', ['=', 'certname', 'a'], ['=', 'exported', JSON::PP::true]]) || [];
is_deeply([sort map { "$_->{type}\[$_->{title}\]" } @$exports],
          [sort 'Sshkey[a.example.com]', 'Host[a.example.com]', 'Host[old.example.com]', 'Site::Alias[web]', 'Exec[secret-cmd]'],
          "PuppetDB has A's catalog with its exports");
my $pcat = pdb_query('catalogs/a');
is($pcat && $pcat->{catalog_uuid}, $a && $a->{catalog_uuid}, "... the catalog mcomp wrote (its catalog_uuid)");
my $pcat_text = $pcat ? encode_json($pcat) : '';
ok($pcat && $pcat_text !~ /s3cr3t/, '... and no Sensitive value in it');
my ($exec) = grep { $_->{type} eq 'Exec' } @$exports;
ok($exec && !exists $exec->{parameters}{environment}, '... the Sensitive parameter is left out, as the terminus does');
my $edges = pdb_query('catalogs/a/edges') || [];
ok(grep({ $_->{relationship} eq 'contains' && $_->{source_title} eq 'Exports' && $_->{target_title} eq 'a.example.com' } @$edges),
   '... with its containment edges');
my $facts = pdb_query('facts', ['and', ['=', 'certname', 'a'], ['=', 'name', 'role']]) || [];
is($facts->[0] && $facts->[0]{value}, 'web', "... and A's facts");

my $b;
($rc, $b, $err) = compile('b.pp', 'b', "--puppetdb=$url");
is($rc, 0, 'B compiles') or diag($err);
my $k = $b && res($b, 'Sshkey[a.example.com]');
ok($k, "tag == 'x' collects A's Sshkey");
is_deeply($k && $k->{parameters}, {type => 'ssh-ed25519', key => 'AAAAC3NzaC1lZDI1NTE5AAAAIA', tag => ['x'],
                                   host_aliases => ['a-key']}, "... with A's parameters and B's override");
ok($k && has_tags($k, qw(x sshkey exports class collect)), "... A's tags, and B's container's");
is($k && $k->{file}, "$dir/a1.pp", "... A's file");
is($k && $k->{line}, 6, '... and line');
ok($k && !$k->{exported}, '... no longer exported');
ok($b && grep({ $_->{source} eq 'Class[Collect]' && $_->{target} eq 'Sshkey[a.example.com]' } @{$b->{edges}}),
   '... contained in the collecting class');
my $h = $b && res($b, 'Host[a.example.com]');
is_deeply($h && $h->{parameters}, {ip => '192.0.2.1', host_aliases => ['a']}, 'title == and ip == (and) collect a Host');
ok($b && res($b, 'Host[old.example.com]'), 'ip == or title == collects the other');
is($b && count($b, 'Host'), 3, "!= and != collects nothing more (and B's own export)");
my $d = $b && res($b, 'Site::Alias[web]');
is($d && $d->{parameters}{port}, 8080, 'a define instance is collected by a parameter query (a number)');
ok($b && res($b, 'Notify[alias web -> a.example.com:8080]'), '... and evaluated on B');
my $x = $b && res($b, 'Exec[secret-cmd]');
ok($x && !exists $x->{parameters}{environment}, 'the collected Exec has no Sensitive parameter: PuppetDB never had it');
my $self = $b && res($b, 'Host[b.example.com]');
ok($self && $self->{exported}, "B's own export collected by B stays exported: true");

# A's next compile replaces its exports
($rc, undef, $err) = compile('a2.pp', 'a', "--puppetdb=$url");
is($rc, 0, "A's second compile") or diag($err);
($rc, $b, $err) = compile('b.pp', 'b', "--puppetdb=$url");
is($rc, 0, 'B compiles again') or diag($err);
ok($b && !res($b, 'Host[old.example.com]'), 'an export A dropped is gone from B');
is($b && res($b, 'Sshkey[a.example.com]') && res($b, 'Sshkey[a.example.com]')->{parameters}{key},
   'AAAAC3NzaC1lZDI1NTE5AAAAIB', "B sees A's new key");

# a failed compile sends nothing
($rc, undef, $err) = compile('a_fail.pp', 'a', "--puppetdb=$url");
is($rc, 1, "A's failing compile fails");
($rc, $b, $err) = compile('b.pp', 'b', "--puppetdb=$url");
ok($b && !res($b, 'Host[new.example.com]') && res($b, 'Sshkey[a.example.com]'), "... and A's exports are as before");

# a collected title declared here
($rc, undef, $err) = compile('b_dup.pp', 'b', "--puppetdb=$url");
is($rc, 1, 'a collected title declared on B fails');
like($err, qr/b_dup\.pp:3:1: error: A duplicate resource was found while collecting exported resources, with the type and title Host\[a\.example\.com\]/,
     "... with Puppet's message");

# puppetdb_query(), PQL and AST
my $q;
($rc, $q, $err) = compile('-e', 'q', "--puppetdb=$url", '-e', <<'EOF');
$pql = puppetdb_query('resources[title] { type = "Host" and exported = true and certname = "a" order by title }')
$ast = puppetdb_query(['from', 'facts', ['and', ['=', 'certname', 'a'], ['=', 'name', 'os']]])
notify { 'pql': message => $pql.map |$r| { $r['title'] }.join(',') }
notify { 'ast': message => $ast[0]['value']['family'] }
EOF
is($rc, 0, 'puppetdb_query() compiles') or diag($err);
is($q && res($q, 'Notify[pql]') && res($q, 'Notify[pql]')->{parameters}{message}, 'a.example.com', '... a PQL query');
is($q && res($q, 'Notify[ast]') && res($q, 'Notify[ast]')->{parameters}{message}, 'Debian', '... an AST query');
($rc, undef, $err) = compile('-e', 'q', "--puppetdb=$url", '-e', "puppetdb_query('nodes { bogus')");
is($rc, 1, 'a query PuppetDB refuses fails the compile');
like($err, qr/-e:1:\d+: error: puppetdb_query: PuppetDB at \Q$url\E: HTTP 400 for \/pdb\/query\/v4: PQL parse error/,
     "... with PuppetDB's answer");
($rc, undef, $err) = compile('-e', 'q', '-e', "puppetdb_query('nodes {}')");
like($err, qr/error: puppetdb_query: no PuppetDB is configured/, 'without --puppetdb, puppetdb_query() is an error');

# mapply: the run's report
mkdir "$tmp/root" or die "$tmp/root: $!";
$rc = run([$mapply, '--root', "$tmp/root", '--vardir', "$tmp/var", '--facts', "$tmp/work/facts.json",
           '--certname', 'c', "--puppetdb=$url", "$dir/apply.pp"], "$tmp/work/out", undef, undef, 120);
is($rc, 0, 'mapply --puppetdb applies') or diag(slurp("$tmp/work/out"));
my $reports = pdb_query('reports', ['=', 'certname', 'c']) || [];
is(scalar @$reports, 1, 'PuppetDB has its report');
my $r = $reports->[0] || {};
is($r->{status}, 'changed', '... status changed');
my $ccat = pdb_query('catalogs/c');
is($r->{transaction_uuid}, $ccat && $ccat->{transaction_uuid}, "... the same transaction as the catalog it compiled");
my $events = pdb_query('events', ['=', 'report', $r->{hash} // '']) || [];
is_deeply([map { [@$_{qw(resource_type resource_title property status old_value new_value)}] } @$events],
          [['File', '/self', 'ensure', 'success', 'absent', 'file']], '... its one event: File[/self] created');
my %m = map { ("$_->{category}/$_->{name}" => $_->{value}) } @{$r->{metrics}{data} || []};
is_deeply([@m{'resources/total', 'resources/changed', 'events/success'}], [1, 1, 1], '... and its metrics')
    or diag(explain(\%m));

# a catalog applied: its report only, also with PuppetDB named by CONFDIR/puppetdb.conf
mkdir "$tmp/confdir" or die;
spew("$tmp/confdir/puppetdb.conf", "[main]\nserver_urls = $url\n");
$rc = run([$mcomp, '--facts', "$tmp/work/facts.json", '--certname', 'd', '-e', 'notify { "hi": }'],
          "$tmp/work/d.json", "$tmp/work/err", undef, 120);
$rc = run([$mapply, '--root', "$tmp/root", '--vardir', "$tmp/var", '--confdir', "$tmp/confdir", '--puppetdb',
           "$tmp/work/d.json"], "$tmp/work/out", undef, undef, 120);
is($rc, 0, 'mapply --puppetdb (CONFDIR/puppetdb.conf) applies a catalog') or diag(slurp("$tmp/work/out"));
$reports = pdb_query('reports', ['=', 'certname', 'd']) || [];
is($reports->[0] && $reports->[0]{status}, 'changed', '... and PuppetDB has its report');

# HTTPS: PuppetDB's CA, and a client certificate it takes
my @tls = ("--puppetdb=https://127.0.0.1:$sslport", '--puppetdb-cacert', "$ssl/ca.pem");
my @cert = ('--puppetdb-cert', "$ssl/client.pem", '--puppetdb-key', "$ssl/client.key");
($rc, $b, $err) = compile('b.pp', 'b', @tls, @cert);
is($rc, 0, 'over HTTPS with the CA certificate and a client certificate, B compiles') or diag($err);
ok($b && res($b, 'Sshkey[a.example.com]'), '... and collects');
($rc, undef, $err) = compile('b.pp', 'b', @tls);
is($rc, 1, 'without a client certificate PuppetDB refuses');
like($err, qr/Could not retrieve resources from the PuppetDB: PuppetDB at https:\/\/127\.0\.0\.1:$sslport: .*(certificate|alert|handshake)/i,
     '... and the collector says so');
($rc, undef, $err) = compile('b.pp', 'b', "--puppetdb=https://127.0.0.1:$sslport", @cert);
is($rc, 1, 'without the CA certificate PuppetDB is not trusted');
like($err, qr/SSL certificate problem/, "... curl's reason");

# an unreachable PuppetDB, one that does not answer: errors, no catalog
my $dead = free_port();
($rc, undef, $err) = compile('b.pp', 'b', "--puppetdb=http://127.0.0.1:$dead");
is($rc, 1, 'a collector with PuppetDB unreachable fails the compile');
like($err, qr/b\.pp:6:3: error: Could not retrieve resources from the PuppetDB: PuppetDB at http:\/\/127\.0\.0\.1:$dead: .*(connect|refused)/i,
     '... saying so at the collector');
($rc, undef, $err) = compile('a2.pp', 'a', "--puppetdb=http://127.0.0.1:$dead");
is($rc, 2, 'a catalog that cannot be submitted fails with exit 2');
like($err, qr/^mcomp: error: cannot submit "replace facts" for a: PuppetDB at /m, '... saying what and where');
my $silent = IO::Socket::INET->new(Listen => 5, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp') or die;
my $sport = $silent->sockport;
spew("$tmp/confdir/puppetdb.conf", "[main]\nserver_urls = http://127.0.0.1:$sport\nserver_url_timeout = 1\n");
my $t1 = time;
($rc, undef, $err) = compile('b.pp', 'b', '--confdir', "$tmp/confdir", '--puppetdb');
is($rc, 1, 'a PuppetDB that does not answer fails the compile');
like($err, qr/error: Could not retrieve resources from the PuppetDB: .*[Tt]imeout|timed out/, '... after server_url_timeout');
ok(time - $t1 < 30, '... in about that time');
close $silent;

stop_all();
diag(sprintf 'run time %d s', time - $t0);
done_testing();
