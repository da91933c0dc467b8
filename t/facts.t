#!/usr/bin/perl
# facts.t: modules' custom facts (lib/facter/*.rb).  When mcomp gathers facts itself
# it runs them as an agent's pluginsync would (Facter.add, setcode with a block or a
# command, confine, has_weight, Facter.value, Facter::Core::Execution); with --facts
# FILE nothing runs.  Everything happens in a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $tmp = tempdir('mcomp-facts-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

require './t/testlib.pl';   # slurp, spew, run

sub mcomp {
    my (@args) = @_;
    my $st = run([$mcomp, @args], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

# The message of Notify[NAME] in a catalog, as JSON text.
sub message {
    my ($catalog, $name) = @_;
    return $catalog =~ /"title":\s*"\Q$name\E".*?"message":\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\]|\{[^}]*\}|[^,}\s]+)/s ? $1 : undef;
}

mkdir "$tmp/$_" for qw(mods mods/ft mods/ft/lib mods/ft/lib/facter mods/ft/lib/facter/util mods/fu mods/fu/lib mods/fu/lib/facter);
my $marker = "$tmp/ran";
spew("$tmp/mods/ft/lib/facter/basic.rb", <<"EOF");
Facter.add(:ft_block) { setcode { 'from a block' } }
Facter.add(:ft_command) { setcode 'echo from a command' }
Facter.add('ft_hash') do
  setcode { { 'list' => [1, 2.5, true], 'sym' => :yes } }
end
Facter.add(:ft_kernel) { setcode { "kernel is #{Facter.value(:kernel)}" } }
Facter.add(:ft_marker) { setcode { File.write('$marker', 'x'); 'wrote' } }
EOF
spew("$tmp/mods/ft/lib/facter/confined.rb", <<'EOF');
Facter.add(:ft_linux) do
  confine kernel: 'Linux'
  setcode { 'on linux' }
end
Facter.add(:ft_bsd) do
  confine kernel: %w[FreeBSD OpenBSD]
  setcode { 'on bsd' }
end
Facter.add(:ft_sym) do
  confine kernel: :linux
  setcode { 'case does not matter' }
end
Facter.add(:ft_by_block) do
  confine(:kernel) { |value| value.start_with?('Lin') }
  setcode { 'block said yes' }
end
Facter.add(:ft_no_block) do
  confine { false }
  setcode { 'never' }
end
EOF
spew("$tmp/mods/ft/lib/facter/weights.rb", <<'EOF');
Facter.add(:ft_weight) { has_weight 10; setcode { 'heavy' } }
Facter.add(:ft_weight) { has_weight 50; setcode { nil } }
Facter.add(:ft_weight) { has_weight 1; setcode { 'light' } }
# a confine weighs one: it beats the unconfined resolution
Facter.add(:ft_confines) { setcode { 'plain' } }
Facter.add(:ft_confines) { confine kernel: 'Linux'; setcode { 'confined' } }
# raising ends the search: the lighter resolution is not asked
Facter.add(:ft_boom) { has_weight 2; setcode { raise 'it broke' } }
Facter.add(:ft_boom) { has_weight 1; setcode { 'fallback' } }
EOF
spew("$tmp/mods/ft/lib/facter/execution.rb", <<'EOF');
require 'facter/util/ft_helper'
Facter.add(:ft_which) { setcode { Facter::Core::Execution.which('sh') ? 'found sh' : 'no sh' } }
Facter.add(:ft_which_none) { setcode { Facter::Core::Execution.which('no-such-command-here').inspect } }
Facter.add(:ft_exec) { setcode { Facter::Util::Resolution.exec('echo resolution') } }
Facter.add(:ft_exec_missing) { setcode { Facter::Core::Execution.exec('no-such-command-here --x').inspect } }
Facter.add(:ft_execute_default) do
  setcode { Facter::Core::Execution.execute('no-such-command-here', on_fail: 'fallback') }
