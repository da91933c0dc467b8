#!/usr/bin/perl
# t/confine.t - mapply, mres and mbucket --root DIR never reach outside
# DIR.  Beside the root, in this test's temporary directory, a sentinel
# directory holds files whose content, mode, owner and dates are recorded
# (and a module path whose files/ must not be left either).  Each case
# plants a tree in a fresh root (absolute symlinks to the sentinel's real
# path, relative "../.." links, links the catalog itself makes before a
# later resource writes through them) and applies a small manifest, first
# with --noop, then for real.  After every run: the sentinel and the module
# path are exactly as recorded, nothing new appeared beside the root, and
# no sentinel byte is in the root or the bucket.  And what the catalog does
# lands inside the root where Puppet puts it: "/../outside/x" is the root's
# /outside/x (Puppet's File.expand_path), a link is resolved as it would be
# in a chroot of the root.
use strict;
use warnings;
use File::Find;
use File::Temp qw(tempdir);
use Digest::SHA qw(sha256_hex);
use Time::HiRes qw(lstat);
use Test::More;
require './t/testlib.pl';

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
(my $mbucket = $mapply) =~ s/mapply$/mbucket/;
(my $mres = $mapply) =~ s/mapply$/mres/;
my $tmp  = tempdir(CLEANUP => 1);
my $root = "$tmp/root";
my $out  = "$tmp/outside";          # the sentinel: never touched
my $mods = "$tmp/mods";             # the module path: only read, and only below m/files
my $var  = "$tmp/var";
my $work = "$tmp/work";             # catalogs; and the no-root cases' own tree
my $is_root = $> == 0;
my $secret = 'SENTINEL-' . join('', map { ('a'..'z')[rand 26] } 1..16);

mkdir $_ or die "$_: $!" for $root, $var, $work;
my $before;

# The sentinel and the module path, made afresh (also after a check found
# them changed, so that each case is judged on its own), then recorded.
sub make_sentinel {
    system('rm', '-rf', '--', $out, $mods, $var) == 0 or die;
    mkdir $_ or die "$_: $!" for $out, $mods, $var;
    mkdir "$out/dir"; mkdir "$out/dir/sub";
    spew("$out/$_", "$secret $_\n") for qw(f x secret dir/g dir/sub/h);
    chmod 0644, "$out/f";
    symlink "$out/f", "$out/flink";
    spew("$out/passwd", "evil:x:31337:31337:$secret:/:/bin/sh\n");   # what a root's /etc -> here would name
    spew("$out/group", "evil:x:31337:$secret\n");
    mkdir "$mods/m"; mkdir "$mods/m/files"; mkdir "$mods/m/files/tree";
    spew("$mods/m/files/ok", "module ok\n");
    spew("$mods/m/files/tree/a", "tree a\n");
    symlink "$out/secret", "$mods/m/files/leak";           # a link in files/ pointing out
    symlink "../../../outside", "$mods/m/files/dirleak";   # a relative one, to a directory
    symlink "../../../outside/secret", "$mods/m/files/tree/rel";
    $before = snapshot();
}

# Everything outside the root a run could touch, as [type, mode, owner,
# size, mtime, content or target] by path; and the names beside the root.
sub snapshot {
    my %s;
    for my $top ($out, $mods) {
        find({ no_chdir => 1, wanted => sub {
            my @st = lstat $_ or return;
            my $what = -l _ ? 'l ' . readlink($_) : -d _ ? 'd' : -f _ ? 'f ' . slurp($_) : '?';
            $s{$_} = join ' ', $st[2], "$st[4]:$st[5]", $st[7], $st[9], $what;
        } }, $top);
    }
    opendir my $dh, $tmp or die;
    $s{'(beside the root)'} = join ',', sort grep { !/^\.\.?$/ } readdir $dh;
    return \%s;
}
make_sentinel();

# The file's content, or undef.
sub content { my ($p) = @_; return -f $p ? slurp($p) : undef }

# Paths under dir whose content (or link target) holds the sentinel.
sub leaks {
    my ($dir) = @_;
    my @hit;
    find({ no_chdir => 1, wanted => sub {
        if (-l $_) { push @hit, $_ if readlink($_) =~ /\Q$secret\E/ }
        elsif (-f $_) { push @hit, $_ if slurp($_) =~ /\Q$secret\E/ }
    } }, $dir) if -d $dir;
    return @hit;
}

