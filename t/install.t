#!/usr/bin/perl
# t/install.t - `make install DESTDIR=TMP` puts the five tools, their man pages and
# the examples under TMP/usr/local, and the installed tools work from there (no path
# into the build tree): mcomp compiles a small manifest, mapply applies it under
# --root (--noop, then for real), mres, mbucket and mpm answer --version; `make
# uninstall` takes every file away again.  With TEST_DEB=1, `make deb` (built from a
# copy of the tree into TMP) is installed with dpkg --root into TMP, run, and purged;
# that part is skipped by default (the package build takes about a minute of two
# cores, too long for every run of the suite), when debhelper or a build dependency
# is missing, and in the sanitizer pass (the package is built with Debian's flags
# whatever the build flavour).  Everything is written under a temporary directory.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Find;
use File::Temp qw(tempdir);
use Test::More;

require './t/testlib.pl';   # slurp, spew, run

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $bdir = dirname($mcomp);
my @tools = qw(mcomp mapply mres mbucket mpm);
my $tmp = tempdir('install-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $make = $ENV{MAKE} || 'make';

for (@tools) { -x "$bdir/$_" or plan skip_all => "$bdir/$_ is not built" }

# Files (not directories) under DIR, relative to it, sorted.
sub files_under {
    my ($dir, $skip) = @_;
    my @f;
    find({ no_chdir => 1, wanted => sub {
        return if -d $_;
        my $rel = substr($File::Find::name, length($dir) + 1);
        push @f, $rel unless $skip && $rel =~ $skip;
    } }, $dir) if -d $dir;
    return sort @f;
}

# The installed tools, run from DIR/bin: versions, then a compile and two applies
# under a root of their own (TAG names the check).
sub check_tools {
    my ($bin, $tag) = @_;
    for my $t (@tools) {
        my $st = run(["$bin/$t", '--version'], "$tmp/out", "$tmp/err");
        is($st, 0, "$tag: $t --version exits 0");
        is(slurp("$tmp/out"), "$t 0.1\n", "$tag: $t --version prints its name and version");
    }
    my $root = "$tmp/root-$tag";
    mkdir $root;
    mkdir "$root/etc";
    spew("$tmp/site.pp", "file { '/etc/motd': ensure => file, content => \"hello\\n\" }\n");
    spew("$tmp/facts.json", '{"networking": {"fqdn": "t.example.com"}}');
    my $st = run(["$bin/mcomp", '--facts', "$tmp/facts.json", '-o', "$tmp/cat.json", "$tmp/site.pp"],
                 "$tmp/out", "$tmp/err", undef, 120);
    is($st, 0, "$tag: the installed mcomp compiles a manifest") or diag slurp("$tmp/err");
    $st = run(["$bin/mapply", '--noop', '--root', $root, '--vardir', "$tmp/var-$tag", "$tmp/cat.json"],
              "$tmp/out", "$tmp/err", undef, 120);
    is($st, 0, "$tag: mapply --noop --root exits 0") or diag slurp("$tmp/err");
    like(slurp("$tmp/out"), qr{^Notice: /Stage\[main\]/Main/File\[/etc/motd\]/ensure: current_value 'absent', should be 'file' \(noop\)$}m,
         "$tag: --noop says what it would change");
    ok(!-e "$root/etc/motd", "$tag: --noop changed nothing");
    $st = run(["$bin/mapply", '--root', $root, '--vardir', "$tmp/var-$tag", "$tmp/cat.json"],
              "$tmp/out", "$tmp/err", undef, 120);
    is($st, 0, "$tag: mapply --root applies it") or diag slurp("$tmp/err");
    is(-e "$root/etc/motd" ? slurp("$root/etc/motd") : undef, "hello\n", "$tag: the file is there, under the root");
}

# ---- make install / uninstall
my $dest = "$tmp/dest";
my @old = map { ('-o', "$bdir/$_") } @tools;    # never rebuild the tools under test
my $st = run([$make, '-s', "B=$bdir", @old, 'install', "DESTDIR=$dest"], "$tmp/make.out", undef, undef, 300);
is($st, 0, 'make install DESTDIR=... exits 0') or diag slurp("$tmp/make.out");
my @want = ((map { "usr/local/bin/$_" } @tools), (map { "usr/local/share/man/man1/$_.1" } @tools),
            map { "usr/local/share/doc/mcomp/examples/$_" } qw(demo.sh site.pp modules/motd/manifests/init.pp
                                                          modules/motd/templates/motd.epp));
is_deeply([files_under($dest)], [sort @want], 'it installs the tools, the man pages and the examples');
ok(-x "$dest/usr/local/share/doc/mcomp/examples/demo.sh", 'demo.sh is executable');
check_tools("$dest/usr/local/bin", 'install');

$st = run([$make, '-s', "B=$bdir", @old, 'uninstall', "DESTDIR=$dest"], "$tmp/make.out", undef, undef, 300);
is($st, 0, 'make uninstall exits 0') or diag slurp("$tmp/make.out");
is_deeply([files_under($dest)], [], 'make uninstall leaves no file behind');

# ---- make deb
SKIP: {
    skip 'make deb: about a minute; TEST_DEB=1 runs it', 1 unless $ENV{TEST_DEB};
    skip 'make deb: the sanitizer pass (the package does not depend on the build flavour)', 1
        if $bdir =~ m{(^|/)asan$};
    for my $cmd (qw(dh dpkg-buildpackage dpkg-checkbuilddeps)) {
        skip "make deb: $cmd is not installed (make deb-deps installs it)", 1
            unless grep { -x "$_/$cmd" } split /:/, $ENV{PATH};
    }
    skip 'make deb: build dependencies missing (dpkg-checkbuilddeps fails)', 1
        if run(['dpkg-checkbuilddeps', 'debian/control'], "$tmp/out", undef) != 0;
    my $b = "$tmp/b";
    # (DEPS_PKGS and DEB_DEPS_PKGS emptied: make deb's dependency check must not install anything)
    $st = run([$make, '-s', "B=$b", 'DEPS_PKGS=', 'DEB_DEPS_PKGS=', 'deb'], "$tmp/deb.out", undef, undef, 600);
    is($st, 0, 'make deb exits 0') or diag slurp("$tmp/deb.out");
    my ($deb) = glob("$b/deb/mcomp_*.deb");
    ok($deb, 'it makes a .deb');
    run(['dpkg-deb', '-f', $deb, 'Depends'], "$tmp/out", undef);
    my $dep = slurp("$tmp/out");
    like($dep, qr/\blibonig5\b/, 'Depends names libonig5 (loaded with dlopen)');
    like($dep, qr/\b$_\b/, "Depends names $_ (from dh_shlibdeps)") for qw(libruby3.1 libyaml-0-2 libgvc6 libarchive13 libsqlite3-0 libcurl4);
    my $root = "$tmp/dpkgroot";
    mkdir $_ for $root, "$root/var", "$root/var/lib", "$root/var/lib/dpkg", "$root/var/lib/dpkg/info",
                 "$root/var/lib/dpkg/updates";
    spew("$root/var/lib/dpkg/status", '');
    my @dpkg = ('dpkg', "--root=$root", "--log=$tmp/dpkg.log", '--force-not-root');
    $st = run([@dpkg, '--force-depends', '-i', $deb], "$tmp/out", undef, undef, 120);
    is($st, 0, 'dpkg --root -i installs it') or diag slurp("$tmp/out");
    ok(-e "$root/usr/share/man/man1/mapply.1.gz", 'with the man pages');
    check_tools("$root/usr/bin", 'deb');
    $st = run([@dpkg, '-P', 'mcomp'], "$tmp/out", undef, undef, 120);
    is($st, 0, 'dpkg --root -P purges it') or diag slurp("$tmp/out");
    is_deeply([files_under($root, qr{^var/lib/dpkg/})], [], 'nothing is left but dpkg\'s own database');
}

done_testing();
