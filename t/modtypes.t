#!/usr/bin/perl
# t/modtypes.t - the resource types Forge modules define in Ruby, applied natively by
# mapply: stdlib's file_line and anchor, concat's concat_file and concat_fragment (and the
# concat define's catalog), inifile's ini_setting and ini_subsetting.
#
# Part 1, data: each t/corpus/modtypes/NAME.pp (@D@ standing for a directory) is compiled
# with build/mcomp against the Debian-packaged modules in /usr/share/puppet/modules (installed
# by `make deps`: puppet-module-puppetlabs-stdlib, -concat, -inifile) and applied twice with
# build/mapply --root ROOT [NAME.args], with @D@ = /srv/mt inside ROOT, filled from
# NAME.before (@SITE@ in the output stands for the manifest's path).  The output of each run must equal NAME.log / NAME.log2 and the exit status
# NAME.exit / NAME.exit2: those come from Puppet 7.23 (t/corpus/modtypes/regen.sh). Then
# NAME.files must hold under ROOT/srv/mt.
#
# Part 2, what the data cannot show: nothing is written outside --root, the replaced content
# is in the file bucket, a catalog with a Ruby type mapply does not know is refused before
# anything changes, and mcomp without the module path does not know these types.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;
require './t/testlib.pl';

my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mbucket = $mapply =~ s/mapply$/mbucket/r;
my $mods = '/usr/share/puppet/modules';
my $corpus = 't/corpus/modtypes';
my $D = '/srv/mt';

plan skip_all => "the Forge modules are not installed in $mods (make deps)"
    unless -d "$mods/stdlib" && -d "$mods/concat" && -d "$mods/inifile";

my $tmp = tempdir(CLEANUP => 1);
# puppet apply sets $clientversion, which concat::fragment reads
spew("$tmp/facts.json", '{"clientversion": "7.23.0", "kernel": "Linux"}');

sub unescape { my ($s) = @_; my %e = (n => "\n", t => "\t", r => "\r", "\\" => "\\"); $s =~ s/\\([ntr\\])/$e{$1}/g; $s }

