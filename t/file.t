#!/usr/bin/perl
# t/file.t - the file type as a user meets it: owner and group by
# name from the managed root's passwd and group files, sources (a path,
# file://, puppet:///modules, a list), recursion with purge, force and
# recurselimit, replace => false, checksum md5, show_diff, validate_cmd,
# backups to the bucket (and mbucket list / get / restore), suffix
# backups, backup => false, modes, idempotent runs, and bad values
# refused before anything changes.  Expected lines are Puppet 7's, as
# `puppet apply` printed them for the same manifests on temporary paths.
# Everything happens under one temporary directory: most runs use
# mapply --root $tmp/root, so manifest paths are "/etc/..." there.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Digest::MD5 qw(md5_hex);
use Digest::SHA qw(sha256_hex);
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
(my $mbucket = $mapply) =~ s/mapply$/mbucket/;
my $tmp  = tempdir(CLEANUP => 1);
my $root = "$tmp/root";
my $var  = "$tmp/var";
my $is_root = $> == 0;

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; binmode $f; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; binmode $f; local $/; my $c = <$f>; close $f; $c }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }
sub mode_of { my @s = lstat $_[0]; return @s ? $s[2] & 07777 : -1 }
sub mkpath { my ($d) = @_; my $p = ''; for (split m{/}, $d) { $p .= "$_/"; mkdir $p } }

# Compiles a manifest and applies it with --detailed-exitcodes; returns
# (exit status, output).  $args: more mapply options (--root is added
# unless $args has 'noroot').
my $n = 0;
sub apply {
    my ($pp, $args) = @_;
    $args //= '';
    $n++;
    write_file("$tmp/m$n.pp", $pp);
    my $err = `$mcomp $tmp/m$n.pp 2>&1 >$tmp/m$n.json`;
    return (100 + ($? >> 8), $err) if $?;
    my $rootarg = $args =~ s/\bnoroot\b// ? '' : "--root $root";
    return run("$mapply --detailed-exitcodes $rootarg --vardir $var $args $tmp/m$n.json");
}

mkpath("$root/etc");
mkpath("$root/srv");
write_file("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\nalice:x:4242:4343::/home/alice:/bin/sh\n");
write_file("$root/etc/group", "root:x:0:\nstaff2:x:4343:alice\nwheel2:x:4344:\n");

# ---- owner and group ---------------------------------------------------
SKIP: {
    skip 'owner and group need root', 14 unless $is_root;
    my ($rc, $out) = apply("file { '/etc/app.conf': ensure => file, content => \"x\\n\", owner => 'alice', group => 'staff2', mode => '0640' }\n");
    is($rc, 2, 'owner/group: a new file is a change (exit 2)') or diag $out;
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/app\.conf\]/ensure: defined content as '\{sha256\}\Q${\ sha256_hex("x\n")}\E'$}m,
         'owner/group: one line for the new file');
    my @st = stat "$root/etc/app.conf";
    is("$st[4]:$st[5]", '4242:4343', "owner/group: names resolved from the root's passwd and group files");
    is($st[2] & 07777, 0640, 'owner/group: and the mode set with them');
    ($rc, $out) = apply("file { '/etc/app.conf': ensure => file, content => \"x\\n\", owner => 'alice', group => 'staff2', mode => '0640' }\n");
    is($rc, 0, 'owner/group: the second run changes nothing (exit 0)') or diag $out;

    write_file("$root/etc/own", "o\n");
    chown 0, 0, "$root/etc/own";
    ($rc, $out) = apply("file { '/etc/own': owner => 'alice', group => 4344 }\n");
    is($rc, 2, 'owner/group: changing them is a change') or diag $out;
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/own\]/owner: owner changed 'root' to 'alice'$}m, "owner/group: Puppet's owner line");
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/own\]/group: group changed 'root' to 'wheel2'$}m,
         'owner/group: a numeric group shown by its name');
    @st = stat "$root/etc/own";
    is("$st[4]:$st[5]", '4242:4344', 'owner/group: lchown applied');
    is(slurp("$root/etc/own"), "o\n", 'owner/group: content untouched');

    ($rc, $out) = apply("file { '/etc/nobody': ensure => file, owner => 'nosuchuser' }\n");
    is($rc, 4, 'owner/group: an unknown user fails the resource (exit 4)');
    like($out, qr{^Error: /Stage\[main\]/Main/File\[/etc/nobody\]/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: Could not find user nosuchuser}m,
         "owner/group: Puppet's message");
    ok(!-e "$root/etc/nobody", 'owner/group: and no file appears with the wrong owner');
    ($rc, $out) = apply("file { '/etc/own': group => 'nosuchgroup' }\n");
    like($out, qr{^Error: /Stage\[main\]/Main/File\[/etc/own\]/group: change from 'wheel2' to 'nosuchgroup' failed: Could not find group nosuchgroup$}m,
         'owner/group: an unknown group on an existing file');
}

