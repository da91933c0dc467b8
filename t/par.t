#!/usr/bin/perl
# par.t: mapply -j N, parallel apply (docs/apply.md §14).
#
# 1. Every case of the apply corpus (t/corpus/apply/, as t/apply.t runs it, TODO cases
#    left out) applied at -j 1 and at -j 8, each in its own temp dir: the same output,
#    exit status, --report JSON, last_run_report.yaml and last_run_summary.yaml, once
#    times, time stamps, the run's uuid and the temp dir are masked; second runs too.
# 2. A mixed catalog of execs (refresh, onchanges, onfail, prereq, order, noop, a
#    failure) compared the same way at -j 1, 2, 8 and 16.
# 3. A failure inside a parallel wave skips exactly its dependents.
# 4. Refresh coalescing: five notifiers running at once refresh their target once.
# 5. Overlap, from start/end stamps the execs write: 200 independent execs at -j 16
#    overlap (and take well under the 20 s they take one at a time); at -j 1 none do;
#    parallel => false, the tag serialize and order => first keep their resource alone;
#    an exec never overtakes a file declared before it.
# 6. parallel is validated as a Boolean; -j wants a positive number.
# Every file lives under a fresh temp dir.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use Test::More;

my $corpus = 't/corpus/apply';
my $facts = 't/corpus/facts.json';
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $timeout = $ENV{APPLY_T_TIMEOUT} || 60;
require './t/testlib.pl';

sub args_file {
    my ($path, $t) = @_;
    return () unless -e $path;
    (my $line = slurp($path)) =~ s/\n.*//s;
    $line =~ s/\@TMP\@/$t/g;
    return split ' ', $line;
}

