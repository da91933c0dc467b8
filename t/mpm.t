#!/usr/bin/perl
# t/mpm.t - mpm, the module packager: building packages from modules the
# test writes (FORMULA and metadata.json flavours), create_repo, file://,
# http:// and ftp:// repositories (small servers this test starts on
# 127.0.0.1 and stops), install with dependency ranges, missing and conflicting
# dependencies, existing files, remove keeping a local edit, verify,
# reinstall, SPM's messages, --root, and a module installed by mpm compiled
# by mcomp.  Everything lives in the test's temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use IO::Socket::INET;
use MIME::Base64 qw(decode_base64);
use Test::More;
require './t/testlib.pl';

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
(my $mpm = $ENV{MPM} || $mcomp) =~ s/mcomp$/mpm/;
my $tmp = tempdir(CLEANUP => 1);
my ($var, $conf, $mods, $repo, $src) = map { "$tmp/$_" } qw(var conf mods repo src);
make_path($conf, $repo, $src);
my @common = ("--vardir=$var", "--confdir=$conf", "--modulepath=$mods", "--sharedir=$tmp/share");

# mpm(ARGS...) with the test's directories; (exit status, stdout, stderr).
# A first argument { in => TEXT } is fed to stdin.
sub mpm {
    my $opt = ref $_[0] eq 'HASH' ? shift : {};
    my $in = '/dev/null';
    if (defined $opt->{in}) { $in = "$tmp/stdin"; spew($in, $opt->{in}) }
    my @pre = $opt->{bare} ? () : @common;
    my $rc = run([$mpm, @pre, @_], "$tmp/out", "$tmp/err", $in, 60);
    return ($rc, slurp("$tmp/out"), slurp("$tmp/err"));
}