sub check_outside {
    my ($label) = @_;
    my $same = is_deeply(snapshot(), $before, "$label: nothing outside the root created, changed or deleted");
    my @hit = (leaks($root), leaks($var), leaks("$work/noroot"));
    ok(!@hit, "$label: no sentinel content in the root or the bucket") or diag "@hit";
    make_sentinel() unless $same && !@hit;
}

# A fresh root: etc/passwd and group, then what the case plants.
sub fresh_root {
    my ($plant) = @_;
    system('rm', '-rf', '--', $root, "$work/noroot") == 0 or die;
    mkdir $_ or die for $root, "$work/noroot";
    mkdir "$root/etc";
    spew("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\nbob:x:4242:4242::/:/bin/sh\n");
    spew("$root/etc/group", "root:x:0:\nbob:x:4242:\n");
    $plant->() if $plant;
}

# Runs a command; (exit status, output).  The output is checked too: no
# sentinel byte in it (a diff, a message quoting a file).
our $cmd_label;
sub cmd {
    my $o = "$work/out.txt";
    my $rc = run([@_], $o);
    my $text = slurp($o);
    my $label = $cmd_label // join " ", map { s{^\Q$tmp\E/}{}r =~ s{^build/}{}r } @_;
    unlike($text, qr/\Q$secret\E/, "$label: no sentinel content in the output");
    return ($rc, $text);
}

# Compiles pp, applies it with --noop then for real (under --root unless
# noroot); checks the outside after each; returns the real run's (rc, out).
# refused: the catalog is refused before the run (exit 1, a source found
# nowhere), the noop run too.
my $n = 0;
sub apply {
    my ($label, $pp, %o) = @_;
    $n++;
    spew("$work/m$n.pp", $pp);
    my $rc = run([$mcomp, "$work/m$n.pp"], "$work/m$n.json", "$work/m$n.err");
    is($rc, 0, "$label: compiles") or diag slurp("$work/m$n.err");
    my @args = ('--detailed-exitcodes', '--show_diff', '--vardir', $var, '--modulepath', $mods);
    push @args, '--root', $root unless $o{noroot};
    local $cmd_label = "$label (noop)";
    my ($nrc, $nout) = cmd($mapply, @args, '--noop', "$work/m$n.json");
    if ($o{refused}) {
        is($nrc, 1, "$label (noop): refused before the run") or diag $nout;
    } else {
        ok($nrc == 0 || $nrc == 2 || $nrc == 4 || $nrc == 6, "$label (noop): ran") or diag $nout;
    }
    check_outside("$label (noop)");
    $cmd_label = $label;
    my ($arc, $aout) = cmd($mapply, @args, "$work/m$n.json");
    check_outside($label);
    return ($arc, $aout);
}

# The dir symlinks a root can hold: absolute to the sentinel's real path
# (a chroot sees <root><that path>), relative climbing out, relative to a
# name beside the root.
my %links = (
    abs  => $out,
    deep => '../../../../../../../../../../..' . $out,
    rel  => '../outside',
);

# ---- ".." in titles --------------------------------------------------
fresh_root();
my ($rc, $o) = apply('.. content', "file { '/../outside/x': content => \"mine\\n\" }\n");
is($rc, 4, '.. content: fails: the root has no /outside') or diag $o;
ok(!-e "$root/outside/x", '.. content: nothing made');

fresh_root(sub { mkdir "$root/outside" });
($rc, $o) = apply('.. content (dir in root)', "file { '/../outside/x': content => \"mine\\n\" }\n");
is($rc, 2, '.. content (dir in root): a change') or diag $o;
is(content("$root/outside/x"), "mine\n", "..: '/../outside/x' is the root's /outside/x");
like($o, qr{File\[/\.\./outside/x\]/ensure: defined content}, '..: logged under its title');

fresh_root();
($rc, $o) = apply('.. directory', "file { '/../../../outside': ensure => directory }\nfile { '/../outside/d/': ensure => directory }\n");
is($rc, 2, '.. directory: a change') or diag $o;
ok(-d "$root/outside/d", '.. directory: made in the root');

fresh_root(sub { mkdir "$root/outside"; spew("$root/outside/f", "inside\n") });
($rc, $o) = apply('.. absent force', "file { '/../outside': ensure => absent, force => true }\n");
is($rc, 2, '.. absent force: a change') or diag $o;
ok(!-e "$root/outside", ".. absent force: the root's /outside removed");