# What may differ between two runs of one catalog: times, stamps, the uuid, the temp dir.
sub mask {
    my ($s, $t) = @_;
    $s =~ s/\Q$t\E/\@TMP\@/g;
    $s =~ s/\e\[[0-9;]*[A-Za-z]//g;
    $s =~ s/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?/TIME/g;
    $s =~ s/"?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"?/UUID/g;     # (yaml quotes some)
    $s =~ s/\b\d+\.\d+(?:[eE][-+]?\d+)?\b/N/g;             # every duration
    $s =~ s/^(\s*last_run: )\d+$/${1}N/mg;
    $s =~ s/^(Notice: Applied catalog in )\S+( seconds)$/${1}N$2/mg;
    # --summarize: its Time section is sorted by time (as t/apply.t, t/report.t checks it)
    $s =~ s/^Time:\n(?:   .*\n)*//mg;
    return $s;
}

# The catalog of src (a .pp compiled with @TMP@ -> a temp dir, or a .json), with that
# dir turned back into @TMP@: both runs apply the same catalog (same version).
sub catalog_of {
    my ($src) = @_;
    return $src->{text} if $src->{kind} eq 'json';
    my $t = tempdir('par-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    (my $text = $src->{text}) =~ s/\@TMP\@/$t/g;
    spew("$t/site.pp", $text);
    my $st = run([$mcomp, '--facts', $facts, '--certname', 'node1.example.com', "$t/site.pp"],
                 "$t/catalog.json", "$t/mcomp.err", undef, $timeout);
    return undef if $st;
    (my $cat = slurp("$t/catalog.json")) =~ s/\Q$t\E/\@TMP\@/g;
    (my $esc = $t) =~ s{/}{\\/}g;
    $cat =~ s/\Q$esc\E/\@TMP\@/g;
    return $cat;
}

# Applies the catalog (@TMP@ -> a new temp dir) with -j $jobs; returns the masked
# output, exit status, JSON report, yaml report and summary, as one string.
sub apply_at {
    my ($jobs, $cat, $args, $args2) = @_;
    my $t = tempdir('par-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    $cat =~ s/\@TMP\@/$t/g;
    spew("$t/catalog.json", $cat);
    my $all = '';
    for my $run (1, defined $args2 ? 2 : ()) {
        my @a = map { s/\@TMP\@/$t/gr } @{$run == 1 ? $args : $args2};
        my $st = run([$mapply, '-j', $jobs, @a, '--vardir', "$t/var", '--report', "$t/report$run.json",
                      "$t/catalog.json"], "$t/out$run", undef, undef, $timeout);
        $all .= "== run $run: exit $st\n" . slurp("$t/out$run");
        for my $f ("$t/report$run.json", "$t/var/state/last_run_report.yaml", "$t/var/state/last_run_summary.yaml") {
            $all .= "== " . ($f =~ s/.*\///r) . "\n" . (-e $f ? slurp($f) : "(none)\n");
        }
    }
    return mask($all, $t);
}

sub same_at {
    my ($name, $src, $args, $args2, @jobs) = @_;
    my $cat = catalog_of($src);
    if (!defined $cat) {
        fail("$name: -j $_ as -j 1") for @jobs;
        diag("$name: $mcomp failed");
        return;
    }
    my $want = apply_at(1, $cat, $args, $args2);
    for my $j (@jobs) {
        my $got = apply_at($j, $cat, $args, $args2);
        if ($got eq $want) { pass("$name: -j $j as -j 1") }
        else {
            fail("$name: -j $j as -j 1");
            my @w = split /\n/, $want;
            my @g = split /\n/, $got;
            for my $i (0 .. ($#w > $#g ? $#w : $#g)) {
                next if ($w[$i] // '') eq ($g[$i] // '');
                diag("first difference at line " . ($i + 1) . ":\n  -j 1: " . ($w[$i] // '(end)') . "\n  -j $j: " . ($g[$i] // '(end)'));
                last;
            }
        }
    }
}

# ---- 1. the corpus ----
my %todo = %{read_todo("$corpus/TODO")};
my @cases;
opendir my $dh, $corpus or BAIL_OUT("$corpus: $!");
my @areas = sort grep { !/[._]/ && -d "$corpus/$_" } readdir $dh;
closedir $dh;
for my $sub ('', @areas) {
    my $d = $sub eq '' ? $corpus : "$corpus/$sub";
    opendir my $h, $d or BAIL_OUT("$d: $!");
    for (sort readdir $h) {
        next unless /\A(.+)\.(pp|json)\z/;
        my ($base, $kind) = ($1, $2);
        my $name = ($sub eq '' ? '' : "$sub/") . $base;
        next if $todo{$name} || $todo{$base};
        next if $kind eq 'json' && -e "$d/$base.pp";
        push @cases, [$name, $kind];
    }
    closedir $h;
}
ok(@cases > 50, 'the apply corpus has its cases') or diag(scalar(@cases) . " cases");
for my $c (@cases) {
    my ($name, $kind) = @$c;
    my $base = "$corpus/$name";
    my $src = {kind => $kind, text => slurp("$base.$kind")};
    my @args = args_file("$base.args", '@TMP@');
    my $args2 = -e "$base.log2" ? [args_file("$base.args2", '@TMP@')] : undef;
    same_at("corpus $name", $src, \@args, $args2, 8);
}

# ---- 2. a mixed catalog ----
my $mixed = <<'EOF';
$sh = '/bin/sh'
exec { 'first': command => "$sh -c 'sleep 0.05'", order => 'first' }
exec { 'w1': command => "$sh -c 'sleep 0.1; echo w1 >> @TMP@/log1'", notify => Exec['r'] }
exec { 'w2': command => "$sh -c 'sleep 0.1'", notify => Exec['r'] }
exec { 'w3': command => "$sh -c 'sleep 0.1; exit 3'" }
exec { 'w4': command => "$sh -c 'echo out; echo err >&2'", logoutput => true }
exec { 'r': command => "$sh -c 'echo refreshed >> @TMP@/log2'", refreshonly => true }
exec { 'after_w3': command => '/bin/true', require => Exec['w3'] }
exec { 'onfail_w3': command => '/bin/true', onfail => Exec['w3'] }
exec { 'onchanges_w2': command => '/bin/true', onchanges => Exec['w2'] }
exec { 'onchanges_none': command => '/bin/true', unless => '/bin/true', onchanges => Exec['w4b'] }
exec { 'w4b': command => '/bin/true', unless => '/bin/true' }
exec { 'pre': command => '/bin/true', prereq => Exec['target'] }
exec { 'target': command => '/bin/true', creates => '@TMP@/nope' }
exec { 'noop1': command => '/bin/true', noop => true, notify => Exec['r2'] }
exec { 'r2': command => '/bin/true', refreshonly => true }
exec { 'alone': command => "$sh -c 'sleep 0.05'", parallel => false }
exec { 'last': command => '/bin/true', order => 'last' }
notify { 'n': message => 'hello', require => Exec['w1'] }
file { '@TMP@/f': content => "x\n", before => Exec['uses_f'] }
exec { 'uses_f': command => "$sh -c 'cat @TMP@/f'", logoutput => true }
service { 'svc': ensure => running, provider => base, start => '/bin/true', status => "$sh -c 'exit 3'", stop => '/bin/true' }
class c { exec { 'in_c': command => '/bin/true' } }
include c
Class['c'] ~> Exec['r']
EOF
same_at('mixed', {kind => 'pp', text => $mixed}, ['--detailed-exitcodes', '--verbose'], undef, 2, 8, 16);
same_at('mixed --noop', {kind => 'pp', text => $mixed}, ['--detailed-exitcodes', '--noop', '--debug'], undef, 8);

# Applies text (@TMP@ -> a temp dir) with -j and more args; (output, exit, dir, seconds).
sub apply_text {
    my ($text, @args) = @_;
    my $t = tempdir('par-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    $text =~ s/\@TMP\@/$t/g;
    spew("$t/site.pp", $text);
    my $st = run([$mcomp, "$t/site.pp"], "$t/catalog.json", "$t/mcomp.err", undef, $timeout);
    return (slurp("$t/mcomp.err"), "mcomp $st", $t, 0) if $st;
    my $t0 = time;
    $st = run([$mapply, @args, '--vardir', "$t/var", "$t/catalog.json"], "$t/out", undef, undef, $timeout);
    return (slurp("$t/out"), $st, $t, time - $t0);
}

# ---- 3. a failure in a wave skips exactly its dependents ----
my $wave = <<'EOF';
exec { 'a1': command => '/bin/sleep 0.2' }
exec { 'a2': command => "/bin/sh -c 'sleep 0.1; exit 1'" }
exec { 'a3': command => '/bin/sleep 0.2' }
exec { 'b1': command => '/bin/true', require => Exec['a2'] }
exec { 'b2': command => '/bin/true', require => Exec['a1'] }
exec { 'c1': command => '/bin/true', require => Exec['b1'] }
exec { 'c2': command => '/bin/true', require => [Exec['b2'], Exec['a3']] }
EOF
{
    my ($out, $st) = apply_text($wave, '-j', 8, '--detailed-exitcodes');
    is($st, 6, 'wave: exit 6 (changes and a failure)');
    my %ran = map { $_ => 1 } $out =~ /Exec\[(\w+)\]\/returns: executed successfully/g;
    my %skipped = map { $_ => 1 } $out =~ /Exec\[(\w+)\]: Skipping because of failed dependencies/g;
    is_deeply([sort keys %ran], [qw(a1 a3 b2 c2)], 'wave: the independent ones ran') or diag($out);
    is_deeply([sort keys %skipped], [qw(b1 c1)], 'wave: exactly the failed one\'s dependents were skipped') or diag($out);
    like($out, qr/Exec\[a2\]\/returns: change from 'notrun' to \['0'\] failed/, 'wave: the failure is reported');
    my ($one) = apply_text($wave, '-j', 1, '--detailed-exitcodes');
    (my $a = $out) =~ s/in \S+ seconds/in N seconds/;
    (my $b = $one) =~ s/in \S+ seconds/in N seconds/;
    is($a, $b, 'wave: the same lines as -j 1');
}

# ---- 4. refresh coalescing under -j ----
{
    my $text = join('', map { "exec { 'n$_': command => '/bin/sleep 0.1', notify => Exec['r'] }\n" } 1 .. 5)
        . "exec { 'r': command => \"/bin/sh -c 'echo once >> \@TMP\@/refreshed'\", refreshonly => true }\n";
    my ($out, $st, $t) = apply_text($text, '-j', 8, '--detailed-exitcodes');
    is($st, 2, 'coalescing: exit 2');
    my @trig = $out =~ /(Exec\[r\]: Triggered 'refresh' from \d+ events)/g;
    is_deeply(\@trig, ["Exec[r]: Triggered 'refresh' from 5 events"], 'coalescing: one refresh for five events') or diag($out);
    is(-e "$t/refreshed" ? slurp("$t/refreshed") : '', "once\n", 'coalescing: the refresh command ran once');
}

# ---- 5. overlap ----
# n execs each writing its start and end to T/stamps/NAME; extra is added to each
# (metaparameters) by name.
sub stamped {
    my ($n, %extra) = @_;
    my $s = "file { '\@TMP\@/stamps': ensure => directory }\n";
    for my $i (1 .. $n) {
        my $x = $extra{"e$i"} // '';
        $s .= "exec { 'e$i': command => \"/bin/sh -c 'date +%s.%N > \@TMP\@/stamps/e$i; sleep 0.1; "
            . "date +%s.%N >> \@TMP\@/stamps/e$i'\", require => File['\@TMP\@/stamps']$x }\n";
    }
    return $s;
}
sub intervals {
    my ($t) = @_;
    my %iv;
    opendir my $d, "$t/stamps" or return {};
    for (grep { !/^\./ } readdir $d) {
        my @v = split /\n/, slurp("$t/stamps/$_");
        $iv{$_} = [@v[0, 1]] if @v == 2;
    }
    return \%iv;
}
sub overlaps { my ($x, $y) = @_; return $x->[0] < $y->[1] && $y->[0] < $x->[1] }
sub most_at_once {
    my ($iv) = @_;
    my @ev = sort { $a->[0] <=> $b->[0] || $a->[1] <=> $b->[1] } map { ([$_->[0], 1], [$_->[1], -1]) } values %$iv;
    my ($n, $max) = (0, 0);
    for (@ev) { $n += $_->[1]; $max = $n if $n > $max }
    return $max;
}
{
    my ($out, $st, $t, $secs) = apply_text(stamped(200), '-j', 16, '--detailed-exitcodes');
    is($st, 2, '200 execs at -j 16: exit 2');
    my $iv = intervals($t);
    is(scalar(keys %$iv), 200, '200 execs at -j 16: all ran');
    my $most = most_at_once($iv);
    cmp_ok($most, '>=', 2, "200 execs at -j 16: they overlap (at most $most at once)");
    cmp_ok($most, '<=', 16, '200 execs at -j 16: never more than 16 at once');
    cmp_ok($secs, '<', 10, sprintf('200 execs of 0.1 s at -j 16: %.2f s, well under 20 s', $secs));
    my @got = $out =~ /Exec\[(e\d+)\]\/returns: executed successfully/g;
    is_deeply(\@got, [map { "e$_" } 1 .. 200], '200 execs at -j 16: their lines in catalog order');
}
{
    my (undef, undef, $t) = apply_text(stamped(20), '-j', 1);
    is(most_at_once(intervals($t)), 1, '-j 1: one at a time');
}
{
    my (undef, $st, $t) = apply_text(stamped(12, e5 => ', parallel => false'), '-j', 8);
    my $iv = intervals($t);
    is(scalar(keys %$iv), 12, 'parallel => false: all ran');
    my @with = grep { $_ ne 'e5' && overlaps($iv->{$_}, $iv->{e5}) } sort keys %$iv;
    is_deeply(\@with, [], 'parallel => false: nothing runs beside it');
    cmp_ok(most_at_once({map { $_ => $iv->{$_} } grep { $_ ne 'e5' } keys %$iv}), '>=', 2, 'parallel => false: the others still overlap');
}
{
    my (undef, $st, $t) = apply_text(stamped(12, e7 => ", tag => 'serialize'"), '-j', 8);
    my $iv = intervals($t);
    my @with = grep { $_ ne 'e7' && overlaps($iv->{$_}, $iv->{e7}) } sort keys %$iv;
    is_deeply(\@with, [], 'tag serialize: nothing runs beside it');
}
{
    my (undef, $st, $t) = apply_text(stamped(8, e4 => ", order => 'first'", e6 => ", order => 'last'"), '-j', 8);
    my $iv = intervals($t);
    my @first = grep { $_ ne 'e4' && $iv->{$_}[0] < $iv->{e4}[1] } sort keys %$iv;
    is_deeply(\@first, [], "order => first: everything else starts after it");
    my @last = grep { $_ ne 'e6' && $iv->{$_}[1] > $iv->{e6}[0] } sort keys %$iv;
    is_deeply(\@last, [], "order => last: everything else ends before it");
}

# ---- 5b. manifest order against resources workers do not run ----
# An exec reading a file declared before it, with no relationship, finds it
# written (no exec or service overtakes a file, package, user...); execs
# declared after it may still overlap each other.
{
    my $text = join('', map { "exec { 'pre$_': command => '/bin/sleep 0.2' }\n" } 1 .. 4)
        . "file { '\@TMP\@/conf': content => \"ready\\n\" }\n"
        . join('', map { "exec { 'use$_': command => \"/bin/sh -c 'cat \@TMP\@/conf > \@TMP\@/got$_'\" }\n" } 1 .. 4);
    my ($out, $st, $t) = apply_text($text, '-j', 8, '--detailed-exitcodes');
    is($st, 2, 'file before execs at -j 8: exit 2') or diag($out);
    is(join('', map { -e "$t/got$_" ? slurp("$t/got$_") : "missing\n" } 1 .. 4), "ready\n" x 4,
       'file before execs at -j 8: every exec after the file read it');
}
{
    my (undef, $st, $t) = apply_text(stamped(6) . "file { '\@TMP\@/mid': content => \"x\\n\" }\n", '-j', 8);
    cmp_ok(most_at_once(intervals($t)), '>=', 2, 'execs before a file still overlap each other');
}

# ---- 6. validation and usage ----
{
    my ($out, $st) = apply_text("exec { 'x': command => '/bin/true', parallel => 'banana' }\n", '-j', 4);
    is($st, 1, 'parallel => banana: the run stops');
    like($out, qr/^Error: Parameter parallel failed on Exec\[x\]: Invalid value "banana"\. Valid values are true, false\./m,
         'parallel => banana: Puppet\'s wording');
    ($out, $st) = apply_text("exec { 'x': command => '/bin/true', parallel => 'false' }\n", '-j', 4, '--detailed-exitcodes');
    is($st, 2, "parallel => 'false' is accepted");
    for my $bad ('0', 'x', '-3', '') {
        ($out, $st) = apply_text("notify { 'x': }\n", '-j', $bad);
        is($st, 1, "-j '$bad': usage error");
        like($out, qr/^mapply: -j\/--jobs expects a number of jobs from 1 to 1024, not '\Q$bad\E'$/m, "-j '$bad': says why");
    }
    ($out, $st) = apply_text("notify { 'x': }\n", '--jobs', 3, '--detailed-exitcodes');
    is($st, 2, '--jobs 3 works');
}

done_testing();
