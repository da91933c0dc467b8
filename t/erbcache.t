#!/usr/bin/perl
# erbcache.t: the on-disk cache of compiled Ruby (ERB templates and mcomp's own Ruby
# layer).  A first compile writes one file per Ruby text into $MCOMP_CACHE_DIR
# (else $XDG_CACHE_HOME/mcomp), and the pack of all of them; a second reads the pack
# and gives the same catalog; a damaged pack or entry, one made for other code, or an
# unwritable cache directory never changes the result; --no-cache and MCOMP_NO_CACHE=1 neither read nor write it, nor
# does mcomp use a directory that others may write.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $tmp = tempdir('mcomp-erbcache-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
require './t/testlib.pl';   # slurp, spew, run

mkdir "$tmp/modules"; mkdir "$tmp/modules/m"; mkdir "$tmp/modules/m/templates";
spew("$tmp/modules/m/templates/t.erb", "<% \@l.each do |i| -%>\nline <%= i %> at <%= __LINE__ %>\n<% end -%>\n");
spew("$tmp/site.pp", "\$l = [1, 2]\nnotify { 'a': message => template('m/t.erb') }\n"
    . "notify { 'b': message => inline_template('<%= \@l.size %>') }\n");
my $want = qr/"message":"line 1 at 2\\nline 2 at 2\\n".*"message":"2"/;

# mcomp with %env added to the environment: (status, catalog, stderr)
sub mcomp {
    my ($env, @args) = @_;
    local %ENV = (%ENV, %$env);
    delete $ENV{MCOMP_NO_CACHE} unless exists $env->{MCOMP_NO_CACHE};
    my $st = run([$mcomp, '--modulepath', "$tmp/modules", @args, "$tmp/site.pp"], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}
sub entries { my ($d) = @_; opendir(my $h, $d) or return (); return sort grep { !/^\./ && $_ ne 'pack' } readdir $h }
sub stamp { my ($f) = @_; my @s = stat $f or return ''; return "$s[1]:$s[9]:$s[7]" }

my $cache = "$tmp/cache/sub";
my ($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'a compile with the cache on') or diag($err);
like($out, $want, '... renders the templates');
my @files = entries($cache);
ok(@files >= 3, '... and writes compiled Ruby into the cache directory (made as needed)') or diag("@files");
ok(!(grep { !/^[0-9a-f]{64}$/ } @files), '... one file per text, named by its SHA-256 key');
is((stat $cache)[2] & 0777, 0700, '... in a directory only its owner reads');
ok(-s "$cache/pack", '... and the pack of them all');
my $pack = stamp("$cache/pack");

($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'the second compile reads the cache') or diag($err);
like($out, $want, '... and gives the same catalog');
is_deeply([entries($cache)], \@files, '... without new entries');
is(stamp("$cache/pack"), $pack, '... and leaves the pack as it was');

# one new small text beside the known ones: its own entry, the pack as it was
my $site = slurp("$tmp/site.pp");
spew("$tmp/site.pp", $site . "notify { 'c': message => inline_template('<%= \@l.size + 40 %>') }\n");
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'a compile with one new template') or diag($err);
like($out, qr/"message":"42"/, '... renders it');
is(scalar(my @more = entries($cache)), @files + 1, '... writes its entry');
is(stamp("$cache/pack"), $pack, '... and does not rewrite the pack for it');
spew("$tmp/site.pp", $site);
unlink "$cache/$_" for grep { my $f = $_; !grep { $_ eq $f } @files } entries($cache);

# a damaged pack: garbage, or its bytecode overwritten (header and index kept)
my $good = slurp("$cache/pack");
spew("$cache/pack", "garbage");
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'a damaged pack is not trusted') or diag($err);
like($out, $want, '... the catalog is the same');
is(slurp("$cache/pack"), $good, '... and it is written again');
my $n = unpack('Q', substr($good, 16, 8));
my $head = 24 + 48 * $n;
spew("$cache/pack", substr($good, 0, $head) . ("x" x (length($good) - $head)));
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'a pack whose bytecode Ruby refuses is not used') or diag($err);
like($out, $want, '... the catalog is the same');
is(slurp("$cache/pack"), $good, '... and it is written again');
unlink "$cache/pack";     # from here on, the entries' own files are read

# every entry damaged: a good header with garbage bytecode, or another text's key
for my $f (@files) {
    my $data = slurp("$cache/$f");
    spew("$cache/$f", substr($data, 0, 13 + 32) . "garbage bytecode");
}
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'damaged entries are not trusted') or diag($err);
like($out, $want, '... the catalog is the same');
ok(length(slurp("$cache/$files[0]")) > 100, '... and they are rewritten');
my $other = slurp("$cache/$files[1]");
spew("$cache/$files[0]", $other);
unlink "$cache/pack";
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => $cache});
is($st, 0, 'an entry holding another text\'s code is not used') or diag($err);
like($out, $want, '... the catalog is the same');
isnt(slurp("$cache/$files[0]"), $other, '... and the entry is rewritten');

# XDG_CACHE_HOME
($st, $out, $err) = mcomp({XDG_CACHE_HOME => "$tmp/xdg", MCOMP_CACHE_DIR => ''});
is($st, 0, 'without MCOMP_CACHE_DIR') or diag($err);
my @xdg = entries("$tmp/xdg/mcomp");
ok(@xdg >= 3, '... the cache is $XDG_CACHE_HOME/mcomp');

# off
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => "$tmp/off1"}, '--no-cache');
like($out, $want, '--no-cache compiles');
ok(!-e "$tmp/off1", '... without touching the cache');
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => "$tmp/off2", MCOMP_NO_CACHE => 1});
like($out, $want, 'MCOMP_NO_CACHE=1 compiles');
ok(!-e "$tmp/off2", '... without touching the cache');

# unwritable: a file where the directory should be
spew("$tmp/notadir", "x\n");
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => "$tmp/notadir/cache"});
is($st, 0, 'an unusable cache directory is no error') or diag($err);
like($out, $want, '... the catalog is the same');
is($err, '', '... and nothing is said');

# a directory others may write is not used (they could plant code)
mkdir "$tmp/shared"; chmod 0777, "$tmp/shared";
($st, $out, $err) = mcomp({MCOMP_CACHE_DIR => "$tmp/shared"});
like($out, $want, 'a cache directory others may write: the compile goes on');
is(scalar(my @e = entries("$tmp/shared")), 0, '... without using it');

done_testing();
