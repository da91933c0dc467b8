#!/usr/bin/perl
# t/package.t - the package type (dpkg and apt providers) and pkgrepo end
# to end, under mapply --root in a bare root made here.  The .deb packages
# are built here with dpkg-deb (hello-mini 1.0-1, 2.0~rc1-1 and 2.0-1, and
# other-mini 1.0-1: a data file and a conffile each, no maintainer
# scripts), the apt repository is a flat file: directory indexed with
# dpkg-scanpackages.  apt-get is found through PATH, so a wrapper earlier
# in PATH logs every call: that is how the test counts apt calls (two
# packages, one apt-get install).  Covered: dpkg install from a source,
# idempotence, latest from a newer source, remove, purge; a pkgrepo
# creating the source line (and the index refresh it causes), apt batch
# install, latest, a version range (which needs Debian's '~' ordering), an
# exact downgrade, a failing batch falling back to one call per package,
# remove and purge through apt, pkgrepo property changes and removal;
# bad values refused before anything changes; ensure => false, [] and
# arrays of values; --noop; mres.  The host's
# dpkg database and log are checked untouched at the end.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use File::Basename qw(dirname);
use File::Spec;
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mres   = $ENV{MRES}   || dirname($mapply) . '/mres';
$mapply = File::Spec->rel2abs($mapply);
$mcomp = File::Spec->rel2abs($mcomp);
$mres = File::Spec->rel2abs($mres);

for my $tool (qw(dpkg dpkg-deb)) {
    plan skip_all => "$tool is not installed" unless grep { -x "$_/$tool" } split /:/, $ENV{PATH};
}

my $tmp = tempdir(CLEANUP => 1);
chmod 0755, $tmp;    # apt's file: method reads the repository as _apt
$ENV{TMPDIR} = $tmp; # the apt configuration mapply writes goes here (and must go away)

