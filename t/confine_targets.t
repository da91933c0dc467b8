#!/usr/bin/perl
# t/confine_targets.t - under mapply --root (and mres --root) the types other
# than file keep every path inside the root: host and cron targets, pkgrepo's
# sources.list.d, file_line, ini_setting and concat_file paths, exec's
# creates, cwd and onlyif, the root's /etc/passwd and /etc/group.  Each case plants a tree in a fresh root (absolute
# symlinks to a sentinel directory beside the root, relative links climbing
# out with "../..", paths like "/../x", a link the catalog makes itself),
# applies a catalog with --noop and then for real, and checks that nothing
# outside the root was created, changed or deleted, that no sentinel content
# was read into the root, the vardir or the output, and that the change
# landed where it belongs inside the root.  Everything happens in one
# temporary directory: the root, the sentinel, the "outside" files.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path remove_tree);
use File::Basename qw(dirname);
use File::Find;
use Test::More;
require './t/testlib.pl';

my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mres   = $mapply =~ s/mapply$/mres/r;
my $mods   = '/usr/share/puppet/modules';
my $have_mods = -d "$mods/stdlib" && -d "$mods/inifile" && -d "$mods/concat";
my $is_root = $> == 0;

my $tmp  = tempdir(CLEANUP => 1);
mkdir "$tmp/cat" or die;
my $root = "$tmp/root";
my $sent = "$tmp/sentinel";         # outside the root, as "/x" outside a chroot would be
my $MARK = 'SENTINEL-MARK';
spew("$tmp/facts.json", '{"clientversion": "7.23.0", "kernel": "Linux"}');   # no facter run per compile

# ---- the sentinel, outside files, and a fresh root per case ----

sub plant_outside {
    remove_tree($sent, "$tmp/x", "$tmp/fl.txt", "$tmp/app.ini", "$tmp/sentinel-file");
    make_path("$sent/crontabs", "$sent/apt");
    spew("$sent/apt/sent.list", "# $MARK\ndeb http://sentinel.example/debian stable main\n");
    spew("$sent/hosts", "10.9.9.9\tsentinelhost\t# $MARK\n");
    spew("$sent/passwd", "sentineluser:x:4000:4000:$MARK:/home/s:/bin/sh\n");
    spew("$sent/group", "sentinelgroup:x:4000:\n");
    spew("$sent/crontabs/root", "# $MARK\n1 2 3 4 5 /bin/sentinel-job\n");
    chmod 0600, "$sent/crontabs/root";
    spew("$sent/sentinel-file", "$MARK\n");
    spew("$sent/fl.txt", "$MARK\n");
    spew("$sent/app.ini", "[main]\nkey = $MARK\n");
    spew("$tmp/x", "$MARK outside x\n");
    spew("$tmp/fl.txt", "$MARK outside fl\n");
    spew("$tmp/app.ini", "[main]\nkey = $MARK\n");
    spew("$tmp/sentinel-file", "$MARK\n");
}

