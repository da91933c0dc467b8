#!/usr/bin/perl
# t/mapply_cli.t - mapply's command line as a user meets it: the lock, a bad
# catalog changing nothing, --report, --graph with rendering, --noop leaving
# files alone, --validate checking without touching anything, --help.  Everything happens in a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Fcntl qw(:flock);
use JSON::PP;
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $tmp = tempdir(CLEANUP => 1);

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }

write_file("$tmp/site.pp", <<"EOF2");
file { '$tmp/out': ensure => directory }
file { '$tmp/out/a': ensure => file, content => "a\\n" }
exec { 'after': command => '/bin/true', refreshonly => true, subscribe => File['$tmp/out/a'] }
EOF2
system("$mcomp $tmp/site.pp > $tmp/cat.json");
my ($rc, $out) = ($? >> 8, '');
is($rc, 0, 'the test manifest compiles');

# --noop changes nothing and says so
($rc, $out) = run("$mapply --noop --detailed-exitcodes --vardir $tmp/var $tmp/cat.json");
is($rc, 0, '--noop exits 0 with --detailed-exitcodes');
like($out, qr{File\[$tmp/out\]/ensure: current_value 'absent', should be 'directory' \(noop\)}, '--noop says what would change');
ok(!-e "$tmp/out", '--noop created nothing');

# the lock: a second run while another holds it
open my $lock, '>>', "$tmp/var/mapply.lock" or die $!;
flock($lock, LOCK_EX) or die $!;
truncate($lock, 0); print $lock "424242\n"; $lock->flush;
($rc, $out) = run("$mapply --vardir $tmp/var $tmp/cat.json");
is($rc, 1, 'a run while the lock is held exits 1');
like($out, qr/^Error: Run of mapply already in progress with state directory \Q$tmp\E\/var; skipping \(pid 424242 holds \Q$tmp\E\/var\/mapply\.lock\)$/m,
     'and names the state directory and the pid holding its lock');
ok(!-e "$tmp/out", 'and changes nothing');
close $lock;

# the root's lock lives in a directory only this user can write
mkdir "$tmp/openlocks" or die $!;
chmod 0777, "$tmp/openlocks" or die $!;
($rc, $out) = run("MAPPLY_LOCKDIR=$tmp/openlocks $mapply --vardir $tmp/var $tmp/cat.json");
is($rc, 1, 'a lock directory others can write is refused');
like($out, qr/^Error: The lock directory \Q$tmp\E\/openlocks is not a directory of this user's that only it can write$/m,
     'and the error says why');
ok(!-e "$tmp/out", 'and nothing changed');