end
Facter.add(:ft_execute_raise) { setcode { Facter::Core::Execution.execute('no-such-command-here') } }
Facter.add(:ft_helper) { setcode { Facter::Util::FtHelper.answer } }
Facter.add(:ft_kernel) { setcode { 'a later resolution of the same weight loses' } }
Facter.add(:kernel) { setcode { 'a gathered fact wins' } }
Facter.add(:kernelrelease) { has_weight 1; setcode { 'unless the custom one has a weight' } }
Facter.add(:architecture) { has_weight 5; setcode { nil } }
EOF
spew("$tmp/mods/ft/lib/facter/aggregate.rb", <<'EOF');
Facter.add(:ft_merged, type: :aggregate) do
  chunk(:one) { { 'a' => { 'x' => 1 }, 'list' => [1] } }
  chunk(:two) { { 'a' => { 'y' => 2 }, 'list' => [2] } }
end
Facter.add(:ft_joined, type: :aggregate) do
  chunk(:base) { 'base' }
  chunk(:more, require: [:base]) { |base| "#{base}+more" }
  aggregate { |chunks| chunks.values.join(',') }
end
EOF
spew("$tmp/mods/ft/lib/facter/util/ft_helper.rb", <<'EOF');
module Facter::Util::FtHelper
  def self.answer
    42
  end
end
EOF
spew("$tmp/mods/fu/lib/facter/other.rb", <<'EOF');
Facter.add(:fu_uses_ft) { setcode { "#{Facter.fact(:ft_block).value} via fu" } }
EOF
spew("$tmp/mods/fu/lib/facter/broken.rb", "Facter.add(:fu_broken) { setcode { 'x' }\n");

my @names = qw(ft_block ft_command ft_hash ft_kernel ft_marker ft_linux ft_bsd ft_sym ft_by_block ft_no_block
               ft_weight ft_confines ft_boom ft_which ft_which_none ft_exec ft_exec_missing ft_execute_default
               ft_execute_raise ft_helper fu_uses_ft fu_broken kernel kernelrelease architecture ft_merged ft_joined);
spew("$tmp/site.pp", join('', map { "notify { '$_': message => String(\$facts['$_']) }\n" } @names)
     . "notify { 'top': message => \"\${::ft_block} / \${ft_linux}\" }\n");

my ($st, $out, $err) = mcomp('--modulepath', "$tmp/mods", '--certname', 'n1', "$tmp/site.pp");
is($st, 0, 'custom facts: compiles') or diag($err);
my %want = (
    ft_block => '"from a block"', ft_command => '"from a command"',
    ft_hash => '"{\'list\' => [1, 2.5, true], \'sym\' => \'yes\'}"',
    ft_kernel => '"kernel is Linux"', ft_marker => '"wrote"',
    ft_linux => '"on linux"', ft_bsd => '""', ft_sym => '"case does not matter"',
    ft_by_block => '"block said yes"', ft_no_block => '""',
    ft_weight => '"heavy"', ft_confines => '"confined"', ft_boom => '""',
    ft_which => '"found sh"', ft_which_none => '"nil"', ft_exec => '"resolution"', ft_exec_missing => '"nil"',
    ft_execute_default => '"fallback"', ft_execute_raise => '""', ft_helper => '"42"',
    fu_uses_ft => '"from a block via fu"', fu_broken => '""', kernel => '"Linux"',
    kernelrelease => '"unless the custom one has a weight"', architecture => '"' . (`dpkg --print-architecture 2>/dev/null` || `uname -m`) =~ s/\s+//gr . '"',
    top => '"from a block / on linux"',
    ft_merged => q{"{'a' => {'x' => 1, 'y' => 2}, 'list' => [1, 2]}"}, ft_joined => '"base,base+more"',
);
SKIP: {
    skip 'not on Linux', scalar(keys %want) unless $^O eq 'linux';
    for my $n (sort keys %want) {
        is(message($out, $n), $want{$n}, "fact $n");
    }
}
ok(-e $marker, 'the facts ran');
like($err, qr/^Error: Facter: Error while resolving custom fact fact='ft_boom', resolution='<anonymous>': it broke$/m,
     'a raising fact: Facter\'s error line');