# ---- sources -----------------------------------------------------------
mkpath("$root/srv/src/sub/deep");
write_file("$root/srv/src/f1", "one\n");
write_file("$root/srv/src/sub/f2", "two\n");
write_file("$root/srv/src/sub/deep/f3", "three\n");
mkpath("$tmp/modules/web/files/conf");
write_file("$tmp/modules/web/files/conf/site.conf", "site\n");
{
    my ($rc, $out) = apply(<<"EOF", "--modulepath $tmp/nomods:$tmp/modules");
file { '/etc/s1': source => '/srv/src/f1' }
file { '/etc/s2': source => 'file:///srv/src/sub/f2' }
file { '/etc/s3': source => 'puppet:///modules/web/conf/site.conf' }
file { '/etc/s4': source => ['/srv/nonexistent', 'puppet:///modules/web/conf/site.conf'] }
EOF
    is($rc, 2, 'source: files copied (exit 2)') or diag $out;
    is(slurp("$root/etc/s1"), "one\n", 'source: a local path (under --root)');
    is(slurp("$root/etc/s2"), "two\n", 'source: a file:// URI');
    is(slurp("$root/etc/s3"), "site\n", 'source: puppet:///modules/<module>/<path> through --modulepath');
    is(slurp("$root/etc/s4"), "site\n", 'source: a list takes the first that exists');
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/s1\]/ensure: defined content as '\{sha256\}\Q${\ sha256_hex("one\n")}\E'$}m,
         'source: the ensure line has the sum of the source');
    is(mode_of("$root/etc/s1"), 0644, 'source: a new file is 0644 (source_permissions ignore)');

    write_file("$root/etc/s1", "changed\n");
    ($rc, $out) = apply("file { '/etc/s1': source => '/srv/src/f1' }\n");
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/s1\]/content: content changed '\{sha256\}\Q${\ sha256_hex("changed\n")}\E' to '\{sha256\}\Q${\ sha256_hex("one\n")}\E'$}m,
         'source: content compared by checksum and replaced');
    is(slurp("$root/etc/s1"), "one\n", 'source: ... with the source\'s bytes');

    # none found: the catalog is refused before the run (Puppet fails the resource when it gets there)
    ($rc, $out) = apply("file { '/etc/s5': source => ['/srv/none1', 'file:///srv/none2'] }\n");
    is($rc, 1, 'source: none found refuses the catalog');
    like($out, qr{^Error: Validation of File\[/etc/s5\] failed: Could not retrieve information from environment production source\(s\) file:///srv/none1, file:///srv/none2 \(file: \S+, line: 1\)$}m,
         "source: Puppet's message naming every source");
}