fresh_root(sub { mkdir "$root/outside"; spew("$root/outside/f", "inside\n") });
($rc, $o) = apply('.. backup suffix', "file { '/../outside/f': content => \"new\\n\", backup => '.bak' }\n");
is(content("$root/outside/f.bak"), "inside\n", '.. backup: the copy beside the root\'s file');

# ---- directory symlinks in the root, planted or made by the catalog ------
for my $kind (sort keys %links) {
    for my $made (0, 1) {
        my $how = $made ? "$kind link made by the catalog" : "$kind link planted";
        # where the links land inside the root: /outside for rel, <the
        # sentinel's real path> for abs and deep (as in a chroot of the root)
        my $in = $kind eq 'rel' ? "$root/outside" : "$root$out";
        my $plant = sub {
            system('mkdir', '-p', "$in/dir/xsub", "$in/dir/sub") == 0 or die;
            spew("$in/f", "inside\n");
            spew("$in/dir/g", "inside g\n");
            symlink $links{$kind}, "$root/etc2" or die unless $made;
        };
        my $mk = $made ? "file { '/etc2': ensure => link, target => '$links{$kind}' }\n" : '';
        my $dep = $made ? ", require => File['/etc2']" : '';
        my %cases = (
            content  => "file { '/etc2/f': content => \"over\\n\"$dep }\n",
            newfile  => "file { '/etc2/new': content => \"new\\n\"$dep }\n",
            mode     => "file { '/etc2/f': mode => '0600'$dep }\n",
            mkdir    => "file { '/etc2/newdir': ensure => directory$dep }\n",
            absent   => "file { '/etc2/f': ensure => absent$dep }\n",
            dirgone  => "file { '/etc2/dir': ensure => absent, force => true$dep }\n",
            backup   => "file { '/etc2/f': content => \"b\\n\", backup => '.bak'$dep }\n",
            bucket   => "file { '/etc2/f': content => \"b\\n\", backup => 'puppet'$dep }\n",
            link     => "file { '/etc2/flink': ensure => link, target => '/etc/passwd'$dep }\n",
            purge    => "file { '/etc2/dir': ensure => directory, recurse => true, purge => true, force => true, mode => '0700'$dep }\n",
            limit    => "file { '/etc2/dir': ensure => directory, recurse => true, recurselimit => 1, ignore => 'x*', mode => '0700'$dep }\n",
        );
        $cases{owner} = "file { '/etc2/f': owner => 'bob', group => 'bob'$dep }\n" if $is_root;
        for my $c (sort keys %cases) {
            fresh_root($plant);
            ($rc, $o) = apply("$how, $c", $mk . $cases{$c});
            is($rc, 2, "$how, $c: done inside the root") or diag $o;
            my %landed = (
                content => sub { content("$in/f") eq "over\n" },
                newfile => sub { content("$in/new") eq "new\n" },
                mode    => sub { ((lstat "$in/f")[2] & 07777) == 0600 },
                mkdir   => sub { -d "$in/newdir" },
                absent  => sub { !-e "$in/f" },
                dirgone => sub { !-e "$in/dir" },
                backup  => sub { content("$in/f.bak") eq "inside\n" },
                bucket  => sub { content("$in/f") eq "b\n" },
                link    => sub { readlink("$in/flink") eq '/etc/passwd' },
                purge   => sub { -d "$in/dir" && !-e "$in/dir/g" && !-e "$in/dir/sub" },
                limit   => sub { ((lstat "$in/dir/sub")[2] & 07777) == 0700 && ((lstat "$in/dir/g")[2] & 07777) == 0700
                                 && ((lstat "$in/dir/xsub")[2] & 07777) != 0700 },
                owner   => sub { (lstat "$in/f")[4] == 4242 },
            );
            ok($landed{$c}->(), "$how, $c: lands where a chroot of the root puts it");
        }
    }
}

