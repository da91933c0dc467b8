#!/usr/bin/perl
# ruby.t: the embedded Ruby of mcomp (ERB templates).  Ruby starts only when a compile
# needs it (mcomp --stats says "ruby=no" or "ruby=started"); the Ruby layer is inside the
# binary, so mcomp renders templates from any working directory; a Ruby exception, an exit
# (exit!, abort), a throw, fork or exec in a template is a compile error (exit 1), never a
# crash; what Ruby prints goes to stderr; mapply, mres and mbucket do not link libruby.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $bindir = $mcomp =~ s{/[^/]+$}{}r;
my $tmp = tempdir('mcomp-ruby-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

require './t/testlib.pl';   # slurp, spew, run

sub mcomp {
    my (@args) = @_;
    my $st = run([$mcomp, @args], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

spew("$tmp/plain.pp", "notify { 'a': message => 'no template' }\n");
spew("$tmp/inline.pp", "\$x = 'v'\nnotify { 'a': message => inline_template('<%= \@x.upcase %>') }\n");
mkdir "$tmp/modules"; mkdir "$tmp/modules/m"; mkdir "$tmp/modules/m/templates";
spew("$tmp/modules/m/templates/t.erb", "<% [1, 2].each do |i| -%>\nline <%= i %>\n<% end -%>\n");
spew("$tmp/tpl.pp", "file { '/tmp/x': content => template('m/t.erb') }\n");

my ($st, $out, $err) = mcomp('--stats', "$tmp/plain.pp");
is($st, 0, 'a manifest without templates compiles') or diag($err);
like($err, qr/^mcomp: stats: .* ruby=no$/m, '... and does not start Ruby');

($st, $out, $err) = mcomp('--stats', "$tmp/inline.pp");
is($st, 0, 'inline_template compiles') or diag($err);
like($out, qr/"message":"V"/, '... renders the template');
like($err, qr/ ruby=started ruby_startup_ms=[0-9.]+$/m, '... and --stats reports Ruby started');

# a template that only prints variables holding strings, numbers, booleans
# or hash entries is printed by mcomp itself (t/corpus erb_plain: as Puppet)
spew("$tmp/plain_tpl.pp", "\$x = 'v'\n\$h = { 'k' => 7 }\nnotify { 'a': message => inline_template('<%= \@x %>/<%= \@h[\"k\"] %>/<%= \@none %>') }\n");
($st, $out, $err) = mcomp('--stats', "$tmp/plain_tpl.pp");
is($st, 0, 'a template printing variables compiles') or diag($err);
like($out, qr{"message":"v/7/"}, '... renders them');
like($err, qr/^mcomp: stats: .* ruby=no$/m, '... without starting Ruby');
spew("$tmp/plain_float.pp", "\$x = 1.5\nnotify { 'a': message => inline_template('<%= \@x %>') }\n");
($st, $out, $err) = mcomp('--stats', "$tmp/plain_float.pp");
like($out, qr{"message":"1.5"}, 'a value C does not print as Ruby would (a Float) goes to Ruby');
like($err, qr/ ruby=started/m, '... which starts');

# parts of the Ruby layer that load on first use are there when Ruby code names them
spew("$tmp/lazy.pp", "notify { 'a': message => inline_template('<%= defined?(Facter) %> <%= Facter.class %> <%= Puppet::Type.respond_to?(:newtype) %> <%= defined?(Puppet::Parameter) %> <%= MComp::Types.class %> <%= Puppet::Util::Package.versioncmp(\"1.10\", \"1.9\") %>') }\n");
($st, $out, $err) = mcomp("$tmp/lazy.pp");
is($st, 0, 'Facter and Puppet::Type from a template') or diag($err);
like($out, qr{"message":"constant Module true constant Module 1"}, '... are the layer\'s, loaded when named');

{
    # from another directory: the Ruby layer is embedded in the binary
    my $st2 = run(['sh', '-c', "cd / && exec '$mcomp' --modulepath '$tmp/modules' '$tmp/tpl.pp'"], "$tmp/out", "$tmp/err", undef, 120);
    is($st2, 0, 'template() works from another working directory') or diag(slurp("$tmp/err"));
    like(slurp("$tmp/out"), qr/"content":"line 1\\nline 2\\n"/, '... with trimming');
}

for my $case (['exit', '<% exit 3 %>', qr/Failed to parse inline template: exit/],
              ['throw', '<% throw :x %>', qr/Failed to parse inline template: uncaught throw :x/],
              ['deep recursion', '<% def f(n); f(n + 1); end; f(0) %>', qr/Failed to parse inline template: stack level too deep/],
              ['exit!', '<% exit! %>', qr/Failed to parse inline template: exit$/m],
              ['Process.exit!', '<% Process.exit!(0) %>', qr/Failed to parse inline template: exit$/m],
              ['abort', '<% abort("boom") %>', qr/\A[^\n]*Failed to parse inline template: boom\n/],
              ['fork', '<%= fork.inspect %>', qr/fork\(\) is not available to Ruby code run by mcomp/],
              ['IO.popen("-")', '<%= IO.popen("-").inspect %>', qr/fork\(\) is not available to Ruby code run by mcomp/],
              ['exec', '<% exec("echo", "hi") %>', qr/exec\(\) is not available to Ruby code run by mcomp/],
              ['break in a block handed to a Puppet function', '<%= scope.call_function("map", [[1, 2]]) { |x| break 5 } %>',
               qr/Failed to parse inline template: a Ruby throw or break left the code it was in/],
              ['a throw out of such a block', '<%= catch(:t) { scope.call_function("map", [[1, 2]]) { |x| throw :t, 7 } } %>',
               qr/Failed to parse inline template: a Ruby throw or break left the code it was in/],
              ['return in such a block', '<%= scope.call_function("map", [[1, 2]]) { |x| return 4 } %>',
               qr/Failed to parse inline template: a Ruby throw or break left the code it was in/],
              ['a Ruby Thread calling a Puppet function', '<%= Thread.new { scope.call_function("abs", [-1]) }.value %>',
               qr/Failed to parse inline template: Puppet code can only be called from the thread the template or function runs in/],
              ['an array holding itself handed to Puppet', '<% a = []; a << a %><%= scope.call_function("join", [a]) %>',
               qr/Failed to parse inline template: Use of a Ruby Array nested more than 10000 levels deep \(or holding itself\) is not supported here/],
              ['a compile error rescued in Ruby', '<%= begin; scope.call_function("fail", ["x"]); rescue Puppet::ParseError => e; "rescued #{e.message}"; end %>', undef]) {
    my ($what, $tpl, $re) = @$case;
    spew("$tmp/c.pp", "notify { 'a': message => inline_template('$tpl') }\n");
    ($st, $out, $err) = mcomp("$tmp/c.pp");
    if ($re) {
        is($st, 1, "$what in a template: a compile error (exit 1)");
        like($err, $re, '... worded as Puppet words it');
        is($out, '', '... and no catalog');
    } else {
        is($st, 0, "$what: the compile goes on") or diag($err);
        like($out, qr/"message":"rescued x"/, '... with the error as a Ruby exception');
    }
}

# A Sensitive value's text, unwrapped in Ruby, is taken out of error messages and log lines.
spew("$tmp/sens.pp", "\$s = Sensitive({'pw' => 'hunter2', 'n' => 123456})\n"
    . "notify { 'a': message => inline_template('<% warning(\@s.unwrap.inspect) %><%= \@s.unwrap[\"pw\"].nosuch %>') }\n");
($st, $out, $err) = mcomp("$tmp/sens.pp");
is($st, 1, 'an error on an unwrapped Sensitive value') or diag($err);
like($err, qr/^Warning: Scope\(Class\[main\]\): \{"pw"=>"\[value redacted\]", "n"=>\[value redacted\]\}$/m,
     '... a log line of it is redacted');
like($err, qr/undefined method `nosuch' for "\[value redacted\]":String/, '... and so is the error');
unlike($err, qr/hunter2|123456/, '... nothing of it is printed');

# What Ruby prints goes to stderr: stdout carries the catalog alone.  Commands run.
spew("$tmp/puts.pp", "notify { 'a': message => inline_template('<% puts \"p1\"; STDOUT.puts \"p2\"; \$stdout.write(\"p3\" * 30000); STDOUT.flush; p 4; system(\"echo p5\"); IO.for_fd(1, autoclose: false).syswrite(\"p6\\n\") %><%= `echo cmd` %>') }\n");
($st, $out, $err) = mcomp("$tmp/puts.pp");
is($st, 0, 'a template that prints compiles') or diag($err);
like($out, qr/\A\{"tags":.*"message":"cmd\\n"/s, '... the catalog alone on stdout, with the command\'s output');
like($err, qr/^p1\np2\n(?:p3){30000}4\np5\np6$/m, '... what it printed, and the commands it ran, on stderr');

# Ruby's conservative GC runs while C frames of the compile hold Ruby objects (and,
# under `make check`, in the sanitizer build): values survive collections.
spew("$tmp/gc.pp", "\$h = {'k' => [1, 'two', {'n' => 3}]}\n"
    . "notify { 'a': message => inline_template('<% 40.times do |i| %><%= scope.call_function(\"map\", [[i, \@h[\"k\"][1], scope[\"h\"][\"k\"][2][\"n\"]]]) { |x| GC.start; x.to_s }.join(\"-\") %>;<% GC.start %><% end %>') }\n");
($st, $out, $err) = mcomp("$tmp/gc.pp");
is($st, 0, 'templates survive garbage collections') or diag($err);
like($out, qr/"message":"0-two-3;1-two-3;.*;39-two-3;"/, '... with every value intact');

# A linked library's name is in the binary (its DT_NEEDED entry); libruby's is not in
# the tools that do not embed Ruby (mapply compiles manifests too, so it does).
like(slurp($mcomp), qr/libruby/, 'mcomp links libruby');
like(slurp("$bindir/mapply"), qr/libruby/, 'mapply links libruby (it compiles manifests)');
for my $tool (qw(mres mbucket)) {
    unlike(slurp("$bindir/$tool"), qr/libruby/, "$tool does not link libruby");
}

done_testing();