# ---- recursion -----------------------------------------------------------
{
    mkpath("$root/srv/app/extra");
    mkpath("$root/srv/app/sub");
    write_file("$root/srv/app/extra/e", "e\n");
    write_file("$root/srv/app/junk", "junk\n");
    write_file("$root/srv/app/keep", "keep\n");
    write_file("$root/srv/app/sub/f2", "oldtwo\n");
    # (File['/srv'] manages an ancestor: that must not hide the children)
    my $pp = <<"EOF";
file { '/srv': ensure => directory }
file { '/srv/app': ensure => directory, source => '/srv/src', recurse => true, purge => true }
file { '/srv/app/keep': ensure => file }
EOF
    my ($rc, $out) = apply($pp, '--verbose');
    is($rc, 2, 'recurse: the tree is copied (exit 2)') or diag $out;
    my $p = '^Notice: /Stage\[main\]/Main/File\[/srv/app';
    like($out, qr{$p/f1\]/ensure: defined content as '\{sha256\}\Q${\ sha256_hex("one\n")}\E'$}m, 'recurse: a child file, logged under its own path');
    like($out, qr{$p/sub/deep\]/ensure: created$}m, 'recurse: a child directory');
    like($out, qr{$p/sub/deep/f3\]/ensure: defined content as}m, 'recurse: a file in it');
    like($out, qr{$p/sub/f2\]/content: content changed '\{sha256\}\Q${\ sha256_hex("oldtwo\n")}\E' to '\{sha256\}\Q${\ sha256_hex("two\n")}\E'$}m,
         'recurse: a child whose content differs');
    like($out, qr{$p/junk\]/ensure: removed$}m, 'purge: a file the source does not have is removed');
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/srv/app/extra\]: Not removing directory; use 'force' to override$}m,
         'purge: a directory is not removed without force');
    like($out, qr{$p/extra/e\]/ensure: removed$}m, '... though the files in it are');
    like($out, qr{^Info: /Stage\[main\]/Main/File\[/srv/app/junk\]: Filebucketed /srv/app/junk to puppet with sum \Q${\ sha256_hex("junk\n")}\E$}m,
         'purge: what it removes is backed up first');
    ok(-d "$root/srv/app/extra" && !-e "$root/srv/app/extra/e" && !-e "$root/srv/app/junk", 'purge: the tree on disk');
    is(slurp("$root/srv/app/keep"), "keep\n", 'purge: a file another resource manages is kept');
    unlike($out, qr{File\[/srv/app/keep\]/ensure: removed}, '... and not touched by the recursion');
    is(slurp("$root/srv/app/sub/deep/f3"), "three\n", 'recurse: deep file copied');
    ($rc, $out) = apply($pp);
    like($out, qr{$p/extra\]/ensure: removed$}m, 'purge: a directory kept for lack of force is "removed" again (as Puppet says)');

    $pp =~ s/purge => true/purge => true, force => true/;
    ($rc, $out) = apply($pp);
    like($out, qr{$p/extra\]/ensure: removed$}m, 'purge + force: the directory is removed');
    ok(!-e "$root/srv/app/extra", '... from disk');
    ($rc, $out) = apply($pp);
    is($rc, 0, 'recurse: the next run changes nothing (exit 0)') or diag $out;

    ($rc, $out) = apply("file { '/srv/lim': ensure => directory, source => '/srv/src', recurse => true, recurselimit => 1 }\n");
    ok(-f "$root/srv/lim/f1" && -d "$root/srv/lim/sub" && !-e "$root/srv/lim/sub/f2", 'recurselimit => 1: only the first level');

    ($rc, $out) = apply("file { '/srv/lim': recurse => true, mode => '0600' }\n");
    is(mode_of("$root/srv/lim/f1"), 0600, 'recurse without source: mode given to the children');
    is(mode_of("$root/srv/lim/sub"), 0700, '... with search bits on directories');
}

# ---- replace, checksum --------------------------------------------------------
{
    write_file("$root/etc/mine", "mine\n");
    my ($rc, $out) = apply("file { '/etc/mine': content => \"theirs\\n\", replace => false }\nfile { '/etc/fresh': content => \"theirs\\n\", replace => false }\n");
    is(slurp("$root/etc/mine"), "mine\n", 'replace => false: an existing file keeps its content');
    is(slurp("$root/etc/fresh"), "theirs\n", 'replace => false: a missing file is still created');
    unlike($out, qr{/etc/mine}, '... and says nothing about the existing one');

    write_file("$root/etc/md5", "old\n");
    ($rc, $out) = apply("file { '/etc/md5': content => \"new\\n\", checksum => md5 }\nfile { '/etc/md5b': content => \"new\\n\", checksum => md5 }\n");
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/md5\]/content: content changed '\{md5\}${\ md5_hex("old\n")}' to '\{md5\}${\ md5_hex("new\n")}'$}m,
         'checksum => md5: the change line shows md5 sums');
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/md5b\]/ensure: defined content as '\{md5\}${\ md5_hex("new\n")}'$}m,
         'checksum => md5: so does the ensure line');
    ($rc, $out) = apply("file { '/etc/md5': content => \"new\\n\", checksum => md5 }\n");
    is($rc, 0, 'checksum => md5: idempotent');
}