# validate_cmd runs chrooted in the root: the temporary file's path it
# gets names, there, the file written through the same links
SKIP: {
    skip 'validate_cmd under --root needs root (chroot)', 3 * 11 unless $is_root;
    for my $kind (sort keys %links) {
        my $in = $kind eq 'rel' ? "$root/outside" : "$root$out";
        fresh_root(sub {
            system('mkdir', '-p', "$root/bin", $in) == 0 or die;
            system('cp', '/bin/sh', "$root/bin/sh") == 0 or die;
            for my $lib (map { m{(/\S+)} ? $1 : () } grep { /=>\s*\/|^\s*\// } split /\n/, `ldd /bin/sh`) {
                (my $d = "$root$lib") =~ s{/[^/]+$}{};
                system('mkdir', '-p', $d) == 0 && system('cp', $lib, "$root$lib") == 0 or die;
            }
            symlink $links{$kind}, "$root/etc2" or die;
        });
        ($rc, $o) = apply("validate_cmd through the $kind link",
                          qq{file { '/etc2/v': content => "v\\n", validate_cmd => "/bin/sh -c 'read l < %; echo \\\$l % > /seen'" }\n});
        is($rc, 2, "validate_cmd through the $kind link: passes") or diag $o;
        like(content("$root/seen") // '', qr{^v /etc2/\.v\.mapply\.\d+\.\w{6}$}, "validate_cmd through the $kind link: the path it gets, read in the root");
        is(content("$in/v"), "v\n", "validate_cmd through the $kind link: the file where a chroot puts it");
    }
}

# owner and group names are looked up in the root's /etc/passwd and
# /etc/group, read in the root: an /etc linked out names nobody
for my $kind (sort keys %links) {
    fresh_root(sub { system('rm', '-rf', "$root/etc") == 0 or die; symlink $links{$kind}, "$root/etc" or die });
    my $owner = $is_root ? ", owner => 'evil'" : '';
    ($rc, $o) = apply("ids through an /etc $kind link", "file { '/f': content => \"x\\n\", group => 'evil'$owner }\n");
    is($rc, 4, "ids through an /etc $kind link: fails") or diag $o;
    like($o, qr{Could not find (user|group) evil}, "ids through an /etc $kind link: no such name in the root");
}

# a whole tree through links: a file of the catalog's made link, then a
# later resource writing below it
fresh_root(sub { mkdir "$root$_" for '/tmp', "/tmp/x" });
($rc, $o) = apply('catalog link then write', <<"EOF");
file { '/etc/l': ensure => link, target => '$out/dir' }
file { '/etc/l/g': content => "over\\n", require => File['/etc/l'] }
file { '/etc/l/sub': ensure => absent, force => true, require => File['/etc/l'] }
EOF
is($rc, 6, 'catalog link then write: the link made, the writes fail (no such directory in the root)') or diag $o;
is(readlink("$root/etc/l"), "$out/dir", 'catalog link then write: the link is as asked');

# ---- sources ----------------------------------------------------------------
my $src_fail = qr{Could not retrieve information from environment production source\(s\)};
for my $s ('/../outside/secret', 'file:///../outside/secret', '/ls', '/lr', '/lrel/secret') {
    fresh_root(sub {
        symlink "$out/secret", "$root/ls";
        symlink "../../../../../../../..$out/secret", "$root/lr";
        symlink "../outside", "$root/lrel";
    });
    ($rc, $o) = apply("source $s", "file { '/copy': source => '$s' }\n", refused => 1);
    is($rc, 1, "source $s: not found in the root") or diag $o;
    like($o, $src_fail, "source $s: Puppet's message");
    ok(!-e "$root/copy", "source $s: nothing copied");
}
fresh_root(sub { mkdir "$root/outside"; spew("$root/outside/secret", "the root's own\n"); symlink '/outside/secret', "$root/ls" });
($rc, $o) = apply('source in root', "file { '/copy': source => '/../outside/secret' }\nfile { '/copy2': source => 'file:///ls' }\n");
is($rc, 2, 'source in root: a change') or diag $o;
is(content("$root/copy"), "the root's own\n", "source '/../outside/secret' is the root's /outside/secret");
is(content("$root/copy2"), "the root's own\n", 'a symlinked source is followed inside the root');

for my $follow ('manage', 'follow') {
    fresh_root(sub {
        symlink $out, "$root/srcdir";                      # the whole source is a link out
        mkdir "$root/src"; spew("$root/src/a", "a\n");
        symlink "$out/dir", "$root/src/abs";               # links inside a source tree
        symlink "../../../../../../..$out/secret", "$root/src/rel";
        symlink "../../outside", "$root/src/up";
    });
    ($rc, $o) = apply("recursive source over a link ($follow)",
                      "file { '/copy': source => '/srcdir', recurse => true, links => $follow }\n", refused => 1);
    like($o, $src_fail, "recursive source over a link ($follow): not found in the root");
    ($rc, $o) = apply("recursive source ($follow)",
                      "file { '/copy2': source => '/src', recurse => true, links => $follow }\n");
    is(content("$root/copy2/a"), "a\n", "recursive source ($follow): the tree copied");
    if ($follow eq 'manage') {
        is(readlink("$root/copy2/abs"), "$out/dir", 'recursive source (manage): a link copied as a link');
    } else {
        ok(!-e "$root/copy2/abs" && !-l "$root/copy2/abs", 'recursive source (follow): a link out is not followed');
    }
}

for my $noroot (0, 1) {
    my $dest = $noroot ? "$work/noroot" : '';
    my $w = $noroot ? 'without --root' : 'with --root';
    for my $s ('puppet:///modules/m/../../../outside/secret', 'puppet:///modules/m/leak',
               'puppet:///modules/m/dirleak/secret', 'puppet:///modules/../outside/secret',
               'puppet:///modules/m/tree/rel') {
        fresh_root();
        ($rc, $o) = apply("$s $w", "file { '$dest/copy': source => '$s' }\n", noroot => $noroot, refused => 1);
        is($rc, 1, "$s $w: refused") or diag $o;
        like($o, $src_fail, "$s $w: Puppet's message");
    }
    fresh_root();
    ($rc, $o) = apply("module tree $w", <<"EOF", noroot => $noroot);
file { '$dest/t': source => 'puppet:///modules/m/tree', recurse => true, links => follow }
file { '$dest/ok': source => 'puppet:///modules/m/ok' }
EOF
    my ($drc, $do) = apply("module dir link out $w",
                           "file { '$dest/dl': source => 'puppet:///modules/m/dirleak', recurse => true }\n",
                           noroot => $noroot, refused => 1);
    is($drc, 1, "module dir link out $w: the catalog refused") or diag $do;
    my $base = $noroot ? "$work/noroot" : $root;
    is(content("$base/t/a"), "tree a\n", "module tree $w: the module's files copied");
    ok(!-e "$base/t/rel", "module tree $w: a link out of files/ not followed");
    is(content("$base/ok"), "module ok\n", "module file $w: copied");
    like($do, $src_fail, "module dir link out $w: refused");
}

# ---- mres ------------------------------------------------------------------
fresh_root(sub { symlink $out, "$root/etc2"; symlink '../outside', "$root/up" });
for my $p ('/../outside/secret', '/etc2/secret', '/up/secret', '/../../outside/flink') {
    ($rc, $o) = cmd($mres, '--root', $root, 'file', $p);
    is($rc, 0, "mres file $p: runs") or diag $o;
    like($o, qr{ensure\s*=>\s*'absent'}, "mres file $p: absent in the root");
    my $sum = sha256_hex("$secret secret\n");
    unlike($o, qr{$sum}, "mres file $p: no sum of the outside file");
    check_outside("mres file $p");
}
($rc, $o) = cmd($mres, '--root', $root, '--vardir', $var, 'file', '/etc2/f', 'ensure=absent');
check_outside('mres file /etc2/f ensure=absent');

# ---- mbucket restore --------------------------------------------------------
# (content put in the bucket by a run first, each time: a failed check
# makes the sentinel and the bucket afresh)
my $sum = sha256_hex("restorable\n");
for my $p ('/../outside/secret', '/etc2/secret', '/etc3/secret', '/etc2/flink', '/up/secret') {
    fresh_root(sub {
        spew("$root/b", "restorable\n");
        mkdir "$root/outside";
        symlink $out, "$root/etc2";
        symlink '../../../../../../../..' . $out, "$root/etc3";
        symlink '../outside', "$root/up";
    });
    apply("bucket fill for $p", "file { '/b': content => \"later\\n\", backup => 'puppet' }\n");
    ($rc, $o) = cmd($mbucket, '--root', $root, '--vardir', $var, 'restore', $p, $sum);
    if ($p =~ m{^/(\.\.|up)/}) {
        is($rc, 0, "mbucket restore $p: done") or diag $o;
        is(content("$root/outside/secret"), "restorable\n", "mbucket restore $p: in the root's /outside");
    } else {
        is($rc, 1, "mbucket restore $p: no such directory in the root") or diag $o;
    }
    check_outside("mbucket restore $p");
}

done_testing();