sub write_file { my ($p, $c, $mode) = @_; make_path(dirname($p)); open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; chmod $mode, $p if $mode; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
# Every command's output is also searched for sanitizer reports (at the end).
my @sanitizer;
sub run {
    my ($cmd) = @_;
    my $out = `$cmd 2>&1`;
    push @sanitizer, "$cmd\n$out" if $out =~ /AddressSanitizer|LeakSanitizer|runtime error:/;
    return ($? >> 8, $out);
}

# The host's dpkg state, to check at the end that nothing touched it.
sub host_mentions {
    my $n = 0;
    for my $f ('/var/lib/dpkg/status', '/var/log/dpkg.log') {
        my $c = slurp($f) // '';
        $n += () = $c =~ /(?:hello|other)-mini/g;
    }
    return $n;
}
my $host_before = host_mentions();
my $host_status_before = slurp('/var/lib/dpkg/status') // '';

# ---- the packages ----
sub build_deb {
    my ($name, $version) = @_;
    my $src = "$tmp/src/$name-$version";
    write_file("$src/DEBIAN/control", "Package: $name\nVersion: $version\nArchitecture: all\n"
               . "Maintainer: Test <test\@example.com>\nDescription: $name for t/package.t\n");
    write_file("$src/DEBIAN/conffiles", "/etc/$name/$name.conf\n");
    write_file("$src/usr/share/$name/data.txt", "data $version\n");
    write_file("$src/etc/$name/$name.conf", "setting=1\n");
    my $file = "${name}_${version}_all.deb";
    my ($rc, $out) = run("dpkg-deb --root-owner-group -b $src $tmp/debs/$file");
    die "dpkg-deb: $out" if $rc;
    return "$tmp/debs/$file";
}
make_path("$tmp/debs");
my %deb = (
    h1   => build_deb('hello-mini', '1.0-1'),
    hrc  => build_deb('hello-mini', '2.0~rc1-1'),
    h2   => build_deb('hello-mini', '2.0-1'),
    o1   => build_deb('other-mini', '1.0-1'),
);

# A bare root: just what dpkg needs.
sub bare_root {
    my ($root) = @_;
    make_path("$root/var/lib/dpkg/info", "$root/var/lib/dpkg/updates", "$root/srv/debs");
    write_file("$root/var/lib/dpkg/status", '');
    write_file("$root/var/lib/dpkg/available", '');
}

my $n = 0;
# Compiles a manifest and applies it under root; returns (exit, output).
sub apply {
    my ($root, $pp, $opts) = @_;
    $n++;
    write_file("$tmp/m$n.pp", $pp);
    system("$mcomp $tmp/m$n.pp > $tmp/m$n.json 2> $tmp/m$n.err");
    my $err = slurp("$tmp/m$n.err") // '';
    push @sanitizer, "mcomp $tmp/m$n.pp\n$err" if $err =~ /AddressSanitizer|LeakSanitizer|runtime error:/;
    return (100 + ($? >> 8), $err) if $?;
    return run("$mapply --detailed-exitcodes --root $root --vardir $tmp/var " . ($opts // '') . " $tmp/m$n.json");
}

sub status_of {
    my ($root, $name) = @_;
    my $st = slurp("$root/var/lib/dpkg/status") // '';
    for my $stanza (split /\n\n/, $st) {
        next unless $stanza =~ /^Package: \Q$name\E$/m;
        my ($s) = $stanza =~ /^Status: (.*)$/m;
        my ($v) = $stanza =~ /^Version: (.*)$/m;
        return "$s $v";
    }
    return 'unknown';
}

# ---- dpkg, from a source ----
my $root = "$tmp/root";
bare_root($root);
system("cp $deb{h1} $deb{h2} $root/srv/debs/") == 0 or die;
(my $h1 = $deb{h1}) =~ s{.*/}{/srv/debs/};
(my $h2 = $deb{h2}) =~ s{.*/}{/srv/debs/};

my ($rc, $out) = apply($root, "package { 'hello-mini': ensure => present, provider => dpkg, source => '$h1' }", '--debug');
is($rc, 2, 'dpkg: the install changes something (exit 2)') or diag $out;
like($out, qr{^Notice: /Stage\[main\]/Main/Package\[hello-mini\]/ensure: created$}m, 'dpkg: Puppet\'s "created"');
like($out, qr{^Debug: Executing: 'dpkg --root=\Q$root\E --log=\Q$root\E/var/log/dpkg\.log --force-confold -i \Q$root$h1\E'$}m,
     'dpkg: the command is logged at debug, aimed at the root');
is(slurp("$root/usr/share/hello-mini/data.txt"), "data 1.0-1\n", 'dpkg: the data file is in the root');
is(slurp("$root/etc/hello-mini/hello-mini.conf"), "setting=1\n", 'dpkg: the conffile is in the root');
is(status_of($root, 'hello-mini'), 'install ok installed 1.0-1', 'dpkg: the root\'s status file has it installed');

($rc, $out) = apply($root, "package { 'hello-mini': ensure => installed, provider => dpkg, source => '$h1' }", '--debug');
is($rc, 0, 'dpkg: the second run changes nothing (exit 0)') or diag $out;
unlike($out, qr/Notice: \/|Executing: 'dpkg /, 'dpkg: no change line and no dpkg call (the status file is read directly)');

($rc, $out) = apply($root, "package { 'hello-mini': ensure => latest, provider => dpkg, source => '$h2' }", '--noop');
is($rc, 0, 'dpkg: latest in --noop exits 0') or diag $out;
like($out, qr{Package\[hello-mini\]/ensure: current_value '1\.0-1', should be '2\.0-1' \(noop\)}, 'dpkg: --noop says what latest would do');
is(status_of($root, 'hello-mini'), 'install ok installed 1.0-1', 'dpkg: --noop changed nothing');

($rc, $out) = apply($root, "package { 'hello-mini': ensure => latest, provider => dpkg, source => '$h2' }");
is($rc, 2, 'dpkg: latest from a newer source upgrades (exit 2)') or diag $out;
like($out, qr{Package\[hello-mini\]/ensure: ensure changed '1\.0-1' to '2\.0-1'}, 'dpkg: Puppet\'s wording for the upgrade');
is(slurp("$root/usr/share/hello-mini/data.txt"), "data 2.0-1\n", 'dpkg: the new data file is in place');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => latest, provider => dpkg, source => '$h2' }");
is($rc, 0, 'dpkg: latest is then in sync') or diag $out;

# mres: the package's state, its files, and verify
SKIP: {
    skip 'no mres', 6 unless -x $mres;
    ($rc, $out) = run("$mres --root $root package hello-mini");
    like($out, qr/ensure\s+=> '2\.0-1'/, 'mres shows the installed version');
    ($rc, $out) = run("$mres --root $root --files hello-mini");
    like($out, qr{^/usr/share/hello-mini/data\.txt$}m, 'mres --files lists the package\'s files');
    ($rc, $out) = run("$mres --root $root --verify hello-mini");
    is($out, '', 'mres --verify: nothing changed yet');
    write_file("$root/etc/hello-mini/hello-mini.conf", "setting=2\n");
    unlink "$root/usr/share/hello-mini/data.txt";
    ($rc, $out) = run("$mres --root $root --verify hello-mini");
    like($out, qr{^/usr/share/hello-mini/data\.txt: missing$}m, 'mres --verify: a missing file');
    like($out, qr{^/etc/hello-mini/hello-mini\.conf: md5sum mismatch \(config\)$}m, 'mres --verify: a changed conffile');
    ($rc, $out) = run("$mres --root $root --verify nosuch-mini");
    like($out, qr/package nosuch-mini is not installed/, 'mres --verify: an unknown package');
}

($rc, $out) = apply($root, "package { 'hello-mini': ensure => absent, provider => dpkg }");
is($rc, 2, 'dpkg: remove (exit 2)') or diag $out;
like($out, qr{Package\[hello-mini\]/ensure: removed}, 'dpkg: Puppet\'s "removed"');
is(status_of($root, 'hello-mini'), 'deinstall ok config-files 2.0-1', 'dpkg: removed, its conffiles kept');
ok(-e "$root/etc/hello-mini/hello-mini.conf", 'dpkg: the conffile stays after a remove');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => absent, provider => dpkg }");
is($rc, 0, 'dpkg: absent is then in sync') or diag $out;

($rc, $out) = apply($root, "package { 'hello-mini': ensure => purged, provider => dpkg }");
is($rc, 2, 'dpkg: purge of a removed package (exit 2)') or diag $out;
like($out, qr{Package\[hello-mini\]/ensure: purged}, 'dpkg: Puppet\'s "purged"');
ok(!-e "$root/etc/hello-mini/hello-mini.conf", 'dpkg: the conffile is gone');
unlike(status_of($root, 'hello-mini'), qr/installed|config-files/, 'dpkg: the package is gone from the status file');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => purged, provider => dpkg }");
is($rc, 0, 'dpkg: purged is then in sync') or diag $out;

# ---- bad values: refused before anything changes ----
($rc, $out) = apply($root, "package { 'hello-mini': ensure => bogus }");
is($rc, 101, 'mcomp refuses an unknown ensure');
like($out, qr/Parameter ensure failed on Package\[hello-mini\]: Invalid value "bogus"/, 'with Puppet\'s wording');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => present, provider => dpkg }");
is($rc, 101, 'mcomp refuses dpkg without a source');
like($out, qr/Validation of Package\[hello-mini\] failed: You cannot install dpkg packages without a source/, 'with Puppet\'s message');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => '1.0-1', provider => dpkg, source => '$h1' }");
like($out, qr/Provider dpkg must have features 'versionable' to set 'ensure' to '1\.0-1'/, 'dpkg cannot pin a version');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => false, provider => dpkg, source => '$h1' }");
like($out, qr/Provider dpkg must have features 'versionable' to set 'ensure' to 'false'/, 'dpkg: false is a version to Puppet');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => ['1.0-1'], provider => dpkg, source => '$h1' }");
like($out, qr/Provider dpkg must have features 'versionable' to set 'ensure' to '1\.0-1'/, 'dpkg: each value of an array is checked');
($rc, $out) = apply($root, "package { 'hello-mini': ensure => [], provider => dpkg }");
is($rc, 0, 'dpkg: ensure => [] manages nothing (exit 0), no source needed') or diag $out;
($rc, $out) = apply($root, "package { 'hello-mini': source => 'debs/x.deb', provider => dpkg }");
like($out, qr/Parameter source failed on Package\[hello-mini\]: Source must be an absolute path/, 'a relative source is refused');