# ---- show_diff -----------------------------------------------------------------
{
    write_file("$root/etc/d1", "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n");
    write_file("$root/etc/d2", "secret\n");
    write_file("$root/etc/d3", "x\n");
    my $pp = "file { '/etc/d1': content => \"a\\nB\\nc\\nd\\ne\\nf\\ng\\nh\\nI\\nj\\nk\\n\" }\n"
           . "file { '/etc/d2': content => Sensitive(\"other\\n\") }\n"
           . "file { '/etc/d3': content => \"y\", show_diff => false }\n";
    my ($rc, $out) = apply($pp, '--show_diff --noop');
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/d1\]/content: \n--- /etc/d1\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} [-+]\d{4}\n\+\+\+ \S+\t[^\n]+\n\@\@ -1,10 \+1,11 \@\@\n a\n-b\n\+B\n c\n d\n e\n f\n g\n h\n-i\n\+I\n j\n\+k\n(?=Notice)}m,
         "show_diff: Puppet's unified diff, in noop too");
    like($out, qr{^Notice: /Stage\[main\]/Main/File\[/etc/d2\]/content: \[diff redacted\]$}m, 'show_diff: never for Sensitive content');
    unlike($out, qr{secret|other}, '... neither line appears');
    unlike($out, qr{^[-+]x$|^\+y}m, "show_diff: not with show_diff => false");
    is(slurp("$root/etc/d1"), "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", 'show_diff: noop changed nothing');
    ($rc, $out) = apply($pp);
    unlike($out, qr{^---|^\@\@}m, 'show_diff: nothing without mapply --show_diff');
    write_file("$root/etc/d4", "keep\nold");
    ($rc, $out) = apply("file { '/etc/d4': content => \"keep\\nnew\" }\n", '--show_diff');
    like($out, qr{\n\@\@ -1,2 \+1,2 \@\@\n keep\n-old\n\\ No newline at end of file\n\+new\n\\ No newline at end of file\nNotice: /Stage\[main\]/Main/File\[/etc/d4\]/content: content changed}s,
         'show_diff: a last line without newline is marked, as diff does');
}

# ---- validate_cmd (no --root: the command would run chrooted) -------------------
{
    my $f = "$tmp/plain/v.conf";
    mkpath("$tmp/plain");
    write_file($f, "good old\n");
    my ($rc, $out) = apply("file { '$f': content => \"bad\\n\", validate_cmd => '/bin/sh -c \"echo oops; grep -q good %\"' }\n", 'noroot');
    is($rc, 4, 'validate_cmd: a failing command fails the resource (exit 4)') or diag $out;
    like($out, qr{^Error: Execution of '/bin/sh -c "echo oops; grep -q good \Q$tmp\E/plain/\.v\.conf\.mapply\.\d+\.\w+"' returned 1: oops$}m,
         "validate_cmd: Puppet's message, % replaced by the temporary file");
    like($out, qr{^Error: /Stage\[main\]/Main/File\[\Q$f\E\]/content: change from '\{sha256\}\w+' to '\{sha256\}\w+' failed: Execution of}m,
         'validate_cmd: the content change failed');
    is(slurp($f), "good old\n", 'validate_cmd: the old file is untouched');
    opendir my $d, "$tmp/plain" or die; my @left = grep { /mapply/ } readdir $d; closedir $d;
    is(scalar @left, 0, 'validate_cmd: no temporary file left behind');
    ($rc, $out) = apply("file { '$f': content => \"good new\\n\", validate_cmd => '/bin/grep -q good XX', validate_replacement => 'XX' }\n", 'noroot');
    is($rc, 2, 'validate_cmd: a passing command lets the change through') or diag $out;
    is(slurp($f), "good new\n", '... with validate_replacement');
    ($rc, $out) = apply("file { '$tmp/plain/new': content => \"bad\\n\", validate_cmd => '/bin/grep -q good %' }\n", 'noroot');
    like($out, qr{^Error: /Stage\[main\]/Main/File\[\Q$tmp\E/plain/new\]/ensure: change from 'absent' to 'file' failed: Execution of '/bin/grep -q good \S+' returned 1: $}m,
         'validate_cmd: a new file that fails is not created');
    ok(!-e "$tmp/plain/new", '... at all');
}

