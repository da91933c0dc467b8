#!/usr/bin/perl
# t/env.t - environments as Puppet 7 lays them out, and mapply compiling a
# manifest itself.
#
# 1. The tree t/corpus/env (an environment "prod" with environment.conf,
#    hiera.yaml, data/, modules/, site/ and a manifests directory; an
#    environment "plain" without environment.conf; a base module path; a
#    global hiera.yaml) compiled every way a user names it must give the
#    catalogs Puppet 7.23 gave (NAME.out, NAME.version: made by
#    t/corpus/env/regen.sh, never run here).
# 2. Our defaults and decisions: the configuration directory, a missing
#    environment, environment.conf's warnings and a failing config_version
#    (Puppet's words), the hint for a modules/ directory off the module path,
#    a manifest directory's order, -e with a manifest.
# 3. mapply MANIFEST|ENVDIR|-e CODE against mcomp + mapply CATALOG: the same
#    output, exit status and files; compile errors exit 1 with mcomp's text.
# Everything is written under a temporary directory (mapply runs with --root).
use strict;
use warnings;
use Cwd qw(getcwd);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Test::More;

require './t/testlib.pl';   # slurp, spew, run

my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $top = getcwd();
my $D = "$top/t/corpus/env";
my $tmp = tempdir('env-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
my @common = ('--facts', 't/corpus/facts.json', '--certname', 'node1.example.com',
              '--confdir', "$D/conf", '--basemodulepath', "$D/base");

sub mcomp_run {    # (args) -> (status, stdout, stderr)
    my $st = run([$mcomp, @_], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

sub normalize {    # catalog JSON -> t/normalize --root D form
    my ($json, $root) = @_;
    spew("$tmp/norm.json", $json);
    run(['t/normalize', '--root', $root // $D], "$tmp/norm.out", undef, "$tmp/norm.json", 60);
    return slurp("$tmp/norm.out");
}

sub version_of { my ($json) = @_; $json =~ /"version":("([^"]*)"|\d+)/ ? (defined $2 ? $2 : $1) : undef }

# ---- 1. the environment tree against Puppet's catalogs ----
spew("$tmp/code.pp", slurp("$D/prod_code.pp"));
my @ways = (
    ['prod', 'ENVDIR', ["$D/envs/prod"]],
    ['prod', 'ENVDIR given relative', ['t/corpus/env/envs/prod']],
    ['prod', '--environmentpath --environment', ['--environmentpath', "$D/envs", '--environment', 'prod']],
    ['prod', 'the manifests directory inside ENVDIR', ["$D/envs/prod/manifests"]],
    ['prod_site', 'ENVDIR/manifests/site.pp: the environment it sits in', ["$D/envs/prod/manifests/site.pp"]],
    ['prod_site', 'a manifest with --environment', ['--environmentpath', "$D/envs", '--environment', 'prod', "$D/envs/prod/manifests/site.pp"]],
    ['prod_code', '-e CODE with --environment', ['--environmentpath', "$D/envs", '--environment', 'prod', '-e', slurp("$D/prod_code.pp")]],
    ['prod_code', '- (stdin) with --environment', ['--environmentpath', "$D/envs", '--environment', 'prod', '-'], "$tmp/code.pp"],
    ['plain', 'ENVDIR without environment.conf', ["$D/envs/plain"]],
    ['plain', '--environment plain', ['--environmentpath', "$D/envs", '--environment', 'plain']],
);
for my $w (@ways) {
    my ($name, $how, $args, $stdin) = @$w;
    my $st = run([$mcomp, @common, @$args], "$tmp/out", "$tmp/err", $stdin, 120);
    my $json = slurp("$tmp/out");
    is($st, 0, "$name ($how): compiles") or diag slurp("$tmp/err");
    is(normalize($json), slurp("$D/$name.out"), "$name ($how): Puppet's catalog");
    if (-e "$D/$name.version") {
        chomp(my $v = slurp("$D/$name.version"));
        is(version_of($json), $v, "$name ($how): config_version's output is the version, a string");
    } else {
        like(version_of($json) // '', qr/^\d+$/, "$name ($how): no config_version: a number");
    }
}

# ---- 2. defaults and decisions ----
# CONFDIR: code/environments/production, code/modules (the base module path), hiera.yaml
my $cd = "$tmp/confdir";
make_path("$cd/code/environments/production/manifests", "$cd/code/environments/production/modules/inenv/manifests",
          "$cd/code/modules/inbase/manifests", "$cd/data");
spew("$cd/code/environments/production/manifests/site.pp", "include inenv\n");
spew("$cd/code/environments/production/modules/inenv/manifests/init.pp", "class inenv { notify { 'inenv': message => lookup('k') } }\n");
spew("$cd/code/modules/inbase/manifests/init.pp", "class inbase { notify { 'inbase': } }\n");
spew("$cd/data/common.yaml", "k: from CONFDIR/data\n");     # Puppet's default global layer
my @f = ('--facts', 't/corpus/facts.json', '--certname', 'node1.example.com');
my ($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '--environment', 'production');
is($st, 0, 'CONFDIR: --environment production compiles its manifests/') or diag $err;
like($out, qr/"title":"inenv".*"message":"from CONFDIR\/data"/, 'CONFDIR: the environment\'s modules, the global layer\'s default data');
spew("$tmp/other.pp", "include inenv\ninclude inbase\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, "$tmp/other.pp");
is($st, 0, 'CONFDIR: a manifest elsewhere compiles in the production environment') or diag $err;
like($out, qr/"title":"inenv".*"title":"inbase"/s, 'CONFDIR: ... with its modules and the base module path');
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '--modulepath', "$cd/code/modules", "$tmp/other.pp");
is($st, 1, '--modulepath replaces the environment\'s module path');
like($err, qr/Could not find class ::inenv/, '... so the environment\'s module is not found');

# as a user, CONFDIR is ~/.mcomp (checked by running as nobody when the tests run as root)
SKIP: {
    skip 'the user default is checked when the tests run as root (setpriv to nobody)', 2
        unless $> == 0 && -x '/usr/bin/setpriv';
    my $home = "$tmp/home";
    make_path("$home/.mcomp/code/environments/production/manifests", "$home/.mcomp/code/modules/inbase/manifests");
    spew("$home/.mcomp/code/environments/production/manifests/site.pp", "include inbase\n");
    spew("$home/.mcomp/code/modules/inbase/manifests/init.pp", "class inbase { notify { 'in ~/.mcomp': } }\n");
    spew("$tmp/facts-nobody.json", slurp('t/corpus/facts.json'));
    chmod 0755, $tmp;
    system('chmod', '-R', 'a+rX', $home, "$tmp/facts-nobody.json");
    my $bin = $mcomp =~ m{^/} ? $mcomp : "$top/$mcomp";
    $st = run(['/usr/bin/setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '/usr/bin/env', "HOME=$home",
               "MCOMP_CACHE_DIR=$tmp/cache-nobody", $bin, '--facts', "$tmp/facts-nobody.json", '--environment', 'production'],
              "$tmp/out", "$tmp/err", undef, 120);
    is($st, 0, 'as a user: --environment production is ~/.mcomp/code/environments/production') or diag slurp("$tmp/err");
    like(slurp("$tmp/out"), qr/"title":"in ~\/.mcomp"/, '... with ~/.mcomp/code/modules as the base module path');
}

($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '--environment', 'nope');
is($st, 2, 'a missing environment: exit 2');
is($err, "mcomp: error: Could not find a directory environment named 'nope' anywhere in the path: $cd/code/environments. Does the directory exist?\n",
   '... in Puppet\'s words');
spew("$tmp/inbase.pp", "include inbase\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '--environment', 'nope', "$tmp/inbase.pp");
is($st, 0, 'a manifest in an environment without a directory compiles (Puppet refuses it)') or diag $err;
like($out, qr/"environment":"nope"/, '... in an environment of that name, with the base module path');
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '--environment', 'Bad-Name', "$tmp/other.pp");
is($st, 2, 'an invalid environment name: exit 2');

# environment.conf: unknown settings and sections warned about, a failing config_version
my $bad = "$tmp/envs/badver";
make_path("$bad/manifests");
spew("$bad/manifests/site.pp", "notify { 'x': }\n");
spew("$bad/environment.conf", "config_version = /bin/false\nfoo = 1\n[agent]\nmodulepath = y\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, $bad);
is($st, 1, 'a failing config_version: exit 1');
is($out, '', '... nothing on stdout');
like($err, qr/^mcomp: error: Execution of config_version command `\/bin\/false` failed: Execution of '\/bin\/false' returned 1: $/m,
     '... in Puppet\'s words');
like($err, qr/^mcomp: warning: Invalid sections in environment.conf at '\Q$bad\E\/environment.conf'. Environment conf may not have sections. The following sections are being ignored: 'agent'$/m,
     'environment.conf: sections warned about, as Puppet does');
like($err, qr/^mcomp: warning: Invalid settings in environment.conf at '\Q$bad\E\/environment.conf'. The following unknown setting\(s\) are being ignored: foo$/m,
     'environment.conf: unknown settings warned about, as Puppet does');

# environment.conf: manifest, $environment, wildcards; a manifest directory's order
my $e2 = "$tmp/envs/e2";
make_path("$e2/code/main/z", "$e2/mods-e2/one/manifests", "$e2/glob/a/two/manifests", "$e2/glob/b/three/manifests");
spew("$e2/environment.conf", "manifest = code/main\nmodulepath = mods-\$environment:glob/*\n");
spew("$e2/code/main/b.pp", "notify { 'b': }\ninclude one, two, three\n");
spew("$e2/code/main/a.pp", "notify { 'a': }\n");
spew("$e2/code/main/z/y.pp", "notify { 'z/y': }\n");
spew("$e2/code/main/a.txt", "not read\n");
spew("$e2/mods-e2/one/manifests/init.pp", "class one { notify { 'one': } }\n");
spew("$e2/glob/a/two/manifests/init.pp", "class two { notify { 'two': } }\n");
spew("$e2/glob/b/three/manifests/init.pp", "class three { notify { 'three': } }\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, $e2);
is($st, 0, 'environment.conf manifest (a directory), $environment and wildcards in modulepath') or diag $err;
my @titles = $out =~ /"type":"Notify","title":"([^"]+)"/g;
is("@titles", 'a b one two three z/y', '... every .pp in path order, at any depth; modules found');
like($out, qr/"environment":"e2"/, '... the environment is named after its directory');

# a manifest directory that is no environment
make_path("$tmp/mdir/sub");
spew("$tmp/mdir/m.pp", "notify { 'm': }\n");
spew("$tmp/mdir/sub/a.pp", "notify { 'sub/a': }\n");
spew("$tmp/mdir/l.pp", "notify { 'l': }\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, "$tmp/mdir");
is($st, 0, 'a manifest directory') or diag $err;
@titles = $out =~ /"type":"Notify","title":"([^"]+)"/g;
is("@titles", 'l m sub/a', '... read in path order');

# the hint for ./modules beside a manifest that is not on the module path
make_path("$tmp/repo/modules/foo/manifests");
spew("$tmp/repo/modules/foo/manifests/init.pp", "class foo { }\n");
spew("$tmp/repo/site.pp", "include foo\n");
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, "$tmp/repo/site.pp");
is($st, 1, 'include of a module beside the manifest, off the module path: exit 1');
like($err, qr/^\Q$tmp\E\/repo\/site.pp:1:1: error: Could not find class ::foo for node1.example.com$/m, '... Puppet\'s error');
like($err, qr/^mcomp: note: the module directory \Q$tmp\E\/repo\/modules\/foo exists, but \Q$tmp\E\/repo\/modules is not on the module path \(give --modulepath \Q$tmp\E\/repo\/modules\)$/m,
     '... and a note saying where the module is');

($st, $out, $err) = mcomp_run(@f, '-e', 'notify { x: }', "$tmp/other.pp");
is($st, 2, '-e CODE and a manifest: exit 2');
like($err, qr/^mcomp: error: -e CODE and \S+: give one of them$/, '... says why');
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '-e', 'notify { "x": message => 1 + }');
is($st, 1, 'a syntax error in -e CODE: exit 1');
like($err, qr/^-e:1:30: error: Syntax error at '\}'$/m, '... located in -e');
($st, $out, $err) = mcomp_run(@f, '--confdir', $cd, '-e', 'notify { "x": }');
like($out, qr/"title":"x","tags":\["notify","x","class"\],"file":"","line":1,/, '-e CODE: file "" and the line, as Puppet gives them');

# ---- 3. mapply compiles what mcomp compiles ----
# a tree listing: path, mode, content
sub tree {
    my ($root) = @_;
    my @lines;
    my $walk;
    $walk = sub {
        my ($d, $rel) = @_;
        opendir my $dh, $d or return;
        for my $e (sort grep { !/^\.\.?$/ } readdir $dh) {
            my $p = "$d/$e";
            my $r = $rel eq '' ? $e : "$rel/$e";
            my $mode = sprintf '%04o', (lstat $p)[2] & 07777;
            if (-l $p) { push @lines, "$r $mode -> " . readlink $p }
            elsif (-d $p) { push @lines, "$r/ $mode"; $walk->($p, $r) }
            else { push @lines, "$r $mode " . slurp($p) }
        }
    };
    $walk->($root, '');
    return join("\n", @lines) . "\n";
}

sub clean_log {
    my ($s, $root, $var) = @_;
    $s =~ s/\Q$root\E/ROOT/g;
    $s =~ s/\Q$var\E/VAR/g;
    $s =~ s/Applied catalog in [\d.]+ seconds/Applied catalog in N seconds/g;
    return $s;
}

spew("$tmp/site.pp", <<'EOF');
file { '/etc/app': ensure => directory }
file { '/etc/app/app.conf': content => "port = ${facts['networking']['fqdn']}\n", mode => '0640' }
notify { 'done': subscribe => File['/etc/app/app.conf'] }
EOF
my $n = 0;
my @apply_ways = (
    ['a manifest', ["$tmp/site.pp"], []],
    ['ENVDIR', ["$D/envs/prod"], ['--modulepath', "$D/envs/prod/site:$D/envs/prod/modules:$D/base"]],
    ['-e CODE', ['-e', "file { '/f': content => 'from -e' } notify { 'e': }"], []],
    ['a manifest directory', ["$tmp/mdir"], []],
);
for my $w (@apply_ways) {
    my ($how, $args, $mp) = @$w;
    $n++;
    my ($r1, $r2, $v1, $v2) = ("$tmp/r1-$n", "$tmp/r2-$n", "$tmp/v1-$n", "$tmp/v2-$n");
    make_path("$r1/etc", "$r1/srv/www", "$r2/etc", "$r2/srv/www");
    my @ap = ('--detailed-exitcodes', '--verbose');
    my $st1 = run([$mapply, @common, @ap, '--root', $r1, '--vardir', $v1, @$args], "$tmp/a1", undef, undef, 120);
    my $stc = run([$mcomp, @common, '-o', "$tmp/c$n.json", @$args], "$tmp/c.out", "$tmp/c.err", undef, 120);
    is($stc, 0, "$how: mcomp compiles it") or diag slurp("$tmp/c.err");
    my $st2 = run([$mapply, @ap, @$mp, '--root', $r2, '--vardir', $v2, "$tmp/c$n.json"], "$tmp/a2", undef, undef, 120);
    my ($l1, $l2) = (clean_log(slurp("$tmp/a1"), $r1, $v1), clean_log(slurp("$tmp/a2"), $r2, $v2));
    is($st1, $st2, "$how: mapply exits as mcomp + mapply ($st2)");
    is($st1, 2, "$how: changes made (exit 2)") or diag slurp("$tmp/a1");
    is($l1, $l2, "$how: the same log lines");
    is(tree($r1), tree($r2), "$how: the same files");
    ok($l1 =~ /Applied catalog/, "$how: it ran") or diag $l1;
}
like(tree("$tmp/r1-2"), qr{^srv/www/index\.html 0644 welcome$}m, 'ENVDIR: a puppet:///modules source found through the environment\'s module path');

# compile errors: exit 1, mcomp's messages
for my $e (['-e', ['-e', 'notify { "x": message => 1 + }']],
           ['a manifest', ["$tmp/bad.pp"]]) {
    my ($how, $args) = @$e;
    spew("$tmp/bad.pp", "notify { 'a': }\nnotify { 'a': }\n");
    my $sta = run([$mapply, @common, '--root', "$tmp/r1-1", '--vardir', "$tmp/v1-1", @$args], "$tmp/a.out", "$tmp/a.err", undef, 120);
    my $stc = run([$mcomp, @common, @$args], "$tmp/c.out", "$tmp/c.err", undef, 120);
    is($sta, 1, "a compile error ($how): mapply exits 1");
    is($stc, 1, "a compile error ($how): as mcomp does");
    is(slurp("$tmp/a.err"), slurp("$tmp/c.err"), "a compile error ($how): mcomp's FILE:LINE:COL messages");
    is(slurp("$tmp/a.out"), '', "a compile error ($how): nothing on stdout");
}
like(slurp("$tmp/a.err"), qr/^\Q$tmp\E\/bad.pp:2:1: error: Duplicate declaration: Notify\[a\] is already declared/m, '... with the file, line and column');

# what an argument is: by extension, else by content; --catalog; options for a catalog
my $cat = "$tmp/c1.json";
spew("$tmp/catalog", slurp($cat));
$st = run([$mapply, '--root', "$tmp/r2-1", '--vardir', "$tmp/v2-1", '--detailed-exitcodes', "$tmp/catalog"], "$tmp/o", undef, undef, 120);
is($st, 2, 'a file named without .json holding a catalog is applied as one') or diag slurp("$tmp/o");
spew("$tmp/site", slurp("$tmp/site.pp"));
make_path("$tmp/r3/etc");
$st = run([$mapply, @common, '--root', "$tmp/r3", '--vardir', "$tmp/v3", '--detailed-exitcodes', "$tmp/site"], "$tmp/o", undef, undef, 120);
is($st, 2, 'a file named without .pp holding a manifest is compiled and applied') or diag slurp("$tmp/o");
ok(-f "$tmp/r3/etc/app/app.conf", '... its file is written');
$st = run([$mapply, '--root', "$tmp/r3", '--vardir', "$tmp/v3", '--detailed-exitcodes', '--catalog', $cat], "$tmp/o", undef, undef, 120);
is($st, 2, '--catalog FILE applies a catalog') or diag slurp("$tmp/o");
like(slurp("$tmp/o"), qr/^Notice: done$/m, '... its resources');
$st = run([$mapply, '--facts', 't/corpus/facts.json', $cat], "$tmp/o", "$tmp/e", undef, 60);
is($st, 1, 'a compile option with a catalog: a usage error');
is(slurp("$tmp/e"), "mapply: --facts applies to a manifest, not to the catalog $cat\n", '... saying why');
$st = run([$mapply, '--catalog', $cat, "$tmp/site.pp"], "$tmp/o", "$tmp/e", undef, 60);
is($st, 1, '--catalog and a manifest: a usage error');

done_testing();
