#!/usr/bin/perl
# t/report.t - the run's report as Puppet keeps it: --summarize with Puppet's
# Application, Time and Version sections, and VARDIR/state/last_run_report.yaml
# and last_run_summary.yaml after a run with changes and failures, a --noop
# run, a run stopped by a dependency cycle and one stopped by an invalid
# catalog; no secret in either file; --validate writes neither.  The YAML is
# read back with Ruby's YAML (Ruby is a build dependency) when it is there,
# and checked line by line in any case; both are renamed into place, not
# fsynced (checked with strace).  Everything happens in a temporary
# directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $tmp = tempdir(CLEANUP => 1);

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }

my $have_ruby = system("ruby -ryaml -rjson -e 1 >/dev/null 2>&1") == 0;
# Ruby's reading of a report and a summary, as JSON, with each mapping's keys in order
my $reader = <<'RUBY';
module Puppet; module Transaction; class Report; end; end; end
def plain(x)
  case x
  when Puppet::Transaction::Report then plain(x.instance_variables.map { |v| [v.to_s[1..], x.instance_variable_get(v)] }.to_h)
  when Hash then { '__keys' => x.keys.map(&:to_s) }.merge(x.map { |k, v| [k.to_s, plain(v)] }.to_h)
  when Array then x.map { |v| plain(v) }
  else x
  end
end
puts JSON.generate(plain(YAML.unsafe_load_file(ARGV[0])))
RUBY
write_file("$tmp/read.rb", $reader);
sub read_yaml {
    my ($path) = @_;
    my $json = `ruby -ryaml -rjson $tmp/read.rb $path 2>&1`;
    return $? == 0 ? JSON::PP->new->utf8->decode($json) : do { diag($json); undef };
}

my $secret = 'hunter2-do-not-print';
write_file("$tmp/site.pp", <<"EOF");
file { '$tmp/out': ensure => directory }
file { '$tmp/out/a': ensure => file, content => 'hello' }
file { '$tmp/out/s': ensure => file, content => Sensitive('$secret') }
notify { 'hi': }
exec { '/bin/false': }
exec { 'after': command => '/bin/true', require => Exec['/bin/false'] }
EOF
system("$mcomp $tmp/site.pp > $tmp/cat.json");
is($? >> 8, 0, 'the test manifest compiles');
my ($version) = slurp("$tmp/cat.json") =~ /"version":\s*"?(\w+)/;