# ---- backups and mbucket ---------------------------------------------------------
{
    my $old = "old\0binary\nno newline";
    write_file("$root/etc/b1", $old);
    write_file("$root/etc/b2", "removed content\n");
    write_file("$root/etc/b3", "not kept\n");
    my ($rc, $out) = apply(<<'EOF', '--verbose');
file { '/etc/b1': content => "new\n", mode => '0600' }
file { '/etc/b2': ensure => absent }
file { '/etc/b3': content => "x\n", backup => false }
EOF
    is($rc, 2, 'backup: the run changes things') or diag $out;
    like($out, qr{^Info: Computing checksum on file /etc/b1\nInfo: /Stage\[main\]/Main/File\[/etc/b1\]: Filebucketed /etc/b1 to puppet with sum \Q${\ sha256_hex($old)}\E$}m,
         "backup: on by default, Puppet's lines");
    like($out, qr{Filebucketed /etc/b2 to puppet with sum \Q${\ sha256_hex("removed content\n")}\E}, 'backup: a removed file is backed up too');
    unlike($out, qr{Filebucketed /etc/b3}, 'backup => false: no backup');
    is(mode_of("$root/etc/b1"), 0600, 'mode: the replaced file has its final mode');
    ok(-d "$var/bucket/" . join('/', split(//, substr(sha256_hex($old), 0, 8))) . '/' . sha256_hex($old),
       'backup: stored in the bucket like Puppet\'s clientbucket (8 levels of digits)');

    my ($lrc, $list) = run("$mbucket --vardir $var list");
    is($lrc, 0, 'mbucket list: exit 0');
    like($list, qr{^\Q${\ sha256_hex($old)}\E \d{4}-\d\d-\d\d \d\d:\d\d:\d\d /etc/b1$}m, 'mbucket list: sum, date and path');
    like($list, qr{ /etc/b2$}m, 'mbucket list: the removed file');
    unlike($list, qr{ /etc/b3$}m, 'mbucket list: nothing for backup => false');
    my ($grc, $got) = run("$mbucket --vardir $var get ${\ sha256_hex($old)}");
    is($got, $old, 'mbucket get: the content, byte for byte');
    my ($rrc, $rout) = run("$mbucket --vardir $var --root $root restore /etc/b1 ${\ sha256_hex($old)}");
    is($rrc, 0, 'mbucket restore: exit 0') or diag $rout;
    is(slurp("$root/etc/b1"), $old, 'mbucket restore: the old content is back, byte for byte');
    is(mode_of("$root/etc/b1"), 0600, 'mbucket restore: keeping the mode of the file it replaces');
    ($lrc, $list) = run("$mbucket --vardir $var list /etc/b1");
    like($list, qr{^\Q${\ sha256_hex("new\n")}\E .* /etc/b1$}m, 'mbucket restore: what was there is backed up first');
    ($rrc, $rout) = run("$mbucket --vardir $var --root $root restore /etc/b2 " . sha256_hex("removed content\n"));
    is(slurp("$root/etc/b2"), "removed content\n", 'mbucket restore: a removed file comes back');
    ($rrc, $rout) = run("$mbucket --vardir $var restore /etc/b1 " . ('0' x 64));
    is($rrc, 1, 'mbucket restore: an unknown sum exits 1');
    like($rout, qr/^mbucket: no backup with sum 0{64}$/m, '... saying so');

    ($rc, $out) = apply("file { '/etc/b1': content => \"new\\n\", mode => '0600' }\n");
    ($rc, $out) = apply("file { '/etc/b1': content => \"new\\n\", mode => '0600' }\n");
    is($rc, 0, 'backup: an idempotent run backs nothing up and exits 0');

    write_file("$root/etc/s.conf", "suffix old\n");
    ($rc, $out) = apply("file { '/etc/s.conf': content => \"suffix new\\n\", backup => '.bak' }\n");
    is(slurp("$root/etc/s.conf.bak"), "suffix old\n", "backup => '.bak': Puppet's copy next to the file");
}

# ---- modes, noop, bad values ---------------------------------------------------------
{
    my ($rc, $out) = apply("file { '/etc/m1': content => \"m\\n\", mode => '0604' }\nfile { '/etc/mdir': ensure => directory, mode => '0640' }\n", '--noop');
    is($rc, 0, 'noop: exit 0');
    ok(!-e "$root/etc/m1" && !-e "$root/etc/mdir", 'noop: nothing created');
    ($rc, $out) = apply("file { '/etc/m1': content => \"m\\n\", mode => '0604' }\nfile { '/etc/mdir': ensure => directory, mode => '0640' }\n");
    is(mode_of("$root/etc/m1"), 0604, 'mode: a new file has its mode');
    is(mode_of("$root/etc/mdir"), 0750, 'mode: a new directory has its mode, with search bits');

    # mcomp refuses them (it runs the same validation), so mapply gets a
    # hand-made catalog: the good file first, the bad one after it
    my %bad = (
        '"mode": "0999"' => qr{Error: Parameter mode failed on File\[/etc/bad\]: The file mode specification is invalid: "0999"},
        '"ensure": "bogus"' => qr{Error: Parameter ensure failed on File\[/etc/bad\]: Invalid value "bogus"},
        '"source": "rel/x"' => qr{Error: Parameter source failed on File\[/etc/bad\]: Cannot use relative URLs 'rel/x'},
        '"checksum": "crc"' => qr{Error: Parameter checksum failed on File\[/etc/bad\]: Invalid value "crc"},
        '"recurse": "maybe"' => qr{Error: Parameter recurse failed on File\[/etc/bad\]: Invalid recurse value "maybe"},
        '"content": "x", "source": "/srv/src/f1"' => qr{Error: Validation of File\[/etc/bad\] failed: You cannot specify more than one of content, source, target},
        '"source": "http://example.com/x"' => qr{Cannot use URLs of type 'http' as source for fileserving},
        '"checksum": "none", "source": "/srv/src/f1"' => qr{You cannot specify source when using checksum 'none'},
    );
    for my $attrs (sort keys %bad) {
        write_file("$tmp/bad.json", qq({"resources": [{"type": "File", "title": "/etc/good", "parameters": {"content": "g"}},
                                                     {"type": "File", "title": "/etc/bad", "parameters": {$attrs}}]}));
        ($rc, $out) = run("$mapply --detailed-exitcodes --root $root --vardir $var $tmp/bad.json");
        is($rc, 1, "bad value ($attrs): mapply exits 1");
        like($out, $bad{$attrs}, "bad value ($attrs): Puppet's message");
        ok(!-e "$root/etc/good" && !-e "$root/etc/bad", "bad value ($attrs): nothing changed");
    }
    ($rc, $out) = apply("file { '/etc/good': content => \"g\\n\" }\nfile { '/etc/bad': mode => '0999' }\n");
    is($rc, 101, 'bad value: mcomp refuses it too (exit 1)');
    like($out, qr{error: Parameter mode failed on File\[/etc/bad\]}, '... with the same message');
}

# ---- autorequire: User[owner], Group[group] --------------------------------------------
SKIP: {
    write_file("$tmp/ar.pp", "user { 'alice': ensure => present }\ngroup { 'staff2': ensure => present }\n"
               . "file { '/etc/ar': ensure => file, owner => 'alice', group => 'staff2' }\n");
    system("$mcomp $tmp/ar.pp > $tmp/ar.json") == 0 or die;
    my ($rc, $out) = run("$mapply --noop --root $root --vardir $var --graph --graphdir $tmp/graphs $tmp/ar.json");
    skip 'user and group resources not applicable here', 2 if $rc == 1;
    my $dot = slurp("$tmp/graphs/expanded_relationships.dot") // '';
    like($dot, qr{"User\[alice\]" -> "File\[/etc/ar\]"}, 'autorequire: User[owner]');
    like($dot, qr{"Group\[staff2\]" -> "File\[/etc/ar\]"}, 'autorequire: Group[group]');
}

done_testing();