like($err, qr/^Error: Facter: Error while resolving custom fact fact='ft_execute_raise', resolution='<anonymous>': .*no-such-command-here/m,
     'execute of a missing command raises');
like($err, qr/^Error: Facter: Error loading fact \Q$tmp\E\/mods\/fu\/lib\/facter\/broken\.rb: /m,
     'a fact file that does not parse: Facter\'s error line, the other files still run');

unlink $marker;
spew("$tmp/facts.json", '{"kernel": "Linux", "ft_block": "from the file"}');
($st, $out, $err) = mcomp('--modulepath', "$tmp/mods", '--facts', "$tmp/facts.json", '--certname', 'n1', "$tmp/site.pp");
is($st, 0, 'with --facts: compiles') or diag($err);
ok(!-e $marker, 'with --facts no custom fact runs');
is(message($out, 'ft_block'), '"from the file"', 'the facts are the file\'s');
is(message($out, 'ft_linux'), '""', 'and nothing else');
unlike($err, qr/Facter/, 'no fact ran, so no Facter line on stderr');

# A custom fact whose value holds a NUL byte is refused, naming the fact (strings are C
# strings: it would otherwise be cut at the NUL); a facts file with \u0000 too.
mkdir "$tmp/$_" for qw(nulf nulf/m nulf/m/lib nulf/m/lib/facter);
spew("$tmp/nulf/m/lib/facter/nul.rb", "Facter.add(:nul_fact) { setcode { { 'k' => [\"a\\0b\"] } } }\n");
($st, $out, $err) = mcomp('--modulepath', "$tmp/nulf", '--certname', 'n1', "$tmp/site.pp");
is($st, 1, 'a custom fact holding a NUL byte is an error');
like($err, qr/error: A string may not contain a NUL byte \(in the value of custom fact 'nul_fact'\)/, 'naming the fact');
is($out, '', 'and no catalog');
spew("$tmp/nulfacts.json", '{"kernel": "Linux", "x": {"y": "a\u0000b"}}');
($st, $out, $err) = mcomp('--facts', "$tmp/nulfacts.json", '--certname', 'n1', "$tmp/site.pp");
is($st, 2, 'a facts file with \u0000 is refused');
like($err, qr/cannot read facts from .*nulfacts\.json: .*\\u0000 \(NUL\) is not allowed in a string \(at \$\.x\.y\)/, 'naming the place');