# mapply on a catalog mcomp did not check: the same rules, nothing applied
write_file("$tmp/bad.pp", "file { '/marker': ensure => file, content => 'x' }\n"
           . "package { 'hello-mini': ensure => '9.9-9', provider => apt }\n"
           . "package { 'other-mini': ensure => present, provider => dpkg, source => '$h1' }\n");
system("$mcomp $tmp/bad.pp > $tmp/bad.json") == 0 or die;
my $json = slurp("$tmp/bad.json");
$json =~ s/"9\.9-9"/"bogus"/ or die;
$json =~ s/,\s*"source":\s*"[^"]*"// or die;
write_file("$tmp/bad.json", $json);
($rc, $out) = run("$mapply --detailed-exitcodes --root $root --vardir $tmp/var $tmp/bad.json");
is($rc, 1, 'mapply refuses a catalog with bad package values (exit 1)') or diag $out;
like($out, qr/Parameter ensure failed on Package\[hello-mini\]: Invalid value "bogus"/, 'mapply: the unknown ensure');
like($out, qr/Validation of Package\[other-mini\] failed: You cannot install dpkg packages without a source/,
     'mapply: dpkg without a source');
ok(!-e "$root/marker", 'mapply: nothing in that catalog was applied');

# ---- apt, from a pkgrepo ----

