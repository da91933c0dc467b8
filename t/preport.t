#!/usr/bin/perl
# preport.t - mapply --report FILE writes Puppet's report (Transaction::Report#to_data_hash, report
# format 12) with Puppet's keys, statuses, events and messages.  For each apply corpus case that
# has a NAME.report (the shape of the report Puppet 7.23 stores for the same catalog, made by
# `sh t/corpus/apply/regen.sh --report AREA/NAME`; t/reportshape.pl says what a shape is), the case's
# catalog is applied as t/apply.t applies it, with --report T/report.json, and the shape of that
# report must equal NAME.report; so must the shape of the run's VARDIR/state/last_run_report.yaml,
# read with Ruby's YAML (the same data).  Then a few lines each kind of run must have (a change, a
# failure, a skipped resource, noop, a refresh, Sensitive values) are checked by name, no secret
# is anywhere in a report, and --report FILE.yaml writes the YAML.  Everything happens in
# temporary directories; Puppet is not needed.  Cases listed in t/corpus/apply/TODO are TAP TODO here
# too (their report differs where their log does).
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

require './t/testlib.pl';      # slurp, spew, run
require './t/reportshape.pl';  # report_shape, decode_ordered

my $corpus = 't/corpus/apply';
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $have_ruby = system("ruby -ryaml -rjson -e 1 >/dev/null 2>&1") == 0;

# Ruby's reading of a report file (YAML) as JSON, keys in order
my $tmp = tempdir('preport-XXXXXX', TMPDIR => 1, CLEANUP => 1);
spew("$tmp/read.rb", <<'RUBY');
module Puppet; module Transaction; class Report; end; end; end
def plain(x)
  case x
  when Puppet::Transaction::Report then plain(x.instance_variables.map { |v| [v.to_s[1..], x.instance_variable_get(v)] }.to_h)
  when Hash then x.map { |k, v| [k.to_s, plain(v)] }.to_h
  when Array then x.map { |v| plain(v) }
  else x
  end
end
puts JSON.generate(plain(YAML.unsafe_load_file(ARGV[0])))
RUBY