# a real run with --report and --graph rendered to svg
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/var --report $tmp/report.json --graph --graph-format svg $tmp/cat.json");
is($rc, 2, 'the first run changes things: exit 2') or diag $out;
is(slurp("$tmp/out/a"), "a\n", 'the file is written');
like($out, qr/Triggered 'refresh' from 1 event/, 'the exec is refreshed once');
my $report = eval { JSON::PP->new->decode(slurp("$tmp/report.json")) } // {};
my $st = $report->{resource_statuses} // {};
ok($st->{"File[$tmp/out/a]"} && $st->{"File[$tmp/out/a]"}{changed}, 'the report (Puppet\'s, as JSON) has the file as changed');
is(eval { $report->{metrics}{changes}{values}[0][2] }, 3, 'the report counts three changes (two files, one refresh)');
my $after = $st->{'Exec[after]'} // {};
is(join(',', map { "$_->{name}:$_->{status}" } @{ $after->{events} // [] }), 'refresh:success',
   'the report lists each resource\'s events: the exec was refreshed');
for my $g (qw(resources relationships expanded_relationships)) {
    like(slurp("$tmp/var/graphs/$g.dot") // '', qr/^digraph /, "$g.dot written");
    like(slurp("$tmp/var/graphs/$g.svg") // '', qr/<svg/, "$g.svg rendered");
}
ok(!-e "$tmp/var/graphs/cycles.dot", 'no cycles.dot without cycles');

# idempotent second run
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/var $tmp/cat.json");
is($rc, 0, 'the second run changes nothing: exit 0') or diag $out;
unlike($out, qr/Notice: \//, 'and logs no change');

# a bad catalog changes nothing
write_file("$tmp/bad.json", '{"resources": [{"type": "File", "title": "' . $tmp . '/bad", "parameters": {"ensure": "file"}}, {"type": "Notify"}]}');
($rc, $out) = run("$mapply --vardir $tmp/var $tmp/bad.json");
is($rc, 1, 'a malformed catalog exits 1');
like($out, qr/resources\[1\]\.title: expected a string/, 'and says where the problem is');
ok(!-e "$tmp/bad", 'and changes nothing');

write_file("$tmp/bad2.json", '{"resources": [{"type": "File", "title": "' . $tmp . '/bad2", "parameters": {"ensure": "file"}}, {"type": "Exec", "title": "echo hi"}]}');
($rc, $out) = run("$mapply --vardir $tmp/var $tmp/bad2.json");
is($rc, 1, 'a catalog with an invalid resource exits 1');
like($out, qr/Validation of Exec\[echo hi\] failed: 'echo' is not qualified/, 'and names the resource and the reason');
ok(!-e "$tmp/bad2", 'and nothing else in it was applied');

# a cycle: reported with the resources on it, nothing applied
write_file("$tmp/cyc.pp", "file { '$tmp/c1': ensure => file, require => File['$tmp/c2'] }\nfile { '$tmp/c2': ensure => file, require => File['$tmp/c1'] }\n");
system("$mcomp $tmp/cyc.pp > $tmp/cyc.json 2> $tmp/cyc.err");
is($? >> 8, 0, 'mcomp compiles a cyclic manifest (as Puppet does)');
like(slurp("$tmp/cyc.err") // '', qr/warning: Found 1 dependency cycle/, 'but warns about the cycle');
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/var --graph $tmp/cyc.json");
is($rc, 1, 'mapply refuses a cycle: exit 1');
like($out, qr/\(File\[\Q$tmp\E\/c1\] => File\[\Q$tmp\E\/c2\] => File\[\Q$tmp\E\/c1\]\)\nFile\[\Q$tmp\E\/c1\] declared at \Q$tmp\E\/cyc\.pp:1/, 'with the path and where each member is declared');
like($out, qr/Cycle graph written to \Q$tmp\E\/var\/graphs\/cycles\.dot\./, 'and where the cycle graph is');
ok(-e "$tmp/var/graphs/cycles.dot", 'cycles.dot is written');
ok(!-e "$tmp/c1" && !-e "$tmp/c2", 'nothing on the cycle was applied');

# --validate: every check a run makes, nothing written, no lock taken
{
    my $vd = "$tmp/vvar";
    open my $vlock, '>>', "$tmp/var/mapply.lock" or die $!;
    flock($vlock, LOCK_EX) or die $!;
    ($rc, $out) = run("$mapply --validate --vardir $tmp/var $tmp/cat.json");
    is($rc, 0, '--validate: a valid catalog exits 0, even while another run holds the lock') or diag $out;
    is($out, '', 'and prints nothing');
    close $vlock;
    system("rm -rf $tmp/out");
    ($rc, $out) = run("$mapply --validate -v --graph --report $tmp/vreport.json --vardir $vd $tmp/cat.json");
    is($rc, 0, '--validate -v exits 0') or diag $out;
    like($out, qr/^Info: Catalog \Q$tmp\E\/cat\.json is valid$/m, 'and -v says the catalog is valid');
    ok(!-e "$tmp/out", '--validate changes nothing');
    ok(!-e $vd, '--validate does not create the state directory (no lock, no graphs)');
    ok(!-e "$tmp/vreport.json", '--validate writes no report');

    my $res = sub { my ($type, $title, $params) = @_;
        qq({"type": "$type", "title": "$title", "tags": [], "exported": false, "parameters": {$params}}) };
    my $ok = $res->('File', "$tmp/v/ok", '"ensure": "file"');
    my @bad = (
        ['syntax', qq({"resources": [$ok,]}), qr/Error: Could not parse catalog .*: invalid JSON at line 1, column \d+ \(byte \d+\): unexpected character \(at \$\.resources\[1\]\)/],
        ['NUL', '{"resources": [' . $res->('File', "$tmp/v/x\\u0000/etc/y", '"ensure": "file"') . ']}',
         qr/\\u0000 \(NUL\) is not allowed in a string \(at \$\.resources\[0\]\.title\)/],
        ['bad UTF-8', qq({"resources": [$ok, ) . $res->('File', "$tmp/v/caf\xe9", '"ensure": "file"') . ']}',
         qr/invalid UTF-8 in a string \(at \$\.resources\[1\]\.title\)/],
        ['lone surrogate', '{"resources": [' . $res->('Notify', 'n', '"message": "\\ud800"') . ']}',
         qr/lone high surrogate in a \\u escape \(at \$\.resources\[0\]\.parameters\.message\)/],
        ['shape', qq({"resources": [$ok, {"type": "Notify"}]}), qr/resources\[1\]\.title: expected a string/],
        ['unknown type', qq({"resources": [$ok, ) . $res->('Nosuchtype', 'x', '') . ']}', qr/Unknown resource type 'Nosuchtype'/],
        ['provider validation', qq({"resources": [$ok, ) . $res->('Exec', 'echo hi', '') . ']}',
         qr/Validation of Exec\[echo hi\] failed: 'echo' is not qualified/],
        ['reference', qq({"resources": [) . $res->('File', "$tmp/v/ok", qq("ensure": "file", "require": "File[$tmp/v/missing]")) . ']}',
         qr/File\[\Q$tmp\E\/v\/missing\]/],
        ['cycle', '{"resources": [' . $res->('Notify', 'a', '"require": "Notify[b]"') . ', ' . $res->('Notify', 'b', '"require": "Notify[a]"') . ']}',
         qr/Found 1 dependency cycle:\n\(Notify\[a\] => Notify\[b\] => Notify\[a\]\)|Found 1 dependency cycle:\n\(Notify\[b\] => Notify\[a\] => Notify\[b\]\)/],
    );
    for my $b (@bad) {
        my ($name, $json, $want) = @$b;
        write_file("$tmp/vbad.json", $json);
        my ($brc, $bout) = run("$mapply --validate --vardir $vd $tmp/vbad.json");
        my ($rrc, $rout) = run("$mapply --noop --vardir $tmp/var $tmp/vbad.json");
        is($brc, 1, "--validate: $name: exit 1");
        like($bout, $want, "--validate: $name: the error says what and where") or diag $bout;
        is($bout, $rout, "--validate: $name: the same errors as a run");
    }
    ok(!-e "$tmp/v" && !-e $vd, '--validate of invalid catalogs wrote nothing');
    write_file("$tmp/vpre.json", "Notice: a log line before the catalog\n{\"resources\": [\n" . $res->('Notify', 'a\u0000b', '') . "]}\n");
    ($rc, $out) = run("$mapply --validate $tmp/vpre.json");
    like($out, qr/invalid JSON at line 3, column 31 \(byte 84\): \\u0000 \(NUL\) is not allowed in a string \(at \$\.resources\[0\]\.title\)/,
         'an error\'s line, column and byte count the lines before the catalog') or diag $out;
}

($rc, $out) = run("$mapply --help");
is($rc, 0, '--help exits 0');
like($out, qr/--detailed-exitcodes/, '--help lists the options');
like($out, qr/--validate/, '--help lists --validate');
($rc, $out) = run("$mapply");
is($rc, 1, 'no catalog: usage, exit 1');

# mapply MANIFEST resolves Deferred values before applying, as puppet apply
# does (the lines are those of Puppet 7.23's run of the same manifest); a
# Sensitive result stays secret
mkdir "$tmp/dfr" or die $!;
write_file("$tmp/dfr/site.pp", <<"EOF2");
notify { 'd': message => Deferred('sprintf', ['%s-%s', 'a', Deferred('upcase', ['b'])]) }
file { '$tmp/dfr/joined': content => Deferred('join', [['x', 'y'], ',']) }
file { '$tmp/dfr/secret': content => Deferred('new', [Sensitive, 's3cret']) }
notify { 'f': message => Deferred('\$facts', ['kernel']) }
EOF2
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/dfr/var $tmp/dfr/site.pp");
is($rc, 2, 'mapply MANIFEST with Deferred values: changes, exit 2') or diag $out;
like($out, qr/^Notice: \/Stage\[main\]\/Main\/Notify\[d\]\/message: defined 'message' as 'a-B'$/m, 'a nested Deferred is resolved, arguments first');
like($out, qr/^Notice: \/Stage\[main\]\/Main\/Notify\[f\]\/message: defined 'message' as 'Linux'$/m, "Deferred('\$facts', [key]) digs into the facts");
is(slurp("$tmp/dfr/joined"), 'x,y', 'a file gets the content its Deferred returned');
is(slurp("$tmp/dfr/secret"), 's3cret', 'also when the result is Sensitive');
like($out, qr/^Notice: \/Stage\[main\]\/Main\/File\[\Q$tmp\E\/dfr\/secret\]\/ensure: changed \[redacted\] to \[redacted\]$/m, 'which the log redacts');
unlike($out, qr/s3cret/, 'the secret appears in no line');
write_file("$tmp/dfr/bad.pp", "notify { 'x': message => Deferred('no_such_function', []) }\n");
write_file("$tmp/dfr/badsecret.pp", "notify { 'y': message => Deferred('sprintf', ['%d', Sensitive('topsecret')]) }\n");
($rc, $out) = run("$mapply --vardir $tmp/dfr/var $tmp/dfr/badsecret.pp");
is($rc, 1, 'a failing Deferred with a Sensitive argument: exit 1');
unlike($out, qr/topsecret/, 'and its message does not show the secret') or diag $out;
($rc, $out) = run("$mapply --vardir $tmp/dfr/var $tmp/dfr/bad.pp");
is($rc, 1, 'a Deferred whose function fails stops the run before any change: exit 1');
like($out, qr/Unknown function: 'no_such_function'/, 'with the compiler\'s message');
like($out, qr/^Error: Could not resolve a Deferred value of Notify\[x\] \(parameter message\): Unknown function: 'no_such_function'\.$/m, 'naming the resource and parameter');

# mcomp's catalog holds a Deferred value as its string, as puppet catalog compile's does (with
# Puppet's warning), and mapply of that catalog applies the string as it is, as puppet apply
# --catalog does (the lines are Puppet 7.23's); mapply MANIFEST gives no such warning
write_file("$tmp/dfr/str.pp", <<"EOF2");
notify { 'x': message => Deferred('join', [['a', 'b'], '-']) }
file { '$tmp/dfr/str.txt': content => Deferred('sprintf', ['%s-%s', Deferred('join', [['p', 'q'], '+']), 'z']) }
EOF2
my $cerr = `$mcomp $tmp/dfr/str.pp 2>&1 >$tmp/dfr/str.json`;
is($? >> 8, 0, 'mcomp of Deferred values: exit 0');
is($cerr, "$tmp/dfr/str.pp:1:1: warning: Notify[x]['message'] contains a Deferred value. It will be converted to the String 'Deferred({'name' => 'join', 'arguments' => [['a', 'b'], '-']})'\n"
        . "$tmp/dfr/str.pp:2:1: warning: File[$tmp/dfr/str.txt]['content'] contains a Deferred value. It will be converted to the String 'Deferred({'name' => 'sprintf', 'arguments' => ['%s-%s', Deferred({'name' => 'join', 'arguments' => [['p', 'q'], '+']}), 'z']})'\n",
   "... with Puppet's warning for each");
like(slurp("$tmp/dfr/str.json"), qr/"message":"Deferred\(\{'name' => 'join', 'arguments' => \[\['a', 'b'\], '-'\]\}\)"/, '... and the string in the catalog');
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/dfr/var $tmp/dfr/str.json");
is($rc, 2, 'mapply of that catalog: exit 2');
like($out, qr/^Notice: \/Stage\[main\]\/Main\/Notify\[x\]\/message: defined 'message' as 'Deferred\(\{\\'name\\' => \\'join\\', \\'arguments\\' => \[\[\\'a\\', \\'b\\'\], \\'-\\'\]\}\)'$/m,
     '... the string is the message, as puppet apply --catalog gives it') or diag $out;
is(slurp("$tmp/dfr/str.txt"), "Deferred({'name' => 'sprintf', 'arguments' => ['%s-%s', Deferred({'name' => 'join', 'arguments' => [['p', 'q'], '+']}), 'z']})",
   '... and the content');
unlink "$tmp/dfr/str.txt";
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/dfr/var $tmp/dfr/str.pp");
is($rc, 2, 'mapply MANIFEST of the same: exit 2');
unlike($out, qr/warning/i, '... no warning: the values are resolved') or diag $out;
is(slurp("$tmp/dfr/str.txt"), 'p+q-z', '... and the file gets what they return');
write_file("$tmp/dfr/strsecret.pp", "notify { 'y': message => Deferred('sprintf', ['%s', Sensitive('topsecret')]) }\n"
                                 . "notify { 'z': message => Sensitive(Deferred('join', [['topsecret2']])) }\n");
$cerr = `$mcomp $tmp/dfr/strsecret.pp 2>&1 >/dev/null`;
like($cerr, qr/^\Q$tmp\E\/dfr\/strsecret\.pp:1:1: warning: Notify\[y\]\['message'\] contains a Deferred value\. It will be converted to the String 'Deferred\(\{'name' => 'sprintf', 'arguments' => \['%s', Sensitive \[value redacted\]\]\}\)'$/m,
     "a Deferred's Sensitive argument is redacted in the warning");
unlike($cerr, qr/topsecret/, '... and a Sensitive parameter is not looked into') or diag $cerr;

done_testing();