# The apt-get calls the wrapper logged since the last look.
sub apt_calls { my @l = split /\n/, (slurp("$tmp/apt-calls.log") // ''); unlink "$tmp/apt-calls.log"; return @l }

# Makes the flat repository hold exactly these .debs.
my $repo = "$tmp/repo";
sub publish {
    my @debs = @_;
    make_path($repo);
    unlink glob("$repo/*.deb");
    system("cp @debs $repo/") == 0 or die;
    system("cd $repo && dpkg-scanpackages -m . /dev/null > Packages 2>/dev/null") == 0 or die;
}

SKIP: {
    my ($aptget) = grep { -x "$_/apt-get" } split /:/, $ENV{PATH};
    skip 'apt-get is not installed', 51 unless $aptget && -x '/usr/bin/dpkg-scanpackages';

    # apt-get through a wrapper that logs each call
    write_file("$tmp/bin/apt-get", "#!/bin/sh\necho \"\$*\" >> $tmp/apt-calls.log\nexec $aptget/apt-get \"\$@\"\n", 0755);
    local $ENV{PATH} = "$tmp/bin:$ENV{PATH}";
    publish($deb{h1}, $deb{o1});
    my $root2 = "$tmp/root2";
    bare_root($root2);
    my $repo_pp = "pkgrepo { 'local': uri => 'file:$repo', dist => './', trusted => true }\n";

    # the packages come first in the manifest: fromrepo orders the pkgrepo before them
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => present, fromrepo => 'local' }\n"
        . "package { 'other-mini': ensure => installed, fromrepo => 'local' }\n" . $repo_pp, '--debug');
    is($rc, 2, 'apt: repo and two packages (exit 2)') or diag $out;
    like($out, qr/Pkgrepo\[local\]\/ensure: created.*Executing: 'apt-get -q update'.*Package\[hello-mini\]/s,
         'apt: the pkgrepo (autorequired through fromrepo) goes first, then the index refresh');
    is(slurp("$root2/etc/apt/sources.list.d/local.list"), "deb [trusted=yes] file:$repo ./\n", 'pkgrepo: the source line');
    like($out, qr{Pkgrepo\[local\]/ensure: created}, 'pkgrepo: "created"');
    like($out, qr{Package\[hello-mini\]/ensure: created.*Package\[other-mini\]/ensure: created}s,
         'apt: each package reports its own change, in order');
    my @calls = apt_calls();
    is(scalar(grep { /\binstall\b/ } @calls), 1, 'apt: ONE apt-get install for both packages') or diag explain \@calls;
    like((grep { /\binstall\b/ } @calls)[0] // '', qr/install hello-mini other-mini$/, 'apt: naming both');
    is(scalar(grep { /\bupdate\b/ } @calls), 1, 'apt: the changed pkgrepo made one index refresh');
    like($out, qr/^Debug: Executing: 'apt-get -q -y -o DPkg::Options::=--force-confold install hello-mini other-mini'$/m,
         'apt: the command is logged at debug');
    is(status_of($root2, $_), 'install ok installed 1.0-1', "apt: $_ installed in the root") for qw(hello-mini other-mini);
    is(slurp("$root2/usr/share/other-mini/data.txt"), "data 1.0-1\n", 'apt: files land in the root');
    like(slurp("$root2/var/log/dpkg.log") // '', qr/install other-mini/, 'apt: dpkg logs into the root');
    ok(!glob("$tmp/mapply-apt-*"), 'the temporary apt configuration is removed after the run');

    ($rc, $out) = apply($root2, $repo_pp
        . "package { 'hello-mini': ensure => present, fromrepo => 'local' }\n"
        . "package { 'other-mini': ensure => installed, fromrepo => 'local' }\n");
    is($rc, 0, 'apt: the second run changes nothing (exit 0)') or diag $out;
    @calls = apt_calls();
    is(scalar(@calls), 0, 'apt: and calls apt-get not at all') or diag explain \@calls;
    # installed packages need no index: without any lists, still no apt call
    unlink glob("$root2/var/lib/apt/lists/*Packages*");
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => present }\npackage { 'other-mini': ensure => installed }\n");
    is($rc, 0, 'apt: installed packages are in sync without package lists (exit 0)') or diag $out;
    @calls = apt_calls();
    is(scalar(@calls), 0, 'apt: and no index refresh is started for them') or diag explain \@calls;

    # latest: one refresh, the candidate installed
    publish($deb{h1}, $deb{hrc}, $deb{h2}, $deb{o1});
    ($rc, $out) = apply($root2, $repo_pp . "package { 'hello-mini': ensure => latest, fromrepo => 'local' }\n", '--noop');
    is($rc, 0, 'apt: latest in --noop exits 0') or diag $out;
    is(status_of($root2, 'hello-mini'), 'install ok installed 1.0-1', 'apt: --noop changed nothing');
    @calls = apt_calls();
    is(scalar(grep { /\b(install|update)\b/ } @calls), 0, 'apt: --noop neither refreshes nor installs') or diag explain \@calls;
    ($rc, $out) = apply($root2, $repo_pp . "package { 'hello-mini': ensure => latest, fromrepo => 'local' }\n");
    is($rc, 2, 'apt: latest upgrades (exit 2)') or diag $out;
    like($out, qr{Package\[hello-mini\]/ensure: ensure changed '1\.0-1' to '2\.0-1'}, 'apt: latest names the new version');
    is(status_of($root2, 'hello-mini'), 'install ok installed 2.0-1', 'apt: 2.0-1 installed');
    @calls = apt_calls();
    is(scalar(grep { /\bupdate\b/ } @calls), 1, 'apt: latest refreshed the index once');

    # a range: the highest version below 2.0 is 2.0~rc1-1 ('~' sorts first)
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => '<2.0' }\n");
    is($rc, 2, 'apt: a version range (exit 2)') or diag $out;
    like($out, qr{ensure changed '2\.0-1' to '<2\.0'}, 'apt: Puppet shows the range');
    is(status_of($root2, 'hello-mini'), 'install ok installed 2.0~rc1-1', 'apt: the best version in the range (Debian order, ~)');
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => '>=2.0~rc1 <2.0' }\n");
    is($rc, 0, 'apt: an installed version inside the range is in sync') or diag $out;
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => '1.0-1',\n"
        . "  install_options => ['--no-install-recommends', { '--option' => 'Debug::NoLocking=0' }] }\n", '--debug');
    is($rc, 2, 'apt: an exact version downgrades') or diag $out;
    like($out, qr/Executing: 'apt-get -q -y -o DPkg::Options::=--force-confold --allow-downgrades --no-install-recommends --option=Debug::NoLocking=0 install hello-mini=1\.0-1'/,
         'apt: as name=version, with the install options flattened as Puppet does');
    is(status_of($root2, 'hello-mini'), 'install ok installed 1.0-1', 'apt: 1.0-1 installed');
    apt_calls();

    # ensure => false or []: Puppet's harness leaves the package alone; an
    # array: the first value is what a change installs, the others are
    # also in sync unless a version comes first (apt's insync? decides by it)
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => false }
package { 'nosuch-mini': ensure => false }
"
        . "package { 'other-mini': ensure => [] }
