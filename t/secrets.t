#!/usr/bin/perl
# t/secrets.t - Sensitive values stay where they are meant to go.  Manifests
# put secrets in file content, exec commands (good, failing, missing, not
# qualified, not found by the shell), validate_cmd and a user's password;
# mcomp and mapply run with -d, --show_diff, --report and --graph, and every
# output, report (the last run's in VARDIR/state after each run), graph, log
# line and file of the vardir is grepped for each
# secret and for its sha256, sha1 and md5.  Secrets may only be in the
# managed file itself, the catalog (written 0600), and the bucket copy
# (0400 in 0700 directories).  Then mres -> mcomp -> mapply of a user with
# a password changes nothing, and the '[redacted]' placeholder is refused.
# Everything happens in a temporary directory; the user part uses --root.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Basename qw(dirname);
use File::Find qw(find);
use Digest::SHA qw(sha256_hex sha1_hex);
use Digest::MD5 qw(md5_hex);
use JSON::PP;
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mres   = $ENV{MRES}   || dirname($mapply) . '/mres';
my $tmp = tempdir(CLEANUP => 1);
my $d = "$tmp/files";
my $var = "$tmp/var";
mkdir $d or die;

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }

# every secret, as the Sensitive value holds it; each is looked for with its hashes
my %secret;   # text => label
sub secret { my ($label, $text) = @_; $secret{$text} = $label; return $text }
sub leaks {
    my ($text) = @_;
    my @found;
    for my $s (sort keys %secret) {
        for my $form ([$s, 'text'], [sha256_hex($s), 'sha256'], [sha1_hex($s), 'sha1'], [md5_hex($s), 'md5']) {
            push @found, "$secret{$s} ($form->[1])" if index($text, $form->[0]) >= 0;
        }
    }
    return @found;
}
sub no_leak { my ($text, $what) = @_; my @l = leaks($text // ''); ok(!@l, "$what: no secret") or diag "leaked: @l\n$text"; }

my $S1 = secret('file content', "Fc0ntent-xq71\n");
my $S2 = secret('file content 2', "Fc0ntent-zz93\n");
my $S3 = secret('validated content', "Vc0ntent-kk22\n");
my $S4 = secret('exec command', "/bin/echo Ec0mmand-aa11");
my $S5 = secret('missing command', "/nonexistent/Mc0mmand-bb22");
my $S6 = secret('failing command', "/bin/sh -c 'echo Fa1ling-cc33; exit 3'");
my $S7 = secret('shell command', "Nf0und-dd44");
my $S8 = secret('unqualified command', "echo Uq-ee55");

my $n = 0;
# mcomp -o and mapply with every output option; returns (rc, all output, catalog path)
sub apply {
    my ($pp, @flags) = @_;
    $n++;
    write_file("$tmp/m$n.pp", $pp);
    my ($rc, $out) = run("$mcomp -o $tmp/m$n.json $tmp/m$n.pp");
    return ($rc, "mcomp failed:\n$out", "$tmp/m$n.json") if $rc;
    my ($rc2, $out2) = run("$mapply -d --show_diff --report $tmp/r$n.json --graph --vardir $var @flags $tmp/m$n.json");
    # the run's report and summary in the vardir count as output (each run replaces them)
    $out2 .= join('', map { slurp("$var/state/$_") // "(no $_)\n" } qw(last_run_report.yaml last_run_summary.yaml));
    return ($rc2, $out . $out2, "$tmp/m$n.json");
}
sub mode_of { (stat $_[0])[2] & 07777 }

# ---- file content ----
write_file("$d/f", "old public text\n");
my ($rc, $out, $cat) = apply(<<"EOF");
file { '$d/f': content => Sensitive("Fc0ntent-xq71\\n") }
file { '$d/g': content => Sensitive("Vc0ntent-kk22\\n"), validate_cmd => '/bin/sh -c "cat % ; exit 1"' }
exec { 'good': command => Sensitive('$S4'), logoutput => true }
exec { 'missing': command => Sensitive('$S5') }
exec { 'failing': command => Sensitive("$S6"), logoutput => true }
exec { 'shell': command => Sensitive('$S7'), provider => shell }
EOF
no_leak($out, 'first run, -d --show_diff');
like($out, qr{File\[\Q$d\E/f\]/content: changed \[redacted\] to \[redacted\]}, 'the content change is logged redacted');
like($out, qr{Filebucketed \Q$d\E/f to puppet with sum \[redacted\]},
     'the sum of what Sensitive content replaces is not shown (it may be the previous secret)');
like($out, qr{File\[\Q$d\E/g\]/ensure: change from 'absent' to 'file' failed: Execution of .* returned 1: \[output redacted\]},
     'validate_cmd output of Sensitive content redacted');
like($out, qr{Exec\[good\]/returns: \[output redacted\]}, 'the output of a Sensitive command is redacted');
like($out, qr{Could not find command '\[redacted\]'}, 'a missing Sensitive command is not named');
like($out, qr{\[command redacted\] returned 3 instead of one of \[0\]}, 'a failing Sensitive command is not named');
like($out, qr{Exec\[shell\]/returns: change from 'notrun' to \['0'\] failed: \[output redacted\]}, "the shell's not-found line is redacted");
is(slurp("$d/f"), $S1, 'the secret is in the managed file');
ok(!-e "$d/g", 'the content that failed validation was not installed');
is(mode_of($cat), 0600, 'mcomp -o writes a catalog holding Sensitive values 0600');
is(mode_of("$tmp/r$n.json"), 0600, 'and mapply --report its report 0600');
no_leak(slurp("$tmp/r$n.json"), 'the report');
ok(-e "$var/graphs/resources.dot", 'graphs written');

# the same catalog written over an existing 0644 file: made 0600 first
write_file("$tmp/old.json", "{}");
chmod 0644, "$tmp/old.json";
($rc, $out) = run("$mcomp -o $tmp/old.json $tmp/m$n.pp");
is(mode_of("$tmp/old.json"), 0600, 'an existing catalog file is made 0600 before the secrets go in');
write_file("$tmp/plain.pp", "notify { 'x': }\n");
($rc, $out) = run("umask 022; $mcomp -o $tmp/plain.json $tmp/plain.pp");
is(mode_of("$tmp/plain.json"), 0644, 'a catalog without secrets is written as usual');

# ---- new Sensitive content replaces Sensitive content: the bucket copy ----
($rc, $out) = apply(<<"EOF");
file { '$d/f': content => Sensitive("Fc0ntent-zz93\\n") }
EOF
no_leak($out, 'second run: Sensitive content replaced');
like($out, qr{Filebucketed \Q$d\E/f to puppet with sum \[redacted\]}, 'the sum of the old Sensitive content is not shown');
is(slurp("$d/f"), $S2, 'the new secret is in the managed file');
my @copies;
find(sub { push @copies, $File::Find::name if $_ eq 'contents' && slurp($_) eq $S1 }, "$var/bucket");
is(scalar @copies, 1, 'the old secret is kept in the bucket');
if (@copies) {
    is(mode_of($copies[0]), 0400, 'bucket copy 0400');
    my @open;
    for (my $dir = dirname($copies[0]); length($dir) >= length("$var/bucket"); $dir = dirname($dir)) {
        push @open, $dir if mode_of($dir) & 077;
    }
    is("@open", '', 'in directories only their owner can enter');
}

# ---- the module types: file_line, ini_setting (show_diff), concat_file ----
SKIP: {
    my $mods = '/usr/share/puppet/modules';
    skip 'the stdlib, inifile and concat modules are not installed', 9
        unless -d "$mods/stdlib" && -d "$mods/inifile" && -d "$mods/concat";
    my $mp = "$tmp/mods";
    mkdir $mp or die;
    symlink "$mods/$_", "$mp/$_" or die for qw(stdlib inifile concat);
    write_file("$tmp/facts.json", '{"os":{"family":"Debian"},"puppetversion":"7.23.0","clientversion":"7.23.0"}');
    secret('file_line line', 'Fl1ne-ff66');
    secret('ini value', 'In1val-gg77');
    secret('fragment', 'Fr4gment-hh88');
    write_file("$d/fl", "line1\n");
    write_file("$d/ini", "[sec]\nk = oldval\n");
    write_file("$tmp/mt.pp", <<"EOF2");
file_line { 'fl': path => '$d/fl', line => Sensitive('Fl1ne-ff66') }
file_line { 'badmatch': path => '$d/fl', line => 'x', match => Sensitive('Fl1ne-ff66(') }
ini_setting { 'i': path => '$d/ini', section => 'sec', setting => 'k', value => Sensitive('In1val-gg77'), show_diff => true }
concat_file { 'cf': path => '$d/c', validate_cmd => '/bin/sh -c "cat % ; exit 1"' }
concat_fragment { 'f1': target => 'cf', content => Sensitive('Fr4gment-hh88'), order => '01' }
EOF2
    ($rc, $out) = run("$mcomp --facts $tmp/facts.json --modulepath $mp $tmp/mt.pp");
    is($rc, 1, 'a bad Sensitive match pattern is refused');
    no_leak($out, 'the pattern error');
    $secret{'Fl1ne-ff66('} = 'match pattern';
    (my $pp = slurp("$tmp/mt.pp")) =~ s/^file_line \{ 'badmatch'.*\n//m;
    write_file("$tmp/mt.pp", $pp);
    ($rc, $out) = run("$mcomp --facts $tmp/facts.json --modulepath $mp -o $tmp/mt.json $tmp/mt.pp");
    is($rc, 0, 'the module types compile') or diag $out;
    is(mode_of("$tmp/mt.json"), 0600, 'into a 0600 catalog');
    ($rc, $out) = run("$mapply -d --show_diff --report $tmp/mt-r.json --graph --vardir $var $tmp/mt.json");
    no_leak($out, 'module types, -d --show_diff');
    no_leak(slurp("$tmp/mt-r.json"), 'their report');
    like($out, qr{Ini_setting\[i\]/value: changed \[redacted\] to \[redacted\]}, 'a Sensitive ini value is redacted even with show_diff');
    like($out, qr{\[output redacted\]}, "concat_file's validate_cmd output of a Sensitive fragment is redacted");
    like(slurp("$d/fl"), qr/^Fl1ne-ff66$/m, 'the line is in the file');
    like(slurp("$d/ini"), qr/^k = In1val-gg77$/m, 'the value is in the file');
}

# ---- the compiler: templates, Ruby functions, stdlib and type errors ----
{
    my $mp = "$tmp/rmods";
    my $m = "$mp/sec";
    for my $dir ($mp, $m, "$m/lib", "$m/lib/puppet", "$m/lib/puppet/functions", "$m/lib/puppet/parser",
                 "$m/lib/puppet/parser/functions", "$m/templates") {
        mkdir $dir or die "$dir: $!";
    }
    write_file("$m/lib/puppet/functions/sec_inspect.rb",
               "Puppet::Functions.create_function(:sec_inspect) do\n  def sec_inspect(v)\n"
             . "    raise ArgumentError, \"bad \#{v.inspect} \#{v}\"\n  end\nend\n");
    write_file("$m/lib/puppet/parser/functions/sec_old.rb",
               "module Puppet::Parser::Functions\n  newfunction(:sec_old, :type => :rvalue) do |args|\n"
             . "    raise Puppet::ParseError, \"got \#{args[0].inspect} \#{args[0]}\"\n  end\nend\n");
    write_file("$m/templates/t.erb", "<%= \@s %> <%= \@s.inspect %> <%= [\@s].inspect %>\n");
    secret('compiler secret', 'Cs3cret-ii99');
    my @cases = (
        'notice($s)', 'notice("${s}")', 'notice(sprintf("%s %p", $s, $s))', 'notice(template("sec/t.erb"))',
        'notice(inline_template("<%= @s %>"))', 'sec_inspect($s)', 'sec_inspect([$s, {a => $s}])', 'sec_old($s)',
        '$x = Integer($s)', '$x = Timestamp($s)', '$x = Timespan($s)', '$x = $s + 1', '$x = assert_type(Integer, $s)',
        '$x = regsubst($s, "C", "D")', '$x = split($s, ",")', '$x = upcase($s)', '$x = sha256($s)', '$x = join($s, ",")',
        'file { "/tmp/x": mode => $s }', 'exec { "x": command => $s, timeout => "abc" }',
        'class c(Integer $p) {} class { "c": p => $s }',
    );
    for my $i (0 .. $#cases) {
        write_file("$tmp/c$i.pp", "\$s = Sensitive('Cs3cret-ii99')\n$cases[$i]\n");
        ($rc, $out) = run("$mcomp --modulepath $mp $tmp/c$i.pp");
        no_leak($out, "mcomp: $cases[$i]");
        like($out, qr/Sensitive \[value redacted\]/, "  which shows the value as Puppet does")
            if $cases[$i] =~ /^(?:notice|sec_)/;
    }
    # an EPP template that renders a Sensitive value gives a Sensitive result
    write_file("$tmp/epp.pp", "\$s = Sensitive('Cs3cret-ii99')\nnotify { 'e': message => inline_epp('v=<%= \$s %>') }\n");
    ($rc, $out) = run("$mcomp -o $tmp/epp.json $tmp/epp.pp");
    is($rc, 0, 'an EPP template rendering a Sensitive value compiles') or diag $out;
    is(mode_of("$tmp/epp.json"), 0600, 'into a 0600 catalog (its result is Sensitive)');
    ($rc, $out) = run("$mapply -d --vardir $var $tmp/epp.json");
    no_leak($out, 'notify of the EPP result');
    like($out, qr/^Notice: Sensitive \[value redacted\]$/m, 'notify says Sensitive [value redacted]');
}

# ---- an unqualified Sensitive command: refused by mcomp and by mapply ----
write_file("$tmp/uq.pp", "exec { 'uq':\n  command => Sensitive('$S8'),\n}\nexec { 'uq2': command => Sensitive('$S8') }\n");
($rc, $out) = run("$mcomp $tmp/uq.pp");
is($rc, 1, 'mcomp refuses an unqualified Sensitive command');
like($out, qr{Validation of Exec\[uq\] failed: '\[redacted\]' is not qualified}, 'naming no command');
no_leak($out, 'mcomp validation error (source excerpts too)');
write_file("$tmp/uqp.pp", "exec { 'uq': command => Sensitive('$S8'), path => '/bin' }\n");
($rc, $out) = run("$mcomp -o $tmp/uqp.json $tmp/uqp.pp");
is($rc, 0, 'with a path it compiles') or diag $out;
my $j = decode_json(slurp("$tmp/uqp.json"));
delete $_->{parameters}{path} for @{ $j->{resources} };
write_file("$tmp/uq.json", encode_json($j));
($rc, $out) = run("$mapply --vardir $var $tmp/uq.json");
is($rc, 1, 'mapply refuses the catalog without the path');
like($out, qr{Validation of Exec\[uq\] failed: '\[redacted\]' is not qualified}, 'naming no command');
no_leak($out, 'mapply validation error');

# ---- a user's password, mres -> mcomp -> mapply ----
SKIP: {
    skip 'the shadow tools need root', 12 if $> != 0;
    skip 'useradd is not installed', 12 unless grep { -x "$_/useradd" } qw(/usr/sbin /usr/bin /sbin /bin);
    my $root = "$tmp/root";
    mkdir $_ or die "$_: $!" for $root, "$root/etc", "$root/home", "$root/bin";
    write_file("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
    write_file("$root/etc/shadow", "root:*:19000:0:99999:7:::\n");
    write_file("$root/etc/group", "root:x:0:\nusers:x:100:\n");
    write_file("$root/etc/gshadow", "root:*::\nusers:*::\n");
    chmod 0640, "$root/etc/shadow", "$root/etc/gshadow";
    write_file("$root/bin/sh", "#!/bin/sh\n");
    chmod 0755, "$root/bin/sh";
    my $hash = secret('password hash', '$6$pwsalt$Hx7Qq2W9e4R1t6Y8u0I3o5P7a9S1d3F5g7H9j1K3l5Z7x9C1v3B5n7M9');
    ($rc, $out, $cat) = apply(<<"EOF", "--root $root --detailed-exitcodes");
user { 'carol': ensure => present, uid => 1700, gid => 100, home => '/home/carol', shell => '/bin/sh',
  password => Sensitive('$hash') }
EOF
    is($rc, 2, 'the user is created') or diag $out;
    no_leak($out, 'creating a user with a password');
    no_leak(slurp("$tmp/r$n.json"), 'its report');
    is(mode_of($cat), 0600, 'its catalog is 0600');
    like(slurp("$root/etc/shadow") // '', qr/^carol:\Q$hash\E:/m, 'the hash is in the shadow file');

    ($rc, $out) = run("$mres --root $root user carol");
    is($rc, 0, 'mres user carol') or diag $out;
    like($out, qr/password\s+=> Sensitive\('\Q$hash\E'\)/, 'mres prints the real hash, wrapped in Sensitive');
    my $before = slurp("$root/etc/shadow");
    write_file("$tmp/back.pp", $out);
    ($rc, $out) = run("$mcomp -o $tmp/back.json $tmp/back.pp");
    is($rc, 0, 'its output compiles') or diag $out;
    ($rc, $out) = run("$mapply --root $root --vardir $var --detailed-exitcodes $tmp/back.json");
    is($rc, 0, 'and applies back with no change') or diag $out;
    is(slurp("$root/etc/shadow"), $before, 'the shadow file is unchanged');
    no_leak($out, 'applying the listing back');

    ($rc, $out) = apply("user { 'carol': ensure => present, password => Sensitive('[redacted]') }\n", "--root $root");
    like($out, qr{Parameter password failed on User\[carol\]: Refusing to set the password to the placeholder '\[redacted\]'},
         'the [redacted] placeholder is refused');
    is(slurp("$root/etc/shadow"), $before, 'and the password is untouched');
}

# ---- Sensitive values inside arrays and hashes ----
{
    secret('nested hash', 'N1hash-jj10');
    secret('nested array', 'N2arr-kk20');
    secret('nested check', 'N3chk-ll30');
    secret('nested env', 'PW=N4env-mm40');
    secret('nested define', 'N5def-nn50');
    ($rc, $out, $cat) = apply(<<'EOF');
notify { 'h': message => { 'a' => Sensitive('N1hash-jj10'), 'b' => [1, Sensitive('N1hash-jj10')] } }
notify { 'a': message => [['x', Sensitive('N2arr-kk20')]] }
exec { '/bin/true': unless => [['/bin/sh', '-c', 'exit 1', Sensitive('N3chk-ll30')]] }
define dd ($p) { notify { "dd-${title}": message => $p } }
dd { 'x': p => { 'k' => [Sensitive('N5def-nn50')] } }
EOF
    is($rc, 0, 'nested Sensitive values compile and apply') or diag $out;
    no_leak($out, 'nested Sensitive values, -d --show_diff');
    no_leak(slurp("$tmp/r$n.json"), 'their report');
    is(mode_of($cat), 0600, 'a catalog with only nested Sensitive values is 0600');
    like(slurp($cat), qr/\{"__ptype":"Sensitive","__pvalue":"N1hash-jj10"\}/, "the catalog holds Puppet's rich-data form");
    like($out, qr/^Notice: x Sensitive \[value redacted\]$/m, 'notify of an array shows the value as Puppet does');
    like($out, qr/Notify\[a\]\/message: defined 'message' as \['x', #<Sensitive \[value redacted\]>\]/,
         'and so does its change');
    like($out, qr/^Notice: \{"a"=>#<Sensitive \[value redacted\]>, "b"=>\[1, #<Sensitive \[value redacted\]>\]\}$/m,
         'a hash too');
    for my $dot (glob("$var/graphs/*.dot")) { no_leak(slurp($dot), "graph $dot") }

    # mcomp refuses a Sensitive environment entry (Puppet refuses it when it applies)
    write_file("$tmp/env.pp", "exec { '/bin/true': environment => [Sensitive('PW=N4env-mm40')] }\n");
    ($rc, $out) = run("$mcomp $tmp/env.pp");
    is($rc, 1, 'a Sensitive environment entry is refused');
    like($out, qr/Invalid environment setting 'Sensitive \[value redacted\]'/, "in Puppet's words");
    no_leak($out, 'the environment error');
    # a catalog written as Puppet writes it: the rich-data form is read back as Sensitive
    my $j = decode_json(slurp($cat));
    $_->{type} eq 'Exec' and $_->{parameters}{environment} = [{ __ptype => 'Sensitive', __pvalue => 'PW=N4env-mm40' }]
        for @{ $j->{resources} };
    write_file("$tmp/env.json", encode_json($j));
    chmod 0600, "$tmp/env.json";
    ($rc, $out) = run("$mapply --vardir $var $tmp/env.json");
    is($rc, 1, 'mapply refuses it too');
    like($out, qr/Invalid environment setting 'Sensitive \[value redacted\]'/, 'with the same words');
    no_leak($out, "mapply's environment error");
}

# ---- the vardir: secrets only in bucket contents ----
my @leaky;
find(sub {
    return unless -f $_;
    return if $_ eq 'contents' && $File::Find::dir =~ m{/bucket/};
    push @leaky, "$File::Find::name: " . join(', ', leaks(slurp($_))) if leaks(slurp($_) // '');
}, $var);
is("@leaky", '', 'no secret anywhere in the vardir but the bucket copies');

done_testing();