# Ruby starts only when something needs it: a Ruby type used, or custom facts to run
mkdir "$tmp/$_" for qw(lazy lazy/m lazy/m/lib lazy/m/lib/puppet lazy/m/lib/puppet/type);
spew("$tmp/lazy/m/lib/puppet/type/lazy_thing.rb", "Puppet::Type.newtype(:lazy_thing) { newparam(:name) { isnamevar } }\n");
spew("$tmp/plain.pp", "notify { 'plain': }\n");
spew("$tmp/typed.pp", "lazy_thing { 'x': }\n");
($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/mods", '--facts', "$tmp/facts.json", '--certname', 'n1', "$tmp/plain.pp");
like($err, qr/ruby=no/, 'with --facts and no Ruby type used, Ruby is not started');
($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/lazy", '--certname', 'n1', "$tmp/plain.pp");
like($err, qr/ruby=no/, 'gathering facts with no module that has custom facts does not start Ruby');
($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/lazy", '--certname', 'n1', "$tmp/typed.pp");
is($st, 0, 'a Ruby type compiles') or diag($err);
like($err, qr/ruby=started/, 'and starts Ruby');

# A fact that ends in an exception Facter does not rescue (exit!) is one warning and the
# compile goes on (in the sanitizer build too: Ruby's own unwinding leaves no poisoned
# stack behind); the text of a Sensitive value stays out of Facter's error lines.
mkdir "$tmp/$_" for qw(hard hard/h hard/h/lib hard/h/lib/facter);
spew("$tmp/hard/h/lib/facter/hard.rb", <<'EOF');
Facter.add(:h_secret) { setcode { Puppet::Pops::Types::PSensitiveType::Sensitive.new('hunter2').unwrap.nosuch } }
Facter.add(:h_exit) { setcode { exit! } }
EOF
($st, $out, $err) = mcomp('--modulepath', "$tmp/hard", '--certname', 'n1', "$tmp/plain.pp");
is($st, 0, 'a fact calling exit!: the compile goes on') or diag($err);
like($out, qr/"title":"plain"/, '... to its catalog');
like($err, qr/^mcomp: warning: custom facts: exit$/m, '... with a warning');
like($err, qr/^Error: Facter: .*fact='h_secret'.*undefined method `nosuch' for "\[value redacted\]":String$/m,
     'an unwrapped Sensitive value in a fact\'s error is redacted');
unlike($err, qr/hunter2/, '... and printed nowhere');

# a fact that changes the working directory does not change what relative
# paths of the compile mean (the manifest, --modulepath)
mkdir "$tmp/$_" for qw(cwd cwd/mods cwd/mods/cd cwd/mods/cd/lib cwd/mods/cd/lib/facter);
spew("$tmp/cwd/mods/cd/lib/facter/cd.rb", "Facter.add(:cd_fact) { setcode { Dir.chdir('/'); 'moved' } }\n");
spew("$tmp/cwd/rel.pp", "notify { 'cd': message => \$facts['cd_fact'] }\n");
{
    require Cwd;
    my $abs = Cwd::abs_path($mcomp);
    my $st = run(['sh', '-c', 'cd "$1" && exec "$2" --modulepath mods --certname n1 rel.pp', 'sh', "$tmp/cwd", $abs],
                 "$tmp/out", "$tmp/err", undef, 120);
    is($st, 0, 'a fact that runs Dir.chdir: the relative manifest still compiles') or diag(slurp("$tmp/err"));
    is(message(slurp("$tmp/out"), 'cd'), '"moved"', 'and the fact has its value');
}

# the built-in collector names the Puppet whose language mcomp speaks, as Facter
# (puppetversion) and puppet apply (clientversion) do
spew("$tmp/version.pp", "notify { 'pv': message => \$facts['puppetversion'] }\nnotify { 'cv': message => \$clientversion }\n");
($st, $out, $err) = mcomp('--certname', 'n1', "$tmp/version.pp");
is(message($out, 'pv'), '"7.23.0"', 'gathered facts: puppetversion');
is(message($out, 'cv'), '"7.23.0"', 'gathered facts: clientversion');

# stdlib's facts from the installed modules (Debian's puppet-module-puppetlabs-stdlib)
SKIP: {
    skip 'no stdlib in /usr/share/puppet/modules', 4 unless -f '/usr/share/puppet/modules/stdlib/lib/facter/root_home.rb';
    mkdir "$tmp/std";
    symlink('/usr/share/puppet/modules/stdlib', "$tmp/std/stdlib") or die "symlink: $!";
    spew("$tmp/std.pp", join('', map { "notify { '$_': message => String(\$facts['$_']) }\n" }
                                 qw(root_home puppet_vardir puppet_environmentpath service_provider)));
    ($st, $out, $err) = mcomp('--modulepath', "$tmp/std", '--certname', 'n1', "$tmp/std.pp");
    is($st, 0, 'stdlib facts: compiles') or diag($err);
    my ($home) = (getpwuid 0)[7];
    is(message($out, 'root_home'), "\"$home\"", 'root_home is root\'s home (getent passwd root)');
    is(message($out, 'puppet_vardir'), '"/var/cache/puppet"', 'puppet_vardir is the agent\'s vardir');
    like(message($out, 'service_provider') // '', qr/^"(systemd|debian|redhat|init)"$/, 'service_provider names a service provider');
}

done_testing();