# module(NAME, VERSION, DEPS, %extra): a module directory with a FORMULA and
# one class; DEPS the FORMULA's dependencies text.
sub module {
    my ($name, $version, $deps, %x) = @_;
    my $d = "$src/$name-$version";
    make_path("$d/manifests");
    my $f = "name: $name\nversion: $version\nrelease: 1\nsummary: The $name module\ndescription: Does $name things\n";
    $f .= "dependencies: $deps\n" if $deps;
    $f .= $x{formula} if $x{formula};
    spew("$d/FORMULA", $f);
    spew("$d/manifests/init.pp", $x{init} // "class $name { notify { '$name $version': } }\n");
    return $d;
}

sub build {
    my ($dir, $out) = @_;
    my ($rc, $o, $e) = mpm("--build-dir=" . ($out // $repo), 'build', $dir);
    die "build $dir: $e" if $rc;
    return $o =~ /^Built package (.*)$/m ? $1 : die "no path: $o";
}

my ($rc, $out, $err);
my @servers;   # the servers this test started: stopped at the end whatever happens
END { kill 'TERM', @servers if @servers }

# ---- build ----
my $base = module('base', '5.0.0', '');
make_path("$base/.git", "$base/files");
spew("$base/.git/config", "x");
spew("$base/files/exclude12", "x");
spew("$base/files/excluded", "x");
spew("$base/FORMULA", slurp("$base/FORMULA") . "spm_build_exclude: ['exclude\\d']\n");
($rc, $out, $err) = mpm("--build-dir=$repo", 'build', $base);
is($rc, 0, 'build exits 0');
is($out, "Built package $repo/base-5.0.0-1.spm\n", 'build: SPM\'s "Built package <path>"');
ok(-s "$repo/base-5.0.0-1.spm", 'the package file is there');
is(`head -c 3 $repo/base-5.0.0-1.spm`, 'BZh', 'a bzip2 stream');
($rc, $out) = mpm('local', 'files', "$repo/base-5.0.0-1.spm");
is($out, "base\nbase/FORMULA\nbase/files\nbase/files/excluded\nbase/manifests\nbase/manifests/init.pp\n",
   'local files: one top directory, .git excluded by default, exclude\\d excludes exclude12 but not excluded');
($rc, $out) = mpm('local', 'info', "$repo/base-5.0.0-1.spm");
is($out, "Name: base\nVersion: 5.0.0\nRelease: 1\nInstall Date: Not installed\nSupported OSes: None\n"
   . "Supported OS families: None\nDependencies: None\nOS Dependencies: None\nOS Family Dependencies: None\n"
   . "Summary: The base module\nDescription:\nDoes base things\n", 'local info: SPM\'s format');

# a Puppet module with metadata.json and no FORMULA
make_path("$src/web/manifests");
spew("$src/web/metadata.json", '{"name":"acme-web","version":"1.4.0","summary":"Web server","author":"acme",'
     . '"license":"Apache-2.0","source":"https://example.com/web",'
     . '"dependencies":[{"name":"acme/base","version_requirement":">= 4.13.1 < 10.0.0"}],'
     . '"operatingsystem_support":[{"operatingsystem":"Debian"}]}');
spew("$src/web/manifests/init.pp", "class web { include base\n file { '/tmp/web.conf': ensure => file } }\n");
is(build("$src/web"), "$repo/web-1.4.0-1.spm", 'metadata.json: name after the -, version, release 1');
($rc, $out) = mpm('local', 'info', "$repo/web-1.4.0-1.spm");
like($out, qr/^Dependencies: base \(>= 4\.13\.1 < 10\.0\.0\)$/m, 'metadata.json dependencies keep their version range');
like($out, qr/^Supported OSes: Debian$/m, 'operatingsystem_support becomes os');
($rc, $out) = mpm('local', 'files', "$repo/web-1.4.0-1.spm");
like($out, qr{^web/metadata\.json$}m, 'metadata.json is packed (the module needs it)');
like($out, qr{^web/FORMULA$}m, 'a FORMULA is made for it');

# FORMULA validation: SPM's newest one-line message
make_path("$src/bad");
spew("$src/bad/FORMULA", "name: bad\nversion:\nrelease: 1\ndescription: 12\n");
($rc, $out, $err) = mpm('build', "$src/bad");
is($rc, 1, 'a bad FORMULA: exit 1');
is($err, "Missing FORMULA fields: summary; Incorrect FORMULA field types: version (expected: str|int|float, actual: NoneType), description (expected: str, actual: int)\n",
   'the missing and mistyped fields in one line');
make_path("$src/empty");
($rc, $out, $err) = mpm('build', "$src/empty");
is("$rc $err", "1 Formula file $src/empty/FORMULA not found\n", 'no FORMULA, no metadata.json');
($rc, $out, $err) = mpm('build');
is("$rc $err", "1 A path to a formula must be specified\n", 'build without a path');

# ---- repository ----
build(module('app', '2.0.0', 'web (>= 1.0.0 < 2.0.0)'));
build(module('base', '4.0.0', ''));
build(module('base', '10.2.0', ''));
build(module('lonely', '1.0.0', 'ghost, web'));
build(module('deep', '1.0.0', 'lonely, ghost, phantom'));
build(module('xx', '1.0.0', 'base, yy'));
build(module('yy', '1.0.0', 'base (< 6.0.0)'));
build(module('needsnew', '1.0.0', 'base (>= 20.0.0)'));
build(module('old', '1.0.0', 'base (< 5.0.0)'));
build(module('app', '1.9.0', 'web'));
build(module('app', '1.10.0', 'web (>= 1.0.0 < 2.0.0), base (~5.0)'));
($rc, $out, $err) = mpm('create_repo', $repo);
is($rc, 0, 'create_repo exits 0');
my $meta = slurp("$repo/SPM-METADATA");
like($meta, qr/^app:\n    filename: "app-2\.0\.0-1\.spm"\n    info:\n        dependencies: "web \(>= 1\.0\.0 < 2\.0\.0\)"\n/m,
     'SPM-METADATA: the newest app by version comparison (2.0.0 > 1.10.0 > 1.9.0), its FORMULA under info');
like($meta, qr/^base:\n    filename: "base-10\.2\.0-1\.spm"\n    info:\n(        .*\n)+    sha256: "[0-9a-f]{64}"\n/m,
     'base 10.2.0 beats 5.0.0 and 4.0.0 (not as text); the file\'s SHA-256 is recorded');
my @names = $meta =~ /^(\w+):$/mg;
is("@names", 'app base deep lonely needsnew old web xx yy', 'one entry per name, sorted');
($rc, $out, $err) = mpm('create_repo');
is("$rc $err", "1 A path to a directory must be specified\n", 'create_repo without a directory');

# base 10.2.0 is the newest but app wants base ~5.0: a second repository
# keeps the versions apart; archive moves the older ones away
my $repo2 = "$tmp/repo2";
make_path($repo2);
system('cp', "$repo/base-5.0.0-1.spm", "$repo/base-4.0.0-1.spm", $repo2) == 0 or die;
($rc, $out, $err) = mpm('--repo-dups=archive', 'create_repo', $repo2);
ok(-e "$repo2/archive/base-4.0.0-1.spm" && !-e "$repo2/base-4.0.0-1.spm", 'spm_repo_dups archive: the older file moved to <repo>/archive');
like(slurp("$repo2/SPM-METADATA"), qr/base-5\.0\.0-1\.spm/, 'the newest stays');

spew("$conf/mpm.repos", "main:\n  url: file://$repo\n");
make_path("$conf/mpm.repos.d");
spew("$conf/mpm.repos.d/second.repo", "second:\n  url: file://$repo2/\n");
spew("$conf/mpm.repos.d/off.repo", "off:\n  url: file:///nonexistent\n  enabled: false\n");
($rc, $out) = mpm('repo', 'list');
is($out, "main\nsecond\n", 'repo list: the enabled repositories, mpm.repos then mpm.repos.d/*.repo');
($rc, $out) = mpm('list', 'repos');
is($out, "main\nsecond\n", 'list repos is the same');
($rc, $out, $err) = mpm('repo', 'search', 'ba');
is($out, "base\t10.2.0-1\tmain\nbase\t5.0.0-1\tsecond\n", 'repo search: name, version-release, repo; sorted');
like($err, qr/^Updating repo metadata$/m, 'metadata is fetched when the cache has none');
($rc, $out, $err) = mpm('update_repo');
is($rc, 0, 'update_repo exits 0');
ok(-s "$var/mpm/cache/main/SPM-METADATA", 'the metadata is cached under the vardir');

# ---- install from repositories ----
($rc, $out, $err) = mpm('install', 'lonely');
is($rc, 1, 'a missing dependency: exit 1');
is($err, "Cannot install lonely, the following dependencies are needed:\n\nghost\n", 'SPM\'s message names it');
ok(!-e $mods, 'nothing installed');
($rc, $out, $err) = mpm('-y', 'install', 'deep');
is($err, "Cannot install deep, the following dependencies are needed:\n\nghost\nphantom\n",
   'missing dependencies of dependencies too, each once');

($rc, $out, $err) = mpm('-y', 'install', 'needsnew');
is($rc, 1, 'a dependency no repository version satisfies: exit 1');
like($err, qr/^Conflicting dependencies on base: needsnew needs base \(>= 20\.0\.0\), and no repository has a version that fits/m,
     'the error names the package and the range');
ok(!-e $mods, 'nothing installed');

($rc, $out, $err) = mpm('-y', 'install', 'app', 'old');
is($rc, 1, 'two packages wanting incompatible versions: exit 1');
like($err, qr/^Conflicting dependencies on base: old needs base \(< 5\.0\.0\), but (app|web) needs base \((~5\.0|>= 4\.13\.1 < 10\.0\.0)\) \(base 5\.0\.0\)$/m,
     'the error names both sides') or diag $err;
ok(!-e $mods, 'nothing installed');

($rc, $out, $err) = mpm({in => "n\n"}, 'install', 'app');
is($rc, 1, 'answering n: exit 1');
like($out, qr/^Installing packages:\n\tbase\n\tweb\n\tapp\n\nProceed\? \[N\/y\] /m, 'the prompt lists the packages, dependencies first');
is($err, "canceled\n", 'and says canceled');
ok(!-e $mods, 'nothing installed');

($rc, $out, $err) = mpm({in => "y\n"}, 'install', 'app');
is($rc, 0, 'install app with its dependency chain') or diag $err;
like($out, qr/\.\.\. installing base\n\.\.\. installing web\n\.\.\. installing app\n/, 'progress lines, dependencies first');
($rc, $out) = mpm('list', 'packages');
is($out, "app\nbase\nweb\n", 'list packages');
($rc, $out) = mpm('info', 'base');
like($out, qr/^Version: 5\.0\.0$/m, 'base 5.0.0 from the second repository: app\'s ~5.0 and web\'s range both hold');
like($out, qr/^Install Date: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/m, 'the install date in SPM\'s form');
ok(-f "$mods/app/manifests/init.pp" && -f "$mods/web/metadata.json", 'modules in the first modulepath entry');
ok(!-e "$mods/app/FORMULA", 'the FORMULA is the package\'s, not installed');
ok(!-e "$var/mpm/cache/main/app-2.0.0-1.spm", 'file:// packages are not copied into the cache');

# the end-to-end check: mcomp compiles a site using what mpm installed
spew("$tmp/site.pp", "include app\ninclude web\n");
my $crc = run([$mcomp, "--modulepath=$mods", "$tmp/site.pp"], "$tmp/cat.json", "$tmp/cat.err", undef, 120);
is($crc, 0, 'mcomp compiles a site with the modules mpm installed') or diag slurp("$tmp/cat.err");
like(slurp("$tmp/cat.json"), qr/"title": ?"app 2\.0\.0".*"title": ?"base 5\.0\.0"/s, 'the catalog has their resources');

($rc, $out, $err) = mpm('-y', 'install', 'app');
is("$rc $err", "1 Package app already installed, not installing again\n", 'installing again without --force');

# install FILE.spm (no "local"): the file, its dependencies from the repositories
{
    my @x = ("--vardir=$tmp/fsvar", "--confdir=$conf", "--modulepath=$tmp/fsmods");
    ($rc, $out, $err) = mpm({bare => 1}, @x, '-y', 'install', "$repo/app-2.0.0-1.spm");
    is($rc, 0, 'install FILE.spm') or diag $err;
    like($out, qr/\.\.\. installing base\n\.\.\. installing web\n\.\.\. installing app\n/, 'its dependencies from the repositories first');
    ($rc, $out) = mpm({bare => 1}, @x, 'list', 'packages');
    is($out, "app\nbase\nweb\n", 'all three installed');
    ($rc, $out, $err) = mpm({bare => 1}, @x, '-y', 'install', "$repo/app-2.0.0-1.spm");
    is("$rc $err", "1 Package app already installed, not installing again\n", 'install FILE.spm again without --force');
    ($rc, $out, $err) = mpm({bare => 1}, @x, '-y', '-f', 'install', "$repo/app-2.0.0-1.spm", 'old');
    is($rc, 1, 'a file and a name whose ranges conflict: exit 1');
    like($err, qr/^Conflicting dependencies on base: old needs base \(< 5\.0\.0\)/m, 'the conflict is named');
    ($rc, $out) = mpm({bare => 1}, @x, 'list', 'packages');
    is($out, "app\nbase\nweb\n", 'nothing changed');
}

# a dependency chosen before a later range narrowed it is chosen again
{
    my @x = ("--vardir=$tmp/xvar", "--confdir=$conf", "--modulepath=$tmp/xmods");
    ($rc, $out, $err) = mpm({bare => 1}, @x, '-y', 'install', 'xx');
    is($rc, 0, 'xx needs any base and yy, yy needs base < 6.0.0') or diag $err;
    ($rc, $out) = mpm({bare => 1}, @x, 'info', 'base');
    like($out, qr/^Version: 5\.0\.0$/m, 'base 5.0.0 is installed, not the newest 10.2.0');
}

# ---- files, verify, remove ----
($rc, $out) = mpm('files', 'base');
is($out, "$mods/base\n$mods/base/files\n$mods/base/files/excluded\n$mods/base/manifests\n$mods/base/manifests/init.pp\n",
   'files: the installed paths');
($rc, $out) = mpm('-v', 'files', 'base');
like($out, qr{^\Q$mods\E/base/manifests/init\.pp,[0-9a-f]{64}$}m, 'files -v: path,sha256');
like($out, qr{^\Q$mods\E/base/manifests,$}m, 'a directory has an empty sum');
($rc, $out) = mpm('list', 'files', 'base');
like($out, qr{^\Q$mods\E/base/files/excluded$}m, 'list files is files');

($rc, $out) = mpm('verify', 'base');
is("$rc $out", '0 ', 'verify: nothing changed, exit 0');
spew("$mods/base/manifests/init.pp", "# edited by hand\n");
unlink "$mods/base/files/excluded";
($rc, $out) = mpm('verify', 'base');
is($rc, 1, 'verify: exit 1 on changes');
is($out, "missing: $mods/base/files/excluded\nmodified: $mods/base/manifests/init.pp\n", 'verify lists modified and missing files');

($rc, $out, $err) = mpm('-y', 'remove', 'base');
is($rc, 0, 'remove exits 0');
is($out, "... removing base\nKept locally modified files of base:\n\n$mods/base/manifests/init.pp\n",
   'the locally edited file is kept, and listed');
is(slurp("$mods/base/manifests/init.pp"), "# edited by hand\n", 'its content is untouched');
ok(!-e "$mods/base/files", 'empty directories are removed');
ok(-d "$mods/base/manifests", 'a directory holding the kept file stays');
($rc, $out) = mpm('list', 'packages');
is($out, "app\nweb\n", 'base is no longer installed');
($rc, $out, $err) = mpm('remove', 'base');
is("$rc $err", "1 Package base not installed\n", 'remove: not installed');
($rc, $out, $err) = mpm({in => "no\n"}, 'remove', 'web');
is("$rc $err", "1 canceled\n", 'remove asks first');
like($out, qr/^Removing packages:\n\tweb\n/, 'with SPM\'s prompt');

# ---- local install, existing files, --force, reinstall ----
($rc, $out, $err) = mpm('-y', 'local', 'install', "$repo2/base-5.0.0-1.spm");
is($rc, 1, 'local install over a file that exists: exit 1');
is($err, "Not installing base due to existing files:\n\n$mods/base/manifests/init.pp\n", 'SPM\'s message lists it');
($rc, $out) = mpm('list', 'packages');
is($out, "app\nweb\n", 'nothing installed');
($rc, $out, $err) = mpm('-y', '--force', 'local', 'install', "$repo2/base-5.0.0-1.spm");
is($rc, 0, 'with --force it installs') or diag $err;
like(slurp("$mods/base/manifests/init.pp"), qr/notify/, 'and replaces the file');
($rc, $out, $err) = mpm('-y', '-f', 'local', 'install', "$repo2/base-5.0.0-1.spm");
is($rc, 0, 'a reinstall with -f');
($rc, $out) = mpm('list', 'packages');
is($out, "app\nbase\nweb\n", 'one row per package after a reinstall');
($rc, $out) = mpm('files', 'base');
is(scalar(() = $out =~ /init\.pp/g), 1, 'and one row per file');

# an upgrade through --force: files the new version lacks are removed
my $b2 = module('base', '5.0.1', '');
make_path("$b2/templates");
spew("$b2/templates/t.epp", "x\n");
($rc, $out, $err) = mpm('-y', '-f', 'local', 'install', build($b2, "$tmp/pk"));
is($rc, 0, 'upgrade base to 5.0.1');
ok(-f "$mods/base/templates/t.epp" && !-e "$mods/base/files", 'new files in, old ones out');
($rc, $out, $err) = mpm('-y', '-f', 'local', 'install', "$repo/base-10.2.0-1.spm");
is($rc, 1, 'an upgrade an installed package\'s range forbids: exit 1');
is($err, "Conflicting dependencies on base: base 10.2.0 is to be installed, but the installed web needs base (>= 4.13.1 < 10.0.0)\n",
   'naming both sides');
($rc, $out) = mpm('info', 'base');
like($out, qr/^Version: 5\.0\.1$/m, 'nothing changed');

# an installed dependency outside a new package's range is upgraded
{
    my @u = ("--vardir=$tmp/uvar", "--confdir=$conf", "--modulepath=$tmp/umods");
    ($rc, $out, $err) = mpm({bare => 1}, @u, '-y', 'local', 'install', "$repo/base-4.0.0-1.spm");
    is($rc, 0, 'base 4.0.0 installed') or diag $err;
    my $orig = slurp("$tmp/umods/base/manifests/init.pp");
    spew("$tmp/umods/base/manifests/init.pp", "# mine\n");
    ($rc, $out, $err) = mpm({bare => 1}, @u, '-y', 'install', 'web');
    is("$rc $err", "1 Updating repo metadata\nNot installing base due to existing files:\n\n$tmp/umods/base/manifests/init.pp\n",
       'an upgrade never replaces a locally edited file without --force');
    spew("$tmp/umods/base/manifests/init.pp", $orig);
    ($rc, $out, $err) = mpm({bare => 1}, @u, '-y', 'install', 'web');
    is($rc, 0, 'install web, which needs base >= 4.13.1') or diag $err;
    like($out, qr/\.\.\. installing base\n\.\.\. installing web\n/, 'base is upgraded first');
    ($rc, $out) = mpm({bare => 1}, @u, 'info', 'base');
    like($out, qr/^Version: 5\.0\.0$/m, 'to the newest version in the range');
}

# top_level_dir: only what is under it is installed, as the module of that name
{
    my $d = "$src/webstack";
    make_path("$d/nginx/manifests", "$d/docs");
    spew("$d/FORMULA", "name: webstack\nversion: 1\nrelease: 1\nsummary: s\ndescription: d\ntop_level_dir: nginx\n");
    spew("$d/nginx/manifests/init.pp", "class nginx { }\n");
    spew("$d/docs/guide.txt", "guide\n");
    ($rc, $out, $err) = mpm('-y', 'local', 'install', build($d, "$tmp/pk"));
    is($rc, 0, 'a package with a top_level_dir') or diag $err;
    ok(-f "$mods/nginx/manifests/init.pp" && !-e "$mods/webstack" && !-e "$mods/nginx/docs", 'installs that directory as the module');
    ($rc, $out) = mpm('files', 'webstack');
    is($out, "$mods/nginx\n$mods/nginx/manifests\n$mods/nginx/manifests/init.pp\n", 'and records only it');
    # the next version moves to another top_level_dir: the old directory goes
    my $d2 = "$src/webstack2";
    make_path("$d2/www/manifests");
    spew("$d2/FORMULA", "name: webstack\nversion: 2.0.0\nrelease: 1\nsummary: s\ndescription: d\ntop_level_dir: www\n");
    spew("$d2/www/manifests/init.pp", "class www { }\n");
    spew("$mods/nginx/manifests/mine.pp", "# a file of nobody's\n");
    ($rc, $out, $err) = mpm('-y', '-f', 'local', 'install', build($d2, "$tmp/pk"));
    is($rc, 0, 'an upgrade to another top_level_dir') or diag $err;
    ok(-f "$mods/www/manifests/init.pp" && !-e "$mods/nginx/manifests/init.pp", 'the new directory in, the old version\'s files out');
    ok(-f "$mods/nginx/manifests/mine.pp", 'a file of nobody\'s in the old directory stays');
    ($rc, $out) = mpm('files', 'webstack');
    is($out, "$mods/www\n$mods/www/manifests\n$mods/www/manifests/init.pp\n", 'only the new directory is recorded');
    ($rc, $out, $err) = mpm('-y', 'remove', 'webstack');
    ok(!-e "$mods/www", 'remove');
}

# ---- pre and post states: Puppet code, compiled and applied in-process ----
{
    my $okst = module('stated', '1.2.0', '', formula => "pre_local_state: |\n"
        . "  file { \"$tmp/pre-\${name}-\${version}\": content => \"release \${release}\" }\n"
        . "post_local_state: |\n  exec { 'seen': command => \"/bin/test -f $mods/stated/manifests/init.pp\" }\n");
    ($rc, $out, $err) = mpm('-y', 'local', 'install', build($okst, "$tmp/pk"));
    is($rc, 0, 'a package with pre and post states installs') or diag $err;
    is(slurp("$tmp/pre-stated-1.2.0"), 'release 1', 'the pre state ran, with $name, $version and $release');
    like($out, qr{^Notice: /Stage\[main\]/Main/Mpm_state\[stated\]/Exec\[seen\]/returns: executed successfully$}m,
         'the post state ran after the files were in place, with the engine\'s log lines');
    my $badpre = module('badpre', '1.0.0', '', formula => "pre_local_state: |\n  exec { 'no': command => '/bin/false' }\n");
    ($rc, $out, $err) = mpm('-y', 'local', 'install', build($badpre, "$tmp/pk"));
    is($rc, 1, 'a failing pre state: exit 1');
    like($err, qr/^Not installing badpre: its pre_local_state failed$/m, 'saying so');
    ok(!-e "$mods/badpre", 'nothing installed');
    ($rc, $out) = mpm('list', 'packages');
    unlike($out, qr/badpre/, 'nor recorded');
    my $badpost = module('badpost', '1.0.0', '', formula => "post_local_state: |\n  exec { 'no': command => '/bin/false' }\n");
    ($rc, $out, $err) = mpm('-y', 'local', 'install', build($badpost, "$tmp/pk"));
    is($rc, 1, 'a failing post state: exit 1');
    like($err, qr/^badpost is installed, but its post_local_state failed$/m, 'the package stays, the failure is reported');
    ok(-f "$mods/badpost/manifests/init.pp", 'installed');
    my $syntax = module('syntax', '1.0.0', '', formula => "pre_local_state: 'file {'\n");
    ($rc, $out, $err) = mpm('-y', 'local', 'install', build($syntax, "$tmp/pk"));
    like($err, qr/error:.*\n(.*\n)*The pre_local_state of syntax does not compile/, 'a pre state that does not compile: the compiler\'s message');
    my $tgt = module('tgt', '1.0.0', '', formula => "pre_tgt_state: {tgt: '*', data: x}\n");
    ($rc, $out, $err) = mpm('build', $tgt);
    is("$rc $err", "1 pre_tgt_state and post_tgt_state need a master; mpm installs on this machine only\n",
       '*_tgt_state is refused');
}

# ---- files: with type tags, optional and recommended ----
{
    my $t = module('tagged', '1.0.0', '', formula => "optional: app, nothere\nrecommended: web\n"
        . "files: [manifests, 'd|README.md', 'l|LICENSE', 'g|ghost-not-packed']\n");
    spew("$t/README.md", "readme\n");
    spew("$t/LICENSE", "license\n");
    spew("$t/unlisted.txt", "not packed\n");
    ($rc, $out) = mpm('local', 'files', build($t, "$tmp/pk"));
    is($out, "tagged\ntagged/FORMULA\ntagged/manifests\ntagged/manifests/init.pp\ntagged/README.md\ntagged/LICENSE\n",
       'files: only the listed paths, in the listed order, tags removed');
    ($rc, $out, $err) = mpm('-y', 'local', 'install', "$tmp/pk/tagged-1.0.0-1.spm");
    is($rc, 0, 'install a package with tagged files') or diag $err;
    like($out, qr/^The following dependencies are optional:\n\tapp \[Installed\]\n\tnothere\n\n/m, 'optional ones are listed, installed ones marked');
    like($out, qr/^The following dependencies are recommended:\n\tweb \[Installed\]\n/m, 'recommended ones too');
    is(slurp("$tmp/share/tagged/README.md") . slurp("$tmp/share/tagged/LICENSE"), "readme\nlicense\n",
       'd and l tagged files go to the share directory');
    ok(-f "$mods/tagged/manifests/init.pp" && !-e "$mods/tagged/README.md", 'the rest to the module directory');
    unlink "$mods/tagged/manifests/init.pp";
    symlink('/etc/hostname', "$mods/tagged/manifests/init.pp") or die;
    ($rc, $out) = mpm('-y', 'remove', 'tagged');
    ok(!-e "$tmp/share/tagged/README.md", 'remove takes them away too');
    is($out, "... removing tagged\nKept locally modified files of tagged:\n\n$mods/tagged/manifests/init.pp\n",
       'a file replaced by a symlink is kept and listed');
    ok(-l "$mods/tagged/manifests/init.pp", 'the symlink stays');
}

# ---- messages ----
my @msgs = (
    [['frobnicate'], "Invalid command 'frobnicate'"],
    [['list', 'things'], "Invalid list command 'things'"],
    [['local', 'list'], "Invalid local command 'list'"],
    [['repo', 'frob'], "Invalid repo command 'frob'"],
    [['install'], 'A package must be specified'],
    [['remove'], 'A package must be specified'],
    [['info'], 'A package must be specified'],
    [['local', 'install'], 'A package file must be specified'],
    [['local', 'info'], 'A package filename must be specified'],
    [['local', 'files'], 'A package filename must be specified'],
    [['files'], 'A package name must be specified'],
    [['local', 'install', "$tmp/nope.spm"], "Package file $tmp/nope.spm not found"],
    [['install', "$tmp/nope.spm"], "Package file $tmp/nope.spm not found"],
    [['install', 'nosuchpackage'], 'Unable to read formula for nosuchpackage'],
    [['local', 'info', "$tmp/nope.spm"], "Package file $tmp/nope.spm not found"],
    [['info', 'nope'], 'package nope not installed'],
    [['files', 'nope'], 'package nope not installed'],
    [['verify', 'nope'], 'package nope not installed'],
);
for my $m (@msgs) {
    ($rc, $out, $err) = mpm(@{$m->[0]});
    is("$rc $err", "1 $m->[1]\n", "mpm @{$m->[0]}: $m->[1]");
}
($rc, $out, $err) = mpm({bare => 1}, "--vardir=$tmp/novar", 'remove', 'x');
is("$rc $err", "1 No database at $tmp/novar/mpm/packages.db, cannot remove x\n", 'remove without a database');
spew("$tmp/junk.spm", "not a package");
($rc, $out, $err) = mpm('local', 'install', "$tmp/junk.spm");
is($rc, 1, 'a file that is not a package: exit 1');
($rc, $out, $err) = mpm('--bogus');
is($rc, 2, 'an unknown option: exit 2');
($rc, $out, $err) = mpm('--help');
like($out, qr/^usage: mpm/, '--help');

# a package whose member leaves its top directory is refused
{
    my $evil = "$tmp/evil";
    make_path("$evil/evil", "$evil/other");
    spew("$evil/evil/FORMULA", "name: evil\nversion: 1\nrelease: 1\nsummary: s\ndescription: d\n");
    spew("$evil/other/x", "x");
    system("cd $evil && tar cjf $tmp/evil-1-1.spm evil other") == 0 or die;
    ($rc, $out, $err) = mpm('-y', 'local', 'install', "$tmp/evil-1-1.spm");
    is($rc, 1, 'a package with two top directories is refused');
    like($err, qr/outside the top directory/, 'saying why');
}

# a package as legacy SPM wrote it: the FORMULA once more as a file named
# <name>, no directory member; install skips that member
{
    require Archive::Tar;
    my $t = Archive::Tar->new;
    $t->add_data('legacy', "name: legacy\nversion: 1\nrelease: 1\nsummary: s\ndescription: d\n");
    $t->add_data('legacy/FORMULA', "name: legacy\nversion: 1\nrelease: 1\nsummary: s\ndescription: d\n");
    $t->add_data('legacy/manifests/init.pp', "class legacy { }\n");
    $t->write("$tmp/legacy-1-1.spm", Archive::Tar::COMPRESS_BZIP()) or die $t->error;
    ($rc, $out, $err) = mpm('-y', 'local', 'install', "$tmp/legacy-1-1.spm");
    is($rc, 0, 'a legacy SPM package installs') or diag $err;
    ok(-f "$mods/legacy/manifests/init.pp", 'its files are in place');
}

# update_repo and repo update of one repository; spm_repo_dups delete
($rc, $out, $err) = mpm('repo', 'update', 'second');
is("$rc $err", '0 ', 'repo update REPO');
($rc, $out, $err) = mpm('update_repo', 'nope');
is("$rc $err", "1 Repository nope is not configured (or not enabled)\n", 'update_repo of an unknown repository');
{
    my $r3 = "$tmp/repo3";
    make_path($r3);
    system('cp', "$repo/base-5.0.0-1.spm", "$repo/base-4.0.0-1.spm", "$repo/base-10.2.0-1.spm", $r3) == 0 or die;
    ($rc, $out, $err) = mpm('--repo-dups=delete', 'repo', 'create', $r3);
    opendir(my $dh, $r3) or die;
    is(join(' ', sort grep { !/^\./ } readdir $dh), 'SPM-METADATA base-10.2.0-1.spm', 'spm_repo_dups delete: only the newest stays');
}

# ---- http:// repository, with basic auth, served by this test ----
my $hrepo = "$tmp/hrepo";
make_path($hrepo);
system('cp', "$repo/web-1.4.0-1.spm", "$repo/base-4.0.0-1.spm", "$repo/base-5.0.0-1.spm", $hrepo) == 0 or die;
mpm('create_repo', $hrepo);
my $srv = IO::Socket::INET->new(Listen => 5, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp', ReuseAddr => 1)
    or die "listen: $!";
my $port = $srv->sockport;
my $pid = fork // die;
if (!$pid) {
    while (my $c = $srv->accept) {
        my ($req, %h) = (scalar <$c>);
        while (my $l = <$c>) { last if $l =~ /^\r?\n$/; $h{lc $1} = $2 if $l =~ /^([^:]+):\s*(.*?)\r?$/ }
        my ($path) = ($req // '') =~ m{^GET /(\S*) HTTP};
        my $auth = ($h{authorization} // '') =~ /^Basic (\S+)/ ? decode_base64($1) : '';
        my ($code, $body) = (404, 'not found');
        if ($auth ne 'user:secret') { ($code, $body) = (401, 'auth') }
        elsif (defined $path && $path =~ m{^[\w.-]+$} && -f "$hrepo/$path") { ($code, $body) = (200, slurp("$hrepo/$path")) }
        print $c "HTTP/1.0 $code X\r\nContent-Length: " . length($body) . "\r\nConnection: close\r\n\r\n$body";
        close $c;
    }
    exit 0;
}
push @servers, $pid;
close $srv;
my $hconf = "$tmp/hconf";
make_path($hconf);
my @h = ("--vardir=$tmp/hvar", "--confdir=$hconf", "--modulepath=$tmp/hmods", "--sharedir=$tmp/share");
spew("$hconf/mpm.repos", "web:\n  url: http://127.0.0.1:$port/\n  username: user\n");
($rc, $out, $err) = mpm({bare => 1}, @h, 'update_repo');
is($rc, 1, 'http: a username without a password: exit 1');
like($err, qr/Auth defined, but password is not set for username: 'user'/, 'SPM\'s message');
spew("$hconf/mpm.repos", "web:\n  url: http://127.0.0.1:$port/\n  username: user\n  password: wrong\n");
($rc, $out, $err) = mpm({bare => 1}, @h, 'update_repo');
is($rc, 1, 'http: a wrong password: exit 1');
like($err, qr{Cannot update repository web: Cannot fetch http://127\.0\.0\.1:$port/SPM-METADATA: HTTP status 401}, 'the status is named');
spew("$hconf/mpm.repos", "web:\n  url: http://127.0.0.1:$port/\n  username: user\n  password: secret\n");
($rc, $out, $err) = mpm({bare => 1}, @h, 'update_repo');
is($rc, 0, 'http: update_repo with basic auth') or diag $err;
($rc, $out, $err) = mpm({bare => 1}, @h, '-y', 'install', 'web');
is($rc, 0, 'http: install web and base from it') or diag $err;
ok(-f "$tmp/hmods/web/manifests/init.pp" && -f "$tmp/hmods/base/manifests/init.pp", 'both modules installed');
ok(-s "$tmp/hvar/mpm/cache/web/web-1.4.0-1.spm", 'downloaded packages are kept in the cache');
($rc, $out) = mpm({bare => 1}, @h, 'info', 'base');
like($out, qr/^Version: 5\.0\.0$/m, 'the newest base, 5.0.0');
# a package that is not what the index says is refused
{
    my $good = slurp("$hrepo/web-1.4.0-1.spm");
    spew("$hrepo/web-1.4.0-1.spm", slurp("$repo2/base-5.0.0-1.spm"));
    ($rc, $out, $err) = mpm({bare => 1}, @h, '-y', '-f', 'install', 'web');
    is($rc, 1, 'http: a package whose SHA-256 differs from the index: exit 1');
    is($err, "Repository web: web-1.4.0-1.spm does not have the SHA-256 its SPM-METADATA gives\n", 'saying so');
    spew("$hrepo/web-1.4.0-1.spm", $good);
}
kill 'TERM', $pid;
waitpid $pid, 0;
($rc, $out, $err) = mpm({bare => 1}, @h, 'update_repo');
is($rc, 1, 'http: the server is gone: exit 1');
like($err, qr{^Cannot update repository web: Cannot fetch http://127\.0\.0\.1:$port/SPM-METADATA: .*(connect|refused)}mi,
     'the error names the URL and the reason');

# ---- ftp:// repository, with a login, served by this test ----
# A few FTP commands (what libcurl sends for a passive download), one
# client at a time, files of one directory only.
{
    my $fsrv = IO::Socket::INET->new(Listen => 5, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp', ReuseAddr => 1)
        or die "listen: $!";
    my $fport = $fsrv->sockport;
    my $fpid = fork // die;
    if (!$fpid) {
        while (my $c = $fsrv->accept) {
            $c->autoflush(1);
            print $c "220 mpm test server\r\n";
            my ($user, $in, $data) = ('', 0, undef);
            while (my $l = <$c>) {
                $l =~ s/\r?\n$//;
                my ($cmd, $arg) = $l =~ /^(\S+)\s*(.*)$/;
                $cmd = uc($cmd // '');
                my $f = "$hrepo/" . ($arg // '');
                my $file_ok = defined $arg && $arg =~ /^[\w.-]+$/ && -f $f;
                if ($cmd eq 'USER') { $user = $arg; print $c "331 Password please\r\n" }
                elsif ($cmd eq 'PASS') { $in = "$user:$arg" eq 'user:secret'; print $c $in ? "230 Logged in\r\n" : "530 Login incorrect\r\n" }
                elsif ($cmd eq 'QUIT') { print $c "221 Bye\r\n"; last }
                elsif (!$in) { print $c "530 Not logged in\r\n" }
                elsif ($cmd eq 'PWD') { print $c "257 \"/\"\r\n" }
                elsif ($cmd eq 'TYPE') { print $c "200 Type set\r\n" }
                elsif ($cmd eq 'EPSV' || $cmd eq 'PASV') {
                    $data = IO::Socket::INET->new(Listen => 1, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp') or die;
                    my $p = $data->sockport;
                    print $c $cmd eq 'EPSV' ? "229 Entering Extended Passive Mode (|||$p|)\r\n"
                                            : "227 Entering Passive Mode (127,0,0,1," . ($p >> 8) . ',' . ($p & 255) . ")\r\n";
                }
                elsif ($cmd eq 'SIZE') { print $c $file_ok ? '213 ' . (-s $f) . "\r\n" : "550 No such file\r\n" }
                elsif ($cmd eq 'RETR') {
                    if (!$file_ok || !$data) { print $c "550 No such file\r\n"; next }
                    print $c "150 Opening data connection\r\n";
                    my $d = $data->accept;
                    print $d slurp($f);
                    close $d;
                    close $data;
                    undef $data;
                    print $c "226 Transfer complete\r\n";
                }
                else { print $c "502 Not implemented\r\n" }
            }
            close $c;
        }
        exit 0;
    }
    push @servers, $fpid;
    close $fsrv;
    my $fconf = "$tmp/fconf";
    make_path($fconf);
    my @f = ("--vardir=$tmp/fvar", "--confdir=$fconf", "--modulepath=$tmp/fmods", "--sharedir=$tmp/share");
    spew("$fconf/mpm.repos", "files:\n  url: ftp://127.0.0.1:$fport/\n  username: user\n  password: wrong\n");
    ($rc, $out, $err) = mpm({bare => 1}, @f, 'update_repo');
    is($rc, 1, 'ftp: a wrong login: exit 1');
    like($err, qr{^Cannot update repository files: Cannot fetch ftp://127\.0\.0\.1:$fport/SPM-METADATA: .*(denied|530)}mi,
         'the error names the URL and the reason');
    spew("$fconf/mpm.repos", "files:\n  url: ftp://127.0.0.1:$fport/\n  username: user\n  password: secret\n");
    ($rc, $out, $err) = mpm({bare => 1}, @f, 'update_repo');
    is($rc, 0, 'ftp: update_repo with a login') or diag $err;
    ($rc, $out, $err) = mpm({bare => 1}, @f, 'repo', 'search', 'web');
    is($out, "web\t1.4.0-1\tfiles\n", 'ftp: repo search reads the fetched index');
    ($rc, $out, $err) = mpm({bare => 1}, @f, '-y', 'install', 'web');
    is($rc, 0, 'ftp: install web and base from it') or diag $err;
    ok(-f "$tmp/fmods/web/manifests/init.pp" && -f "$tmp/fmods/base/manifests/init.pp", 'both modules installed');
    ok(-s "$tmp/fvar/mpm/cache/files/web-1.4.0-1.spm", 'the downloads are kept in the cache');
    spew("$fconf/mpm.repos", "files:\n  url: ftp://127.0.0.1:$fport/nowhere\n  username: user\n  password: secret\n");
    ($rc, $out, $err) = mpm({bare => 1}, @f, 'update_repo');
    is($rc, 1, 'ftp: a directory the server does not have: exit 1');
    like($err, qr{^Cannot update repository files: Cannot fetch ftp://127\.0\.0\.1:$fport/nowhere/SPM-METADATA: }m, 'saying so');
    kill 'TERM', $fpid;
    waitpid $fpid, 0;
}

# ---- Forge modules as Debian packages them: built with no extra file ----
SKIP: {
    my $fm = '/usr/share/puppet/modules';
    skip "$fm/stdlib and $fm/concat are not installed", 5 unless -e "$fm/stdlib/metadata.json" && -e "$fm/concat/metadata.json";
    my ($frepo, $fconf) = ("$tmp/forge", "$tmp/fconf");
    make_path($frepo, $fconf);
    ($rc, $out, $err) = mpm("--build-dir=$frepo", 'build', "$fm/stdlib", "$fm/concat");
    is($rc, 0, 'stdlib and concat build from their metadata.json') or diag $err;
    mpm('create_repo', $frepo);
    spew("$fconf/mpm.repos", "forge:\n  url: file://$frepo\n");
    my @f = ("--vardir=$tmp/fvar", "--confdir=$fconf", "--modulepath=$tmp/fmods");
    ($rc, $out, $err) = mpm({bare => 1}, @f, '-y', 'install', 'concat');
    is($rc, 0, 'install concat') or diag $err;
    like($out, qr/^\.\.\. installing stdlib\n\.\.\. installing concat\n/m, 'with stdlib, which its metadata.json requires (a range)');
    spew("$tmp/fsite.pp", "concat { '/tmp/x': }\nconcat::fragment { 'a': target => '/tmp/x', content => 'hi' }\n"
         . "notify { join(['a', 'b'], ','): }\n");
    is(run([$mcomp, "--modulepath=$tmp/fmods", "$tmp/fsite.pp"], "$tmp/fcat.json", "$tmp/fcat.err", undef, 120), 0,
       'mcomp compiles a site using concat and stdlib as mpm installed them') or diag slurp("$tmp/fcat.err");
    like(slurp("$tmp/fcat.json"), qr/"Concat_fragment".*"a,b"|"a,b".*"Concat_fragment"/s, 'concat\'s types and stdlib\'s functions are there');
}

# ---- a user who may not write the database still reads it ----
SKIP: {
    skip 'needs root to become another user', 4 if $>;
    chmod 0755, $tmp;
    my @as_nobody = ($^X, '-MPOSIX', '-e', 'POSIX::setgid(65534); POSIX::setuid(65534) or die; exec @ARGV or die', $mpm, @common);
    $rc = run([@as_nobody, 'list', 'packages'], "$tmp/out", "$tmp/err", undef, 60);
    is($rc, 0, 'list packages as an unprivileged user') or diag slurp("$tmp/err");
    like(slurp("$tmp/out"), qr/^web$/m, 'reads the database');
    $rc = run([@as_nobody, 'verify', 'web'], "$tmp/out", "$tmp/err", undef, 60);
    is($rc, 0, 'verify too');
    $rc = run([@as_nobody, '-y', 'remove', 'web'], "$tmp/out", "$tmp/err", undef, 60);
    is($rc, 1, 'but removing is refused');
    chmod 0700, $tmp;
}

# ---- https:// repository: openssl s_server with a certificate made here ----
SKIP: {
    skip 'no openssl command', 6 unless system('openssl version > /dev/null 2>&1') == 0;
    my $sdir = "$tmp/https";
    make_path($sdir);
    system('cp', "$hrepo/SPM-METADATA", "$hrepo/web-1.4.0-1.spm", "$hrepo/base-5.0.0-1.spm", $sdir) == 0 or die;
    system("cd $sdir && openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 "
           . "-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 > /dev/null 2>&1") == 0 or die 'openssl req';
    my $spid = fork // die;
    if (!$spid) {
        chdir $sdir or die;
        open STDOUT, '>', "$tmp/s_server.out" or die;
        open STDERR, '>&', \*STDOUT;
        exec 'openssl', 's_server', '-WWW', '-quiet', '-accept', '127.0.0.1:0', '-cert', 'cert.pem', '-key', 'key.pem' or exit 127;
    }
    push @servers, $spid;
    my $sport;
    for (1 .. 100) {
        last if -e "$tmp/s_server.out" && (($sport) = slurp("$tmp/s_server.out") =~ /ACCEPT 127\.0\.0\.1:(\d+)/);
        select(undef, undef, undef, 0.1);
    }
    if (!$sport) { kill 'TERM', $spid; waitpid $spid, 0; skip 'openssl s_server did not start', 6 }
    my @s = ("--vardir=$tmp/svar", "--confdir=$tmp/sconf", "--modulepath=$tmp/smods");
    make_path("$tmp/sconf");
    spew("$tmp/sconf/mpm.repos", "tls:\n  url: https://127.0.0.1:$sport\n");
    ($rc, $out, $err) = mpm({bare => 1}, @s, 'update_repo');
    is($rc, 1, 'https: a certificate nobody vouches for: exit 1');
    like($err, qr{^Cannot update repository tls: Cannot fetch https://127\.0\.0\.1:$sport/SPM-METADATA: .*certificate}m, 'saying so');
    spew("$tmp/sconf/mpm.repos", "tls:\n  url: https://127.0.0.1:$sport\n  ca_file: $sdir/cert.pem\n");
    ($rc, $out, $err) = mpm({bare => 1}, @s, 'update_repo');
    is($rc, 0, 'https: with ca_file naming the CA') or diag $err;
    ($rc, $out, $err) = mpm({bare => 1}, @s, '-y', 'install', 'web');
    is($rc, 0, 'https: install web and base') or diag $err;
    ok(-f "$tmp/smods/web/manifests/init.pp" && -f "$tmp/smods/base/manifests/init.pp", 'both installed');
    kill 'TERM', $spid;
    waitpid $spid, 0;
    ok(1, 'the server is stopped');
}

# ---- --root: every path inside the root, symlinks included ----
my $root = "$tmp/root";
make_path("$root/etc/mcomp/code", "$root/elsewhere");
symlink('/elsewhere', "$root/etc/mcomp/code/modules") or die;   # absolute: inside the root
($rc, $out, $err) = mpm({bare => 1}, "--root=$root", '-y', 'local', 'install', "$repo2/base-5.0.0-1.spm");
is($rc, 0, '--root: local install') or diag $err;
ok(-f "$root/elsewhere/base/manifests/init.pp", 'the module lands in the root (an absolute symlink resolved inside it)');
ok(!-e '/elsewhere', 'nothing outside the root');
ok(-f "$root/var/lib/mapply/mpm/packages.db" || -f "$root/root/.mapply/mpm/packages.db" || glob("$root/*/*/mpm/packages.db") || glob("$root/*/*/*/mpm/packages.db"),
   'the database is in the root');
($rc, $out) = mpm({bare => 1}, "--root=$root", 'files', 'base');
like($out, qr{^\Q$root\E/etc/mcomp/code/modules/base/manifests/init\.pp$}m, 'files are shown with the root prefix');
($rc, $out) = mpm({bare => 1}, "--root=$root", '-y', 'remove', 'base');
ok(!-e "$root/elsewhere/base", '--root: remove');
# the repositories configured, the cache and the database in the root
make_path("$root/etc/mcomp");
spew("$root/etc/mcomp/mpm.repos", "main:\n  url: file://$repo2\n");
($rc, $out, $err) = mpm({bare => 1}, "--root=$root", '-y', 'install', 'base');
is($rc, 0, '--root: install from the repositories configured in the root') or diag $err;
ok(-f "$root/elsewhere/base/manifests/init.pp", 'into the root');
ok(glob("$root/*/*/*/mpm/cache/main/SPM-METADATA") || glob("$root/*/*/mpm/cache/main/SPM-METADATA"), 'the metadata cached in the root');

# ---- spm_uid and spm_gid (CONFDIR/mpm.conf): who owns what an install writes ----
SKIP: {
    skip 'needs root to give files away', 7 if $>;
    my ($duid, $dgid) = (getpwnam('daemon'))[2, 3];
    skip 'no daemon user', 7 unless defined $duid;
    my $oconf = "$tmp/oconf";
    make_path($oconf);
    my @oo = ("--vardir=$tmp/ovar", "--confdir=$oconf", "--modulepath=$tmp/omods", "--sharedir=$tmp/share");
    spew("$oconf/mpm.conf", "# SPM's keys\nspm_uid: daemon\nspm_gid: $dgid\nspm_repo_dups: ignore\n");
    ($rc, $out, $err) = mpm({bare => 1}, @oo, '-y', 'local', 'install', "$repo2/base-5.0.0-1.spm");
    is($rc, 0, 'spm_uid and spm_gid: install') or diag $err;
    my @f = stat("$tmp/omods/base/manifests/init.pp");
    my @d = stat("$tmp/omods/base/manifests");
    is("$f[4]:$f[5]", "$duid:$dgid", 'a file belongs to spm_uid (a name) and spm_gid (a number)');
    is("$d[4]:$d[5]", "$duid:$dgid", 'and so does a directory');
    # an upgrade keeps the owner of a file of nobody's as it was
    spew("$tmp/omods/base/mine.txt", "mine\n");
    ($rc, $out, $err) = mpm({bare => 1}, @oo, '-y', '-f', 'local', 'install', "$repo2/base-5.0.0-1.spm");
    is($rc, 0, 'a reinstall') or diag $err;
    is((stat "$tmp/omods/base/mine.txt")[4], $>, 'a file of nobody\'s keeps its owner');
    spew("$oconf/mpm.conf", "spm_uid: no_such_user_here\n");
    ($rc, $out, $err) = mpm({bare => 1}, @oo, '-y', '-f', 'local', 'install', "$repo2/base-5.0.0-1.spm");
    is($rc, 1, 'an unknown spm_uid: exit 1');
    is($err, "$oconf/mpm.conf: spm_uid: no user named no_such_user_here\n", 'saying so');
}

# a state under --root reads the root's modules, confined: a module whose
# manifests and files are absolute symlinks means the root's targets
{
    my $side = "$tmp/side";
    for my $where ('', $root) {
        make_path("$where$side/manifests", "$where$side/files");
        my $who = $where ? 'root' : 'host';
        spew("$where$side/manifests/init.pp", "class helper { file { '/state-out.txt': content => '$who side' }"
             . " file { '/state-src.txt': source => 'puppet:///modules/helper/x' } }\n");
        spew("$where$side/files/x", "$who file\n");
    }
    make_path("$root/mods/helper");
    symlink("$side/manifests", "$root/mods/helper/manifests") or die;
    symlink("$side/files", "$root/mods/helper/files") or die;
    my $st = module('rootstate', '1.0.0', '', formula => "pre_local_state: |\n  include helper\n");
    my $spm = build($st, "$tmp/pkgs-rootstate");
    ($rc, $out, $err) = mpm({bare => 1}, "--root=$root", '--modulepath=/mods', '-y', 'local', 'install', $spm);
    is($rc, 0, '--root: a pre state including a module of the root') or diag $err;
    is(slurp("$root/state-out.txt"), 'root side', 'the module\'s manifest is the root\'s (an absolute symlink resolved inside it)');
    is(slurp("$root/state-src.txt"), "root file\n", 'and so is a puppet:///modules source');
    ok(!-e '/state-out.txt' && !-e '/state-src.txt', 'nothing written outside the root');
}

done_testing();