# A bare root: /etc/passwd and /etc/group with root, a spool parent, and
# (for execs, which run chrooted) /bin/sh with its libraries.
sub fresh_root {
    remove_tree($root, "$tmp/var");
    make_path("$root/etc", "$root/var/spool/cron", "$root/bin");
    spew("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
    spew("$root/etc/group", "root:x:0:\ncrontab:x:107:\n");
    copy('/bin/sh', "$root/bin/sh") or die $!;
    chmod 0755, "$root/bin/sh";
    for my $lib (map { m{(/\S+)} ? $1 : () } grep { /=>\s*\/|^\s*\// } split /\n/, `ldd /bin/sh`) {
        make_path($root . dirname($lib));
        copy($lib, "$root$lib") or die "$lib: $!";
        chmod 0755, "$root$lib";
    }
}

# Everything under $tmp but the root, the vardir and the catalogs: type,
# mode, size, mtime, link target and content of each entry.
sub snap {
    my %s;
    find({ no_chdir => 1, preprocess => sub { sort @_ }, wanted => sub {
        my $p = $File::Find::name;
        if ($p eq $root || $p eq "$tmp/var" || $p eq "$tmp/cat") { $File::Find::prune = 1; return }
        my @st = lstat $p or return;
        # a directory's own mtime moves when the vardir is made beside the
        # root; what it holds is checked entry by entry
        my $d = -d _ ? sprintf('%o', $st[2]) : sprintf('%o %d %d', $st[2], $st[7], $st[9]);
        $d .= ' -> ' . readlink($p) if -l _;
        $d .= ' ' . slurp($p) if -f _;
        $s{$p} = $d;
    } }, $tmp);
    return \%s;
}

# The files under the root and the vardir holding sentinel content.
sub marked_inside {
    my @hits;
    for my $top ($root, "$tmp/var") {
        next unless -d $top;
        find({ no_chdir => 1, wanted => sub {
            push @hits, $File::Find::name if -f $File::Find::name && !-l $File::Find::name
                && index(slurp($File::Find::name), $MARK) >= 0;
        } }, $top);
    }
    return \@hits;
}

sub compile {
    my ($name, $pp) = @_;
    spew("$tmp/cat/$name.pp", $pp);
    my @mp = $have_mods ? ('--modulepath', $mods) : ();
    my $rc = run([$mcomp, '--facts', "$tmp/facts.json", @mp, "$tmp/cat/$name.pp"], "$tmp/cat/$name.json", "$tmp/cat/$name.err");
    diag slurp("$tmp/cat/$name.err") if $rc;
    return $rc;
}

our @mapply_extra;    # options every mapply of a case gets (--modulepath)
sub mapply {
    my ($name, @opt) = @_;
    my $rc = run([$mapply, '--root', $root, '--vardir', "$tmp/var", '--detailed-exitcodes', @mapply_extra, @opt,
                  "$tmp/cat/$name.json"], "$tmp/cat/$name.out");
    return ($rc, slurp("$tmp/cat/$name.out"));
}

sub mres {
    my @args = @_;
    my $rc = run([$mres, '--root', $root, @args], "$tmp/cat/mres.out");
    return ($rc, slurp("$tmp/cat/mres.out"));
}

# Nothing outside changed since $before, nothing of it read inside.
sub outside_intact {
    my ($what, $before, $out) = @_;
    is_deeply(snap(), $before, "$what: nothing outside the root created, changed or deleted");
    is_deeply(marked_inside(), [], "$what: no sentinel content read into the root or the vardir");
    unlike($out // '', qr/\Q$MARK\E|sentinelhost|sentinel-job|sentineluser|sentinel\.example/, "$what: nor into the output");
}

# One case: setup plants the tree, the catalog is applied with --noop and
# then for real, each followed by the outside checks; check gets (rc, output).
my $ncase = 0;
sub case {
    my ($name, $pp, $setup, $check) = @_;
    my $cat = 'case' . ++$ncase;
    plant_outside();
    fresh_root();
    $setup->() if $setup;
    my $before = snap();
    SKIP: {
        skip "$name: does not compile", 1 if compile($cat, $pp);
        my ($rc, $out) = mapply($cat, '--noop');
        ok($rc == 0 || $rc == 2 || $rc == 4 || $rc == 6, "$name --noop: runs (exit $rc)") or diag $out;
        outside_intact("$name --noop", $before, $out);
        ($rc, $out) = mapply($cat);
        outside_intact($name, $before, $out);
        $check->($rc, $out) if $check;
    }
}

sub content { -f $_[0] ? slurp($_[0]) : undef }
sub body { my $c = content($_[0]); $c =~ s/^# HEADER: .*\n//mg if defined $c; $c }

# ---------------------------------------------------------------- host

case('host through an absolute link', "host { 'h1': ip => '10.0.0.1' }\n",
     sub { symlink("$sent/hosts", "$root/etc/hosts") or die; make_path("$root$sent") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the host is added') or diag $out;
         ok(-l "$root/etc/hosts", '/etc/hosts is still the link');
         is(body("$root$sent/hosts"), "10.0.0.1\th1\n", "the link's target inside the root got the entry");
     });

case('host through an absolute link, target missing in the root', "host { 'h1': ip => '10.0.0.1' }\n",
     sub { symlink("$sent/hosts", "$root/etc/hosts") or die },
     sub {
         my ($rc, $out) = @_;
         is($rc, 4, 'the host fails: its file cannot be made') or diag $out;
         like($out, qr{Host\[h1\].*No such file or directory.* - /etc/hosts}, 'saying so for /etc/hosts');
     });

case('host through a relative link climbing out', "host { 'h1': ip => '10.0.0.1' }\n",
     sub { symlink('../../sentinel/hosts', "$root/etc/hosts") or die; make_path("$root/sentinel") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the host is added') or diag $out;
         is(body("$root/sentinel/hosts"), "10.0.0.1\th1\n", "'..' stopped at the root's top");
     });

case("host target '/../x'", "host { 'h1': ip => '10.0.0.1', target => '/../x' }\n", undef,
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the host is added') or diag $out;
         is(body("$root/x"), "10.0.0.1\th1\n", '/../x is /x in the root');
     });

case('host through a directory link the catalog makes',
     "file { '/etc3': ensure => link, target => '$sent' }\n"
     . "host { 'h1': ip => '10.0.0.1', target => '/etc3/hosts', require => File['/etc3'] }\n",
     sub { make_path("$root$sent") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the link and the host are made') or diag $out;
         is(readlink("$root/etc3"), $sent, 'the link is in the root');
         is(body("$root$sent/hosts"), "10.0.0.1\th1\n", 'the host went through it, inside the root');
     });

plant_outside();
fresh_root();
symlink("$sent/hosts", "$root/etc/hosts") or die;
{
    my $before = snap();
    my ($rc, $out) = mres('host');
    is($rc, 0, 'mres host through a link out: runs') or diag $out;
    outside_intact('mres host (absolute link)', $before, $out);
    unlink "$root/etc/hosts";
    symlink('../../sentinel/hosts', "$root/etc/hosts") or die;
    ($rc, $out) = mres('host');
    outside_intact('mres host (relative link)', $before, $out);
}

# ---------------------------------------------------------------- cron

my $job = "cron { 'job': command => '/bin/true', user => 'root', minute => '5' }\n";
case('cron spool dir an absolute link out, missing in the root', $job,
     sub { symlink("$sent/crontabs", "$root/var/spool/cron/crontabs") or die },
     sub {
         my ($rc, $out) = @_;
         is($rc, 4, 'the cron job fails: the spool dir is not in the root') or diag $out;
         ok(-l "$root/var/spool/cron/crontabs", 'the link is left as it was');
     });

case('cron spool dir an absolute link out', $job,
     sub { symlink("$sent/crontabs", "$root/var/spool/cron/crontabs") or die; make_path("$root$sent/crontabs") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the job is added') or diag $out;
         like(body("$root$sent/crontabs/root") // '', qr{^5 \* \* \* \* /bin/true$}m, "in the link's target inside the root");
     });

case('cron spool dir a relative link climbing out', $job,
     sub { symlink('../../../../sentinel/crontabs', "$root/var/spool/cron/crontabs") or die;
           make_path("$root/sentinel/crontabs") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the job is added') or diag $out;
         like(body("$root/sentinel/crontabs/root") // '', qr{^5 \* \* \* \* /bin/true$}m, "'..' stopped at the root's top");
     });

plant_outside();
fresh_root();
symlink("$sent/crontabs", "$root/var/spool/cron/crontabs") or die;
{
    my $before = snap();
    my ($rc, $out) = mres('cron');
    is($rc, 0, 'mres cron through a link out: runs') or diag $out;
    outside_intact('mres cron', $before, $out);
}

# ---------------------------------------------------------------- pkgrepo

my $repo = "pkgrepo { 'local': uri => 'http://deb.example/debian', dist => 'stable', comps => 'main' }\n";
case('pkgrepo with sources.list.d an absolute link out', $repo,
     sub { make_path("$root/etc/apt"); symlink("$sent/apt", "$root/etc/apt/sources.list.d") or die;
           make_path("$root$sent/apt") },
     sub {
         my ($rc, $out) = @_;
         is($rc, 2, 'the repository is added') or diag $out;
         is(content("$root$sent/apt/local.list"), "deb http://deb.example/debian stable main\n",
            "in the link's target inside the root");
     });

case('pkgrepo with sources.list.d a relative link out', $repo,
     sub { make_path("$root/etc/apt"); symlink('../../../sentinel/apt', "$root/etc/apt/sources.list.d") or die },
     sub { my ($rc, $out) = @_; is($rc, 4, 'fails: the directory is not in the root') or diag $out });

plant_outside();
fresh_root();
make_path("$root/etc/apt");
symlink("$sent/apt", "$root/etc/apt/sources.list.d") or die;
{
    my $before = snap();
    my ($rc, $out) = mres('pkgrepo');
    is($rc, 0, 'mres pkgrepo through a link out: runs') or diag $out;
    outside_intact('mres pkgrepo', $before, $out);
}

# ------------------------------------------------ file_line, ini_setting, concat

SKIP: {
    skip "the Forge modules are not installed in $mods", 1 unless $have_mods;

    case("file_line path '/../fl.txt'", "file_line { 'l': path => '/../fl.txt', line => 'added' }\n",
         sub { spew("$root/fl.txt", "first\n") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the line is added') or diag $out;
             is(content("$root/fl.txt"), "first\nadded\n", '/../fl.txt is /fl.txt in the root');
         });

    case('file_line through a directory link out', "file_line { 'l': path => '/cfg/fl.txt', line => 'added' }\n",
         sub { symlink($sent, "$root/cfg") or die; make_path("$root$sent"); spew("$root$sent/fl.txt", "first\n") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the line is added') or diag $out;
             is(content("$root$sent/fl.txt"), "first\nadded\n", "in the link's target inside the root");
         });

    case('file_line through a directory link out, missing in the root',
         "file_line { 'l': path => '/cfg/fl.txt', line => 'added' }\n",
         sub { symlink($sent, "$root/cfg") or die },
         sub { my ($rc, $out) = @_; is($rc, 4, 'fails: there is no such file in the root') or diag $out });

    case("ini_setting path '/../app.ini'",
         "ini_setting { 's': path => '/../app.ini', section => 'main', setting => 'key', value => 'v' }\n",
         sub { spew("$root/app.ini", "[main]\nkey = old\n") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the setting changes') or diag $out;
             is(content("$root/app.ini"), "[main]\nkey = v\n", '/../app.ini is /app.ini in the root');
         });

    case('ini_setting through a directory link out',
         "ini_setting { 's': path => '/cfg/app.ini', section => 'main', setting => 'key', value => 'v' }\n",
         sub { symlink($sent, "$root/cfg") or die; make_path("$root$sent") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the setting is made') or diag $out;
             is(content("$root$sent/app.ini"), "[main]\nkey = v\n", "in the link's target inside the root");
         });

    case('ini_setting through a relative link out',
         "ini_setting { 's': path => '/cfg/app.ini', section => 'main', setting => 'key', value => 'v' }\n",
         sub { symlink('../sentinel', "$root/cfg") or die; make_path("$root/sentinel") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the setting is made') or diag $out;
             is(content("$root/sentinel/app.ini"), "[main]\nkey = v\n", "'..' stopped at the root's top");
         });

    # a fragment's source is read in the root (the concat_file's own path
    # is a plain one here: writing it is the file type's)
    case("concat_fragment source '/../x'",
         "concat_file { '/out.txt': }\nconcat_fragment { 'f': target => '/out.txt', source => '/../x' }\n",
         sub { spew("$root/x", "inside x\n") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the file is made') or diag $out;
             is(content("$root/out.txt"), "inside x\n", "/../x is read as /x in the root");
         });

    case('concat_fragment source through a link out',
         "concat_file { '/out.txt': }\nconcat_fragment { 'f': target => '/out.txt', source => 'file:///lnk/sentinel-file' }\n",
         sub { symlink($sent, "$root/lnk") or die },
         sub {
             my ($rc, $out) = @_;
             like($out, qr{Could not retrieve source\(s\) file:///lnk/sentinel-file}, 'the source is not in the root');
             is(content("$root/out.txt") // '', '', 'nothing of the outside file was read');
         });

    # a puppet:/// source stays below its module's files/
    make_path("$tmp/mp/m/files");
    spew("$tmp/mp/m/files/ok.txt", "from the module\n");
    {
        local @mapply_extra = ('--modulepath', "$tmp/mp");
        case('concat_fragment puppet:/// source climbing out of the module',
             "concat_file { '/out.txt': }\nconcat_fragment { 'a': target => '/out.txt', source => 'puppet:///modules/m/ok.txt' }\n"
             . "concat_fragment { 'b': target => '/out.txt', source => 'puppet:///modules/m/../../../sentinel-file' }\n",
             undef,
             sub {
                 my ($rc, $out) = @_;
                 like($out, qr{Could not retrieve source\(s\) puppet:///modules/m/\.\./\.\./\.\./sentinel-file},
                      'the source out of the module is not found');
                 is(content("$root/out.txt") // '', '', 'the file is not written with part of its fragments');
             });
    }

    # concat_file writes through the file type, which keeps its path in the root
    plant_outside();
    case("concat_file path '/../x'",
         "concat_file { '/../x': }\nconcat_fragment { 'f': target => '/../x', content => \"made\\n\" }\n", undef,
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the file is made') or diag $out;
             is(content("$root/x"), "made\n", '/../x is /x in the root');
         });

    case('concat_file through a directory link out',
         "concat_file { '/cfg/c.txt': }\nconcat_fragment { 'f': target => '/cfg/c.txt', content => \"made\\n\" }\n",
         sub { symlink($sent, "$root/cfg") or die; make_path("$root$sent") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the file is made') or diag $out;
             is(content("$root$sent/c.txt"), "made\n", "in the link's target inside the root");
         });
}

# ---------------------------------------------------------------- exec

SKIP: {
    skip 'execs under --root need root (chroot)', 1 unless $is_root;

    case("exec creates '/../sentinel-file'",
         "exec { 'e': command => '/bin/sh -c \"echo ran > /ran\"', creates => '/../sentinel-file' }\n", undef,
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the exec runs: /sentinel-file does not exist in the root') or diag $out;
             is(content("$root/ran"), "ran\n", 'chrooted');
         });

    case('exec creates through a link out',
         "exec { 'e': command => '/bin/sh -c \"echo ran > /ran\"', creates => '/lnk/sentinel-file' }\n",
         sub { symlink($sent, "$root/lnk") or die },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the exec runs: the link names nothing in the root') or diag $out;
             ok(-f "$root/ran", 'chrooted');
         });

    case('exec creates through a link, present in the root',
         "exec { 'e': command => '/bin/sh -c \"echo ran > /ran\"', creates => '/lnk/sentinel-file' }\n",
         sub { symlink($sent, "$root/lnk") or die; make_path("$root$sent"); spew("$root$sent/sentinel-file", "in\n") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 0, 'the exec is blocked: the file exists in the root') or diag $out;
             ok(!-e "$root/ran", 'and did not run');
         });

    case('exec onlyif looks in the root',
         "exec { 'e': command => '/bin/sh -c \"echo ran > /ran\"', onlyif => '/bin/sh -c \"[ -e /lnk/sentinel-file ]\"' }\n",
         sub { symlink($sent, "$root/lnk") or die },
         sub {
             my ($rc, $out) = @_;
             is($rc, 0, 'onlyif is false: the file is not in the root') or diag $out;
             ok(!-e "$root/ran", 'the exec did not run');
         });

    case('exec cwd through an absolute link out',
         "exec { 'e': command => '/bin/sh -c \"echo ran > made\"', cwd => '/wd' }\n",
         sub { symlink($sent, "$root/wd") or die },
         sub {
             my ($rc, $out) = @_;
             is($rc, 4, 'the exec fails') or diag $out;
             like($out, qr{Working directory /wd does not exist!}, 'the directory is not in the root');
         });

    case('exec cwd through a relative link',
         "exec { 'e': command => '/bin/sh -c \"echo ran > made\"', cwd => '/wd' }\n",
         sub { symlink('../sentinel', "$root/wd") or die; make_path("$root/sentinel") },
         sub {
             my ($rc, $out) = @_;
             is($rc, 2, 'the exec runs') or diag $out;
             is(content("$root/sentinel/made"), "ran\n", 'in the directory inside the root');
         });
}

# ---------------------------------------------------------------- users

# the account files are read through rootfs; no shadow tool runs here
case('user with /etc/passwd a link out', "user { 'sentineluser': ensure => absent }\n",
     sub { unlink "$root/etc/passwd"; symlink("$sent/passwd", "$root/etc/passwd") or die },
     sub { my ($rc, $out) = @_; is($rc, 0, 'the user is not in the root: nothing to remove') or diag $out });

plant_outside();
fresh_root();
unlink "$root/etc/passwd", "$root/etc/group";
symlink("$sent/passwd", "$root/etc/passwd") or die;
symlink('../../sentinel/group', "$root/etc/group") or die;
{
    my $before = snap();
    my ($rc, $out) = mres('user');
    is($rc, 0, 'mres user through a link out: runs') or diag $out;
    outside_intact('mres user', $before, $out);
    ($rc, $out) = mres('group');
    is($rc, 0, 'mres group through a relative link out: runs') or diag $out;
    outside_intact('mres group', $before, $out);
    unlike($out, qr/sentinelgroup/, 'the outside group is not listed');
}

done_testing();