my @cases = sort map { s{^\Q$corpus\E/}{}r =~ s/\.report$//r } glob("$corpus/*/*.report");
ok(@cases >= 6, 'the corpus has report shapes (' . scalar(@cases) . ')');

# Applies case NAME in a new directory as t/apply.t does, with --report T/FILE; returns T and
# the exit status (undef when the catalog did not compile).
sub apply_case {
    my ($name, $file) = @_;
    my $t = tempdir('preport-' . ($name =~ tr{/}{-}r) . '-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    if (-e "$corpus/$name.pp") {
        (my $pp = slurp("$corpus/$name.pp")) =~ s/\@TMP\@/$t/g;
        spew("$t/site.pp", $pp);
        my $st = run([$mcomp, '--facts', 't/corpus/facts.json', '--certname', 'node1.example.com', "$t/site.pp"],
                     "$t/catalog.json", "$t/mcomp.err", undef, 60);
        return ($t, undef) if $st != 0;
    } else {
        (my $cat = slurp("$corpus/$name.json")) =~ s/\@TMP\@/$t/g;
        spew("$t/catalog.json", $cat);
    }
    my @args;
    if (-e "$corpus/$name.args") {
        (my $line = slurp("$corpus/$name.args")) =~ s/\n.*//s;
        $line =~ s/\@TMP\@/$t/g;
        @args = split ' ', $line;
    }
    my $st = run([$mapply, @args, '--vardir', "$t/var", '--report', "$t/$file", "$t/catalog.json"], "$t/out", undef, undef, 60);
    return ($t, $st);
}

sub diff_text {
    my ($want, $got, $t, $label) = @_;
    return () if $want eq $got;
    spew("$t/want", $want);
    spew("$t/got", $got);
    run(['diff', '-u', '--label', "expected $label", '--label', 'got', "$t/want", "$t/got"], "$t/diff", undef, undef, 60);
    return split /\n/, slurp("$t/diff");
}

my %todo = %{read_todo("$corpus/TODO")};
my %shape;     # case -> our shape
for my $name (@cases) {
    our $TODO;
    local $TODO = ($todo{$name} || $todo{$name =~ s{.*/}{}r}) ? 'not implemented yet (t/corpus/apply/TODO)' : undef;
    my ($t, $st) = apply_case($name, 'report.json');
    if (!defined $st) { ok(0, "$name: compiles") or diag(slurp("$t/mcomp.err")); next }
    my $want = slurp("$corpus/$name.report");
    my $data = eval { decode_ordered(slurp("$t/report.json")) };
    my $got = $data ? report_shape($data, $t) : "not JSON: $@";
    $shape{$name} = $got;
    my @why = diff_text($want, $got, $t, "$name.report");
    ok(!@why, "$name: the report has Puppet's shape") or diag(join "\n", @why, '(run output:)', slurp("$t/out"));
    SKIP: {
        skip 'no ruby', 1 unless $have_ruby;
        my $json = `ruby -ryaml -rjson $tmp/read.rb $t/var/state/last_run_report.yaml 2>&1`;
        my $y = eval { decode_ordered($json) };
        my $ygot = $y ? report_shape($y, $t) : "not read: $json";
        my @ywhy = diff_text($want, $ygot, $t, "$name.report");
        ok(!@ywhy, "$name: and so has last_run_report.yaml, read with Ruby's YAML") or diag(join "\n", @ywhy);
    }
}

# Lines each kind of run must show (in the shape's words), by case.
my @checks = (
    ['exitcodes/exit_changes_and_fail', 'a change: the notify changed, with its event',
     'status "failed"', 'resource_statuses.Notify[changed].changed true',
     'resource_statuses.Notify[changed].events[0].name "message_changed"',
     'resource_statuses.Notify[changed].events[0].previous_value "absent"',
     'resource_statuses.Notify[changed].events[0].desired_value "changed"'],
    ['exitcodes/exit_changes_and_fail', 'a failure: the exec failed, its event failed, from notrun to [\'0\']',
     'resource_statuses.Exec[/bin/false].failed true', 'resource_statuses.Exec[/bin/false].events[0].status "failure"',
     'resource_statuses.Exec[/bin/false].events[0].previous_value "notrun"',
     'resource_statuses.Exec[/bin/false].events[0].desired_value ["0"]',
     'metrics.resources.values[2] ["failed","Failed",1]', 'metrics.events.values[1] ["failure","Failure",1]'],
    ['failures/fail_chain', 'skipped: a failed dependency\'s dependents are skipped, with no events',
     'resource_statuses.Notify[a].skipped true', 'resource_statuses.Notify[a].events []',
     'resource_statuses.Notify[a].evaluation_time null'],
    ['noop/noop_mixed_events', 'noop: would-be changes are noop events, the run has noop pending',
     'noop_pending true', 'resource_statuses.Notify[quiet].events[0].status "noop"'],
    ['refresh/refresh_coalesce', 'refresh: one refresh for the three events coalesced, restarted',
     'resource_statuses.Exec[r].events[0].name "refresh"',
     'resource_statuses.Exec[r].events[0].message "Triggered \'refresh\' from 3 events"',
     'resource_statuses.Exec[r].events[0].redacted false', 'metrics.resources.values[4] ["restarted","Restarted",1]'],
    ['refresh/refresh_fail_summary', 'a failed refresh: Puppet\'s resource_error event',
     'resource_statuses.Exec[rf].events[0].name "resource_error"', 'resource_statuses.Exec[rf].events[0].status "failure"'],
    ['types/file_sensitive', 'Sensitive: the values of its properties are redacted, as Puppet redacts them',
     'resource_statuses.File[@TMP@/s2].events[0].previous_value "[redacted]"',
     'resource_statuses.File[@TMP@/s2].events[0].desired_value "[redacted]"',
     'resource_statuses.File[@TMP@/s2].events[0].redacted true',
     'resource_statuses.File[@TMP@/s2].events[1].previous_value "0644"',
     'resource_statuses.Notify[n].events[0].message "changed [redacted] to [redacted]"'],
    ['types/file_recurse_report', 'recursion: each generated file has a status of its own, the recursive file keeps none of its events',
     'resource_statuses.File[@TMP@/m].events[0].message "mode changed \'0755\' to \'0750\'"',
     'resource_statuses.File[@TMP@/m].change_count 1',
     'resource_statuses.File[@TMP@/m/x].events[0].message "mode changed \'0600\' to \'0640\'"',
     'resource_statuses.File[@TMP@/m/x].containment_path ["Stage[main]","Copy","File[@TMP@/m/x]"]',
     'resource_statuses.File[@TMP@/m/x].tags ["file","class","copy"]',
     'resource_statuses.File[@TMP@/m/x].file null',
     'resource_statuses.File[@TMP@/dst/d].events[0].desired_value "directory"',
     'resource_statuses.File[@TMP@/p].changed false',
     'resource_statuses.File[@TMP@/p/old].events[0].name "file_removed"',
     'resource_statuses.File[@TMP@/p/old/z].changed false',
     'metrics.resources.values[0] ["total","Total",13]'],
);
for my $c (@checks) {
    my ($name, $what, @lines) = @$c;
    my $s = $shape{$name};
    if (!defined $s) { ok(0, "$name: $what (no report)"); next }
    my %have = map { $_ => 1 } split /\n/, $s;
    my @missing = grep { !$have{$_} } @lines;
    ok(!@missing, "$name: $what") or diag(join "\n", 'missing:', @missing);
}

# No secret in either report, and --report FILE.yaml writes the YAML of the same data
{
    my ($t, $st) = apply_case('types/file_sensitive', 'report.yaml');
    is($st, 2, 'the Sensitive case again, with --report FILE.yaml: exit 2');
    my $yaml = slurp("$t/report.yaml");
    like($yaml, qr/\A--- !ruby\/object:Puppet::Transaction::Report\nhost: node1\.example\.com\n/, 'FILE.yaml: Puppet\'s YAML report');
    is($yaml, slurp("$t/var/state/last_run_report.yaml"), 'FILE.yaml: the same text as last_run_report.yaml');
    my ($t2) = apply_case('types/file_sensitive', 'report.json');
    my @leaks = grep { my $r = $_; grep { index($r, $_) >= 0 } qw(hunter2-secret new-secret-value notify-secret) }
                slurp("$t2/report.json"), $yaml;
    is(scalar @leaks, 0, 'no Sensitive value in either report');
    is((stat "$t2/report.json")[2] & 07777, 0600, 'a report about a catalog with secrets is 0600');
}

done_testing();