");
    is($rc, 0, 'apt: ensure => false and [] change nothing (exit 0)') or diag $out;
    unlike($out, qr{Package\[}, 'apt: and say nothing about those packages');
    is(status_of($root2, 'hello-mini'), 'install ok installed 1.0-1', 'apt: false kept the installed package');
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => ['1.0-1'] }
package { 'other-mini': ensure => ['absent', 'present'] }
");
    is($rc, 0, 'apt: [version] and [absent, present] are in sync when installed (exit 0)') or diag $out;
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => ['2.0-1', '1.0-1'] }
", '--noop');
    like($out, qr{Package\[hello-mini\]/ensure: current_value '1\.0-1', should be '2\.0-1' \(noop\)},
         'apt: a first version that differs is out of sync, whatever follows');
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => ['2.0-1', 'absent'] }
");
    is($rc, 2, 'apt: [version, ...] installs the first value (exit 2)') or diag $out;
    like($out, qr{Package\[hello-mini\]/ensure: ensure changed '1\.0-1' to '2\.0-1'}, 'apt: as Puppet words it');
    is(status_of($root2, 'hello-mini'), 'install ok installed 2.0-1', 'apt: 2.0-1 installed');
    my @none = grep { /\binstall\b.*(nosuch|other)-mini/ } apt_calls();
    is(scalar(@none), 0, 'apt: no apt-get for the packages left alone') or diag explain \@none;

    # a failing shared call: each package installs on its own and reports its own outcome
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => absent }\n");
    is($rc, 2, 'apt: remove (exit 2)') or diag $out;
    like($out, qr{Package\[hello-mini\]/ensure: removed}, 'apt: "removed"');
    ($rc, $out) = apply($root2, "package { 'hello-mini': ensure => present }\npackage { 'nosuch-mini': ensure => present }\n");
    is($rc, 6, 'apt: one good and one bad package: changes and failures (exit 6)') or diag $out;
    like($out, qr{Package\[hello-mini\]/ensure: created}, 'apt: the good package is installed');
    like($out, qr{Error: /Stage\[main\]/Main/Package\[nosuch-mini\]/ensure: change from 'purged' to 'present' failed: Execution of 'apt-get .*install nosuch-mini' returned 100: .*Unable to locate package nosuch-mini}s,
         'apt: the bad one reports its own error');
    @calls = grep { /\binstall\b/ } apt_calls();
    is(scalar(@calls), 3, 'apt: the shared call, then one call each') or diag explain \@calls;

    ($rc, $out) = apply($root2, "package { 'other-mini': ensure => purged }\n");
    is($rc, 2, 'apt: purge (exit 2)') or diag $out;
    like($out, qr{Package\[other-mini\]/ensure: purged}, 'apt: "purged"');
    ok(!-e "$root2/etc/other-mini/other-mini.conf", 'apt: purge removed the conffile');

    # pkgrepo: property changes, then removal
    ($rc, $out) = apply($root2, "pkgrepo { 'local': uri => 'file:$repo', dist => './', trusted => false, architectures => ['all'] }\n");
    is($rc, 2, 'pkgrepo: property changes (exit 2)') or diag $out;
    like($out, qr{Pkgrepo\[local\]/architectures: defined 'architectures' as \['all'\]}, 'pkgrepo: architectures defined');
    like($out, qr{Pkgrepo\[local\]/trusted: trusted changed true to false}, 'pkgrepo: trusted changed');
    is(slurp("$root2/etc/apt/sources.list.d/local.list"), "deb [arch=all] file:$repo ./\n", 'pkgrepo: the line rewritten');
    SKIP: {
        skip 'no mres', 1 unless -x $mres;
        ($rc, $out) = run("$mres --root $root2 pkgrepo");
        like($out, qr/pkgrepo \{ 'local':.*uri\s+=> 'file:\Q$repo\E'/s, 'mres lists the pkgrepo');
    }
    ($rc, $out) = apply($root2, "pkgrepo { 'local': ensure => absent }\n", '--noop');
    ok(-e "$root2/etc/apt/sources.list.d/local.list", 'pkgrepo: --noop removes nothing');
    ($rc, $out) = apply($root2, "pkgrepo { 'local': ensure => absent }\n");
    is($rc, 2, 'pkgrepo: absent (exit 2)') or diag $out;
    like($out, qr{Pkgrepo\[local\]/ensure: removed}, 'pkgrepo: "removed"');
    ok(!-e "$root2/etc/apt/sources.list.d/local.list", 'pkgrepo: its file is gone');
    ($rc, $out) = apply($root2, "pkgrepo { 'local': uri => 'http://deb.example.com/debian', dist => 'bookworm' }\n");
    like($out, qr/comps are required when dist is a suite/, 'pkgrepo: a suite without comps is refused');
}

is(scalar(@sanitizer), 0, 'no sanitizer report from any command') or diag join("\n", @sanitizer);

# ---- the host ----
is(host_mentions(), $host_before, 'the host\'s dpkg status and log never saw these packages');
is(slurp('/var/lib/dpkg/status') // '', $host_status_before, 'the host\'s dpkg status file is unchanged');

done_testing();
