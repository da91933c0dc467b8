#!/usr/bin/perl
# rubyfn.t: modules' functions written in Ruby, beyond what the corpus (t/corpus/compile/
# rubyfn_*) shows.  Ruby starts only when a compile calls such a function (--stats says
# "ruby=no" or "ruby=started"), not because a module on the module path has one, nor
# for a Puppet-language function or an unknown name; a function file is loaded once
# however often it is called; mcomp works from any directory with a relative
# --modulepath; exceptions, exits and throws in a function are compile errors (exit 1).
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $tmp = tempdir('mcomp-rubyfn-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

require './t/testlib.pl';   # slurp, spew, run

sub mcomp {
    my (@args) = @_;
    my $st = run([$mcomp, @args], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

make_path("$tmp/modules/m/lib/puppet/functions/m", "$tmp/modules/m/functions");
# counts its loads in a global: loaded once, the count stays 1
spew("$tmp/modules/m/lib/puppet/functions/m/count.rb", <<'EOF');
$mcomp_test_loads = ($mcomp_test_loads || 0) + 1
Puppet::Functions.create_function(:'m::count') do
  def count(x)
    "#{x} loads=#{$mcomp_test_loads}"
  end
end
EOF
spew("$tmp/modules/m/lib/puppet/functions/m/bad.rb", <<'EOF');
Puppet::Functions.create_function(:'m::bad') do
  def bad(how)
    case how
    when 'exit' then exit 3
    when 'throw' then throw :away
    when 'raise' then raise IOError, 'disk gone'
    end
  end
end
EOF
spew("$tmp/modules/m/functions/pp.pp", "function m::pp() { 'puppet language' }\n");

spew("$tmp/none.pp", "notify { 'a': message => m::pp() }\n");
my ($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/modules", "$tmp/none.pp");
is($st, 0, 'a Puppet-language function beside Ruby ones compiles') or diag($err);
like($err, qr/^mcomp: stats: .* ruby=no$/m, '... without starting Ruby');

spew("$tmp/unknown.pp", "\$x = m::nothing()\n");
($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/modules", "$tmp/unknown.pp");
is($st, 1, 'an unknown function is an error');
like($err, qr/Unknown function: 'm::nothing'/, "... in Puppet's words");
like($err, qr/ruby=no$/m, '... and Ruby is not started for it');

spew("$tmp/twice.pp", "notify { 'a': message => m::count('a') }\nnotify { 'b': message => m::count('b') }\n");
($st, $out, $err) = mcomp('--stats', '--modulepath', "$tmp/modules", "$tmp/twice.pp");
is($st, 0, 'a Ruby function compiles') or diag($err);
like($err, qr/ ruby=started ruby_startup_ms=[0-9.]+$/m, '... starting Ruby');
like($out, qr/"message":"a loads=1".*"message":"b loads=1"/s, '... its file loaded once for two calls');

{
    # a relative module path, from another working directory
    chdir $tmp or die;
    ($st, $out, $err) = mcomp('--modulepath', 'modules', 'twice.pp');
    chdir '/';
    is($st, 0, 'a relative --modulepath works') or diag($err);
    like($out, qr/"message":"a loads=1"/, '... with the same result');
}

for my $case (['exit', qr/error: exit/], ['throw', qr/error: uncaught throw :away/],
              ['raise', qr/error: disk gone/]) {
    my ($how, $want) = @$case;
    spew("$tmp/bad.pp", "\$x = m::bad('$how')\nnotify { 'after': }\n");
    ($st, $out, $err) = mcomp('--modulepath', "$tmp/modules", "$tmp/bad.pp");
    is($st, 1, "$how in a function is a compile error");
    like($err, $want, '... with its message');
    is($out, '', '... and no catalog');
}

done_testing();