# NAME.before / NAME.files: path TAB mode TAB content ('-': absent; '<dir>')
sub fill {
    my ($spec, $dir) = @_;
    return unless -e $spec;
    for my $line (split /\n/, slurp($spec)) {
        next if $line =~ /^\s*(#|$)/;
        my ($rel, $mode, $what) = split /\t/, $line, 3;
        if ($what eq '<dir>') { mkdir "$dir/$rel" or die "$dir/$rel: $!" }
        else { spew("$dir/$rel", unescape($what)) }
        chmod oct($mode), "$dir/$rel" if $mode ne '-';
    }
}

sub check_files {
    my ($spec, $dir) = @_;
    my @why;
    for my $line (split /\n/, slurp($spec)) {
        next if $line =~ /^\s*(#|$)/;
        my ($rel, $mode, $what) = split /\t/, $line, 3;
        my $p = "$dir/$rel";
        if ($what eq '-') { push @why, "$rel exists" if -e $p; next }
        if (!-e $p) { push @why, "$rel is missing"; next }
        my $got = slurp($p);
        push @why, "$rel holds " . ($got =~ s/\n/\\n/gr) if $got ne unescape($what);
        my $m = sprintf '%04o', (stat $p)[2] & 07777;
        push @why, "$rel has mode $m, expected $mode" if $mode ne '-' && $m ne $mode;
    }
    return @why;
}

sub normalize {
    my ($out, $site) = @_;
    $out =~ s/\Q$site\E/\@SITE\@/g;
    $out =~ s/^Notice: Applied catalog in \S+ seconds\n//mg;
    $out =~ s/^Info: Applying configuration version '[^']*'\n//mg;
    $out =~ s/\Q$D\E/\@D\@/g;
    return $out;
}

sub words { my ($f) = @_; return -e $f ? split(' ', slurp($f)) : () }

# ---- part 1: the cases ----
opendir my $dh, $corpus or die "$corpus: $!";
my @cases = sort map { /^(.*)\.pp$/ ? $1 : () } readdir $dh;
closedir $dh;
for my $name (@cases) {
    my $t = "$tmp/$name";
    my $root = "$t/root";
    mkdir $t; mkdir $root; mkdir "$root/srv"; mkdir "$root$D";
    fill("$corpus/$name.before", "$root$D");
    spew("$t/site.pp", slurp("$corpus/$name.pp") =~ s/\@D\@/$D/gr);
    my $rc = run([$mcomp, '--facts', "$tmp/facts.json", '--modulepath', $mods, "$t/site.pp"], "$t/catalog.json", "$t/mcomp.err");
    if ($rc != 0) { fail("$name: compiles"); diag slurp("$t/mcomp.err"); next }
    my @why;
    for my $run (1, 2) {
        my $sfx = $run == 2 ? '2' : '';
        my $st = run([$mapply, '--root', $root, '--vardir', "$t/var", '--detailed-exitcodes', words("$corpus/$name.args"),
                      "$t/catalog.json"], "$t/out$run", undef, undef, 60);
        my $got = normalize(slurp("$t/out$run"), "$t/site.pp");
        my $want = slurp("$corpus/$name.log$sfx");
        push @why, "run $run: output differs:\n--- expected\n$want--- got\n$got" if $got ne $want;
        my $exit = (words("$corpus/$name.exit$sfx"))[0];
        push @why, "run $run: exit $st, expected $exit" if $st != $exit;
    }
    push @why, check_files("$corpus/$name.files", "$root$D") if -e "$corpus/$name.files";
    ok(!@why, "$name: Puppet's lines and exit codes, twice; files as Puppet left them") or diag join "\n", @why;
}

# ---- part 2 ----
my $t = "$tmp/extra";
my $root = "$t/root";
mkdir $t; mkdir $root; mkdir "$root/etc";
spew("$root/etc/app.conf", "a=1\n");
spew("$root/etc/app.ini", "[s]\nk = old\n");
spew("$root/etc/app.list", "hand-made\n");
spew("$t/site.pp", <<'EOF');
file_line { 'a': path => '/etc/app.conf', line => 'a=2', match => '^a=' }
ini_setting { 'k': path => '/etc/app.ini', section => 's', setting => 'k', value => 'new' }
concat { '/etc/app.list': }
concat::fragment { 'one': target => '/etc/app.list', content => "one\n" }
EOF
my $rc = run([$mcomp, '--facts', "$tmp/facts.json", '--modulepath', $mods, "$t/site.pp"], "$t/catalog.json", "$t/err");
is($rc, 0, 'a site using all three modules compiles') or diag slurp("$t/err");
$rc = run([$mapply, '--root', $root, '--vardir', "$t/var", '--detailed-exitcodes', "$t/catalog.json"], "$t/out");
is($rc, 2, 'it applies with changes') or diag slurp("$t/out");
ok(!-e "/etc/app.list" && !-e "/etc/app.ini", 'nothing is written outside --root');
is(slurp("$root/etc/app.list"), "one\n", 'the concat file is written inside --root');
run([$mbucket, '--vardir', "$t/var", 'list'], "$t/list");
my $list = slurp("$t/list");
like($list, qr{/etc/app\.conf}, 'the line file\'s old content is in the bucket') or diag $list;
like($list, qr{/etc/app\.ini}, 'the ini file\'s old content is in the bucket');
like($list, qr{/etc/app\.list}, 'the concat file\'s old content is in the bucket');
my ($sum) = $list =~ /([0-9a-f]{64}).*\/etc\/app\.conf/;
run([$mbucket, '--vardir', "$t/var", 'get', $sum // 'none'], "$t/got");
is(slurp("$t/got"), "a=1\n", 'and mbucket gives back the line file as it was');
my @leftover = glob("$root/etc/.*mapply*");
is(scalar @leftover, 0, 'no temporary file is left behind') or diag "@leftover";

# an unknown Ruby type: refused before anything changes, naming the type
spew("$root/etc/app.conf", "a=1\n");
my $cat = slurp("$t/catalog.json");
$cat =~ s/Ini_setting/Ini_thing/g or die 'no Ini_setting in the catalog';
spew("$t/bad.json", $cat);
$rc = run([$mapply, '--root', $root, '--vardir', "$t/var", '--detailed-exitcodes', "$t/bad.json"], "$t/out");
is($rc, 1, 'a catalog with an unknown type is refused');
like(slurp("$t/out"), qr/Unknown resource type 'Ini_thing'/, 'the message names the type');
is(slurp("$root/etc/app.conf"), "a=1\n", 'and nothing changed');

# mres changes a module type through the same provider, and does not try to show it
my $mres = $mapply =~ s/mapply$/mres/r;
spew("$root/etc/m.conf", "a=1\n");
$rc = run([$mres, '--root', $root, '--vardir', "$t/var", 'file_line', 'x', 'path=/etc/m.conf', 'line=a=2',
           'match=^a='], "$t/out");
is($rc, 0, 'mres file_line x path=... line=... match=... succeeds') or diag slurp("$t/out");
is(slurp("$t/out"), "Notice: /File_line[x]/ensure: created\n", 'with the line mapply would print');
is(slurp("$root/etc/m.conf"), "a=2\n", 'and the file changed under --root');

# at compile time the types come from the modules, not from mcomp
spew("$t/nomod.pp", "file_line { 'x': path => '/x', line => 'y' }\n");
$rc = run([$mcomp, "$t/nomod.pp"], "$t/out", "$t/err");
isnt($rc, 0, 'without the module path, mcomp does not know file_line');
like(slurp("$t/err"), qr/Unknown resource type|Resource type not found/i, 'and says so') or diag slurp("$t/err");

done_testing();