# ---- a run with changes and failures ----
my $var = "$tmp/var";
my ($rc, $out) = run("$mapply --summarize --detailed-exitcodes --vardir $var $tmp/cat.json");
is($rc, 6, 'changes and failures: exit 6');
my ($summary) = $out =~ /^(Application:\n.*)\z/ms;
ok(defined $summary, '--summarize prints after the run');
$summary //= '';
my @sections = $summary =~ /^(\w[\w ]*):$/mg;
is_deep_list(\@sections, [qw(Application Changes Events Resources Time Version)], 'the sections, in Puppet\'s order');
sub is_deep_list { my ($got, $want, $name) = @_; is(join(",", map { $_ // "~" } @$got), join(",", map { $_ // "~" } @$want), $name) }
sub section { my ($name) = @_; ($summary =~ /^$name:\n((?:   .*\n)*)/m)[0] // '' }
is(section('Application'), "   Initial environment: production\n   Converged environment: production\n         Run mode: user\n",
   'Application: environments and run mode');
is(section('Changes'), "            Total: 4\n", 'Changes: the total');
is(section('Events'), "          Failure: 1\n          Success: 4\n            Total: 5\n", 'Events: failure, success, total');
is(section('Resources'), "           Failed: 1\n          Skipped: 1\n          Changed: 4\n      Out of sync: 5\n            Total: 6\n",
   'Resources: sorted by value, zeroes left out, Total last');
my $time = section('Time');
like($time, qr/^             File: \d+\.\d\d$/m, 'Time: the file resources\' time, two decimals');
like($time, qr/^             Exec: \d+\.\d\d$/m, 'Time: the execs\' time');
like($time, qr/^   Config retrieval: \d+\.\d\d$/m, 'Time: reading the catalog is its retrieval');
like($time, qr/^   Transaction evaluation: \d+\.\d\d$/m, 'Time: transaction evaluation');
like($time, qr/^   Catalog application: \d+\.\d\d$/m, 'Time: catalog application');
like($time, qr/^         Last run: \d{10}$/m, 'Time: last run, epoch seconds');
like($time, qr/\n            Total: \d+\.\d\d\n\z/, 'Time: Total last');
is(section('Version'), "           Puppet: 0.1\n           Config: $version\n",
   'Version: the catalog\'s version and mapply\'s (sorted by text, as Puppet sorts)');

my $state = "$var/state";
my $report = slurp("$state/last_run_report.yaml");
my $sum = slurp("$state/last_run_summary.yaml");
ok(defined $report && defined $sum, 'the report and the summary are in VARDIR/state');
$report //= '';
$sum //= '';
is((stat "$state/last_run_report.yaml")[2] & 07777, 0640, 'the report is 0640, as Puppet\'s');
is((stat "$state/last_run_summary.yaml")[2] & 07777, 0640, 'the summary is 0640');
opendir my $dh, $state or die;
is_deep_list([sort grep { !/^\.\.?$/ } readdir $dh], ['last_run_report.yaml', 'last_run_summary.yaml'], 'no temporary file left behind');
closedir $dh;
unlike($report . $sum, qr/\Q$secret\E/, 'the secret is in neither file');
like($report, qr/^--- !ruby\/object:Puppet::Transaction::Report\n/, 'the report is Puppet\'s report object');
my @top = $report =~ /^(\w+):/mg;
is_deep_list(\@top, [qw(host time configuration_version transaction_uuid report_format puppet_version status
                        transaction_completed noop noop_pending environment logs metrics resource_statuses
                        corrective_change catalog_uuid cached_catalog_status)], 'the report\'s keys, in Puppet\'s order');
like($report, qr/^status: failed$/m, 'status: failed');
like($report, qr/^configuration_version: $version$/m, 'configuration_version: the catalog\'s');
like($report, qr/^transaction_uuid: ("?)[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\1$/m, 'a fresh transaction uuid');
like($report, qr/^- level: err\n  message: "'\/bin\/false' returned 1 instead of one of \[0\]"\n  source: Puppet\n/m, 'logs: a plain error line');
like($report, qr/^- level: warning\n  message: Skipping because of failed dependencies\n  source: "\/Stage\[main\]\/Main\/Exec\[after\]"\n  tags:\n  - warning\n  - exec\n  - after\n  - class\n/m,
     'logs: a resource\'s line with its source and tags');
like($report, qr/^- level: notice\n  message: Applied catalog in \d+\.\d\d seconds\n/m, 'logs: the closing line');
like($sum, qr/\A---\nversion:\n  config: $version\n  puppet: "0\.1"\napplication:\n  run_mode: user\n  initial_environment: production\n  converged_environment: production\n/,
     'summary: version and application');
like($sum, qr/^resources:\n  changed: 4\n  corrective_change: 0\n  failed: 1\n  failed_to_restart: 0\n  out_of_sync: 5\n  restarted: 0\n  scheduled: 0\n  skipped: 1\n  total: 6\n/m,
     'summary: resources, keys sorted as Puppet writes them');
like($sum, qr/^changes:\n  total: 4\nevents:\n  failure: 1\n  success: 4\n  total: 5\n\z/m, 'summary: changes and events');
my ($last_run) = $sum =~ /^  last_run: (\d+)$/m;
like($time, qr/^         Last run: \Q$last_run\E$/m, '--summarize and the summary file agree on the last run');

SKIP: {
    skip 'no ruby', 17 unless $have_ruby;
    my $r = read_yaml("$state/last_run_report.yaml");
    my $s = read_yaml("$state/last_run_summary.yaml");
    ok($r && $s, 'Ruby\'s YAML reads both files') or skip 'unreadable', 16;
    is($r->{status}, 'failed', 'report: status');
    is($r->{report_format}, 12, 'report: format 12');
    ok(!$r->{noop} && $r->{transaction_completed}, 'report: not noop, completed');
    my $st = $r->{resource_statuses};
    is_deep_list($st->{__keys}, ["File[$tmp/out]", "File[$tmp/out/a]", "File[$tmp/out/s]", 'Notify[hi]', 'Exec[/bin/false]', 'Exec[after]'],
                 'report: every resource\'s status, in run order');
    my $f = $st->{"File[$tmp/out/a]"};
    is_deep_list($f->{containment_path}, ['Stage[main]', 'Main', "File[$tmp/out/a]"], 'status: containment path');
    is_deep_list([@{$f->{events}[0]}{qw(property previous_value desired_value name status)}],
                 ['ensure', 'absent', 'file', 'file_created', 'success'], 'status: the event, with its values');
    is_deep_list([@{$st->{'Notify[hi]'}{events}[0]}{qw(property previous_value desired_value message)}],
                 ['message', 'absent', 'hi', "defined 'message' as 'hi'"], 'a notify\'s event');
    my $s_ev = $st->{"File[$tmp/out/s]"}{events}[0];
    is_deep_list([@{$s_ev}{qw(previous_value desired_value message)}, $s_ev->{redacted} ? 'true' : 'false'],
                 ['[redacted]', '[redacted]', 'changed [redacted] to [redacted]', 'true'], 'a Sensitive change is redacted, as Puppet redacts it');
    my $fail = $st->{'Exec[/bin/false]'};
    ok($fail->{failed} && $fail->{events}[0]{status} eq 'failure' && $fail->{events}[0]{name} eq 'executed_command',
       'the failed exec: failed, with a failure event');
    is_deep_list([$fail->{events}[0]{previous_value}, ref $fail->{events}[0]{desired_value}, @{$fail->{events}[0]{desired_value} || []}],
                 ['notrun', 'ARRAY', '0'], 'the failed exec: from notrun to the list [\'0\'], as Puppet writes it');
    my $skip = $st->{'Exec[after]'};
    ok($skip->{skipped} && !defined $skip->{evaluation_time} && !@{$skip->{events}}, 'the skipped exec: skipped, never evaluated');
    my %m = map { $_->[0] => $_->[2] } @{$r->{metrics}{resources}{values}};
    is_deep_list([@m{qw(total changed failed skipped out_of_sync)}], [6, 4, 1, 1, 5], 'report: resource metrics');
    is_deep_list($s->{__keys}, [qw(version application resources time changes events)], 'summary: Puppet\'s sections');
    is_deep_list($s->{time}{__keys}, [qw(catalog_application config_retrieval exec file notify total transaction_evaluation last_run)],
                 'summary: the time keys');
    is($s->{events}{total}, 5, 'summary: events total');
    # every time is written as Ruby writes the Float (shortest digits; 1.0e-05 below 0.0001)
    my @floats = (slurp("$state/last_run_report.yaml") . slurp("$state/last_run_summary.yaml")) =~ /(?:^  \w+: |^      - |evaluation_time: )(-?\d+\.\d+(?:e[-+]\d+)?)$/mg;
    my $ruby = `ruby -e 'ARGV.each { |x| puts Float(x).to_s }' @floats`;
    is($ruby, join('', map { "$_\n" } @floats), 'times: written as Ruby writes them (' . scalar(@floats) . ' values)');
}

# ---- strings YAML would misread, control characters, UTF-8: read back as written ----
SKIP: {
    skip 'no ruby', 2 unless $have_ruby;
    write_file("$tmp/odd.pp", <<'EOF');
notify { "odd: title #x": message => "caf\u00e9 \u0085 \u{FEFF} x\ty 'q' \"d\" yes" }
notify { 'true': }
notify { '- dash': }
EOF
    system("$mcomp $tmp/odd.pp > $tmp/odd.json");
    run("$mapply --vardir $tmp/var9 $tmp/odd.json");
    my $r = read_yaml("$tmp/var9/state/last_run_report.yaml");
    is_deep_list($r && [map { $_->{message} } @{$r->{logs}}[0, 2, 4]],
                 ["caf\x{e9} \x{85} \x{feff} x\ty 'q' \"d\" yes", 'true', '- dash'], 'log messages read back as printed');
    is_deep_list($r && $r->{resource_statuses}{__keys}, ['Notify[odd: title #x]', 'Notify[true]', 'Notify[- dash]'], 'resource keys read back');
}

# ---- a temporary file a killed run left is swept by the next ----
write_file("$state/.last_run_report.yaml.mapply.AbC123", "half a report");
run("$mapply --vardir $var $tmp/cat.json");
ok(!-e "$state/.last_run_report.yaml.mapply.AbC123", 'a killed run\'s temporary report is taken away by the next run');

# ---- the same runs as Puppet's: t/corpus/report/ ----
# Puppet 7.23's reports of the manifests there, as extract.rb reads them
# (t/corpus/README.md says how they were made): changes.pp (each kind of
# file change, an exec, a notify, a refresh; also with --noop), failures.pp
# (a failed exec, a skipped one, a Sensitive file: redacted) and cycle.pp.
# The known difference, put into Puppet's text before comparing: mapply's
# cycle message names where each resource was declared, on lines of their
# own (README.md, "mapply").
SKIP: {
    skip 'no ruby', 4 unless $have_ruby;
    my $t = "$tmp/cmp";
    for my $case (['changes', ''], ['changes', '--noop'], ['failures', ''], ['cycle', '']) {
        my ($name, $noop) = @$case;
        system("rm -rf $t");
        mkdir $t;
        write_file("$t/c", "old\n"); chmod 0644, "$t/c";
        write_file("$t/gone", "x\n");
        write_file("$t/m", "keep\n"); chmod 0644, "$t/m";
        (my $pp = slurp("t/corpus/report/$name.pp")) =~ s/\@TMP\@/$t/g;
        write_file("$t/site.pp", $pp);
        system("$mcomp $t/site.pp > $tmp/cmp.json 2>/dev/null");
        system("rm -rf $tmp/var8");
        run("$mapply $noop --vardir $tmp/var8 $tmp/cmp.json");
        my $got = `ruby -ryaml t/corpus/report/extract.rb $tmp/var8/state/last_run_report.yaml 2>&1`;
        $got =~ s/\Q$t\E/\@TMP\@/g;
        my $expect = $noop ? "${name}_noop.puppet" : "$name.puppet";
        my $want = slurp("t/corpus/report/$expect");
        $want =~ s/\\\\nTry the/\\nNotify[a] declared at \@TMP\@\/site.pp:1\\nNotify[b] declared at \@TMP\@\/site.pp:2\\nTry the/;
        is($got, $want, "statuses, events and log lines as Puppet 7.23 reports them ($expect)");
    }
}

# ---- --report FILE still writes its JSON ----
($rc, $out) = run("$mapply --vardir $var --report $tmp/r.json $tmp/cat.json");
my $json = eval { JSON::PP->new->decode(slurp("$tmp/r.json")) };
is($json && $json->{status}, 'failed', '--report FILE: the JSON report, beside the state directory\'s');

# ---- --noop ----
system("rm -rf $tmp/out");
($rc, $out) = run("$mapply --noop --summarize --vardir $tmp/var2 $tmp/cat.json");
like($out, qr/^Events:\n             Noop: 6\n            Total: 6\n/m, '--noop: the summary counts noop events');
$report = slurp("$tmp/var2/state/last_run_report.yaml") // '';
like($report, qr/^status: unchanged\ntransaction_completed: true\nnoop: true\nnoop_pending: true\n/m, '--noop: the report is written, noop and pending');
like($report, qr/^    - audited: false\n      property: ensure\n      previous_value: absent\n      desired_value: file\n      historical_value:\n      message: current_value 'absent', should be 'file' \(noop\)\n      name: file_created\n      status: noop\n/m,
     '--noop: the would-be change, with its values');
like(slurp("$tmp/var2/state/last_run_summary.yaml") // '', qr/^events:\n  failure: 0\n  noop: 6\n  success: 0\n  total: 6\n/m, '--noop: the summary\'s events');
ok(!-e "$tmp/out", '--noop changed nothing');

# ---- a dependency cycle ----
write_file("$tmp/cyc.json", JSON::PP->new->encode({
    name => 'node1', version => 'v7', environment => 'production', catalog_format => 2, tags => [], classes => [],
    resources => [
        {type => 'Notify', title => 'a', tags => ['notify'], file => "$tmp/c.pp", line => 1, exported => JSON::PP::false,
         parameters => {require => 'Notify[b]'}},
        {type => 'Notify', title => 'b', tags => ['notify'], file => "$tmp/c.pp", line => 2, exported => JSON::PP::false,
         parameters => {require => 'Notify[a]'}},
        {type => 'Notify', title => 'c', tags => ['notify'], exported => JSON::PP::false, parameters => {}},
    ],
    edges => []}));
($rc, $out) = run("$mapply --summarize --vardir $tmp/var3 $tmp/cyc.json");
is($rc, 1, 'a cycle: exit 1');
like($out, qr/^Resources:\n           Failed: 2\n      Out of sync: 2\n            Total: 2\n/m, 'a cycle: the summary is still printed, as Puppet prints it');
$report = slurp("$tmp/var3/state/last_run_report.yaml") // '';
like($report, qr/^status: failed\ntransaction_completed: false\n/m, 'a cycle: the report says failed, not completed');
like($report, qr/^configuration_version: v7$/m, 'a cycle: the catalog\'s version');
like($report, qr/^- level: err\n  message: "Found 1 dependency cycle:\\n\(Notify\[a\] => Notify\[b\] => Notify\[a\]\)\\n/m, 'a cycle: the cycle error in the logs');
like($report, qr/^- level: err\n  message: "Failed to apply catalog: One or more resource dependency cycles detected in graph"/m, 'a cycle: the run\'s error');
like($report, qr/^  Notify\[a\]:\n(?:    .*\n)*?    failed: true\n(?:    .*\n)*?      message: resource is part of a dependency cycle\n      name: resource_error\n      status: failure\n/m,
     'a cycle: its members failed with Puppet\'s event');
unlike($report, qr/^  Notify\[c\]:/m, 'a cycle: resources outside it have no status (nothing ran)');
like(slurp("$tmp/var3/state/last_run_summary.yaml") // '', qr/^resources:\n  changed: 0\n  corrective_change: 0\n  failed: 2\n/m, 'a cycle: the summary file');

# ---- an invalid catalog ----
write_file("$tmp/bad.json", JSON::PP->new->encode({
    name => 'node1', version => 8, environment => 'production', catalog_format => 2, tags => [], classes => [],
    resources => [{type => 'Exec', title => 'true', tags => ['exec'], exported => JSON::PP::false, parameters => {}}],
    edges => []}));
($rc, $out) = run("$mapply --vardir $tmp/var4 $tmp/bad.json");
is($rc, 1, 'an invalid catalog: exit 1');
$report = slurp("$tmp/var4/state/last_run_report.yaml") // '';
like($report, qr/^status: failed\ntransaction_completed: false\n/m, 'an invalid catalog: the report says failed');
like($report, qr/^  message: "Validation of Exec\[true\] failed: 'true' is not qualified/m, 'an invalid catalog: the validation error in the logs');
like($report, qr/^resource_statuses: \{\}$/m, 'an invalid catalog: nothing ran');
ok(-e "$tmp/var4/state/last_run_summary.yaml", 'an invalid catalog: the summary too');

# ---- a missing dependency ----
write_file("$tmp/miss.json", JSON::PP->new->encode({
    name => 'node1', version => 9, environment => 'production', catalog_format => 2, tags => [], classes => [],
    resources => [{type => 'Notify', title => 'y', tags => ['notify'], exported => JSON::PP::false, parameters => {require => 'Notify[zz]'}}],
    edges => []}));
($rc, $out) = run("$mapply --vardir $tmp/var7 $tmp/miss.json");
is($rc, 1, 'a missing dependency: exit 1');
$report = slurp("$tmp/var7/state/last_run_report.yaml") // '';
like($report, qr/^status: failed\n/m, 'a missing dependency: the report says failed');
like($report, qr/^  message: "Failed to apply catalog: Could not retrieve dependency 'Notify\[zz\]' of Notify\[y\]"$/m, 'a missing dependency: the error in the logs');

# ---- --validate writes nothing ----
($rc, $out) = run("$mapply --validate --vardir $tmp/var5 $tmp/bad.json");
ok(!-e "$tmp/var5", '--validate: no state directory, no report');

# ---- a state directory the report cannot go into ----
mkdir "$tmp/var6";
write_file("$tmp/var6/state", "not a directory\n");
($rc, $out) = run("$mapply --detailed-exitcodes --vardir $tmp/var6 $tmp/cyc.json");
like($out, qr/^Error: Could not save last run local report: \Q$tmp\E\/var6\/state: Not a directory$/m, 'an unwritable state directory: Puppet\'s error, with the path and the reason');

# The report and the summary are renamed into place, not fsynced (as
# Puppet's are not; docs/apply.md section 16): under strace, no fsync of
# either file or of the state directory, each written to a temporary file
# renamed over it, and the report read back whole.
SKIP: {
    skip 'strace is not installed', 3 if system('strace -V >/dev/null 2>&1') != 0;
    my ($src) = run("strace -f -y -o $tmp/sync.log -e trace=fsync,fdatasync,syncfs,renameat,renameat2,rename $mapply --vardir $tmp/var7 $tmp/cat.json");
    my $log = slurp("$tmp/sync.log") // '';
    unlike($log, qr/(?:fsync|fdatasync|syncfs)\(\d+<[^>]*\/var7\/state/, 'no fsync of the report, the summary or the state directory');
    like($log, qr/rename\w*\(.*\.last_run_report\.yaml\.mapply\..*"last_run_report\.yaml"/, 'the report renamed into place from its temporary file');
    like(slurp("$tmp/var7/state/last_run_report.yaml") // '', qr/\A--- !ruby\/object:Puppet::Transaction::Report\n.*\nstatus: \w+\n.*\z/s, 'the report whole');
}

done_testing();
