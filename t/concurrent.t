#!/usr/bin/perl
# t/concurrent.t - one run per root.  Two mapply runs on one --root with two
# different --vardir, each adding 40 host entries (one /etc/hosts) and 20
# cron jobs (one crontab, the spool file under the root): the second either
# waits (--wait) or is refused with "Run of mapply already in progress on
# root R; skipping (pid N holds the lock)" and exit 1, having written
# nothing (no state directory, graph or report); every entry of every run
# that succeeded is in the files afterwards.  Runs started together through
# a barrier are repeated a few times (no assumption on who wins); then the
# first run is held inside its transaction by an exec reading a fifo, so
# that the refusal, --wait, --validate, mres and mbucket restore meet a
# lock that is certainly held.  When the Forge modules are installed, each
# run also adds 10 file_line lines to one file and 10 ini_settings to one
# ini file (the module types of shared files).  No sleeps.  Needs root (the exec runs
# chrooted); everything happens under a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);
use File::Basename qw(dirname);
use POSIX qw(mkfifo);
use Test::More;

my $mapply  = $ENV{MAPPLY} || 'build/mapply';
my $mcomp   = $ENV{MCOMP}  || 'build/mcomp';
(my $mres    = $mapply) =~ s/mapply$/mres/;
(my $mbucket = $mapply) =~ s/mapply$/mbucket/;
my $tmp = tempdir(CLEANUP => 1);
my $root = "$tmp/root";
my $mods = '/usr/share/puppet/modules';
my $modtypes = -d "$mods/stdlib" && -d "$mods/inifile";
my $per_run = $modtypes ? 80 : 60;           # entries a run adds

plan skip_all => 'needs root (the holding exec runs chrooted)' if $> != 0;

sub write_file { my ($p, $c) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return ''; local $/; my $c = <$f>; close $f; $c // '' }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }

# the root: /bin/sh and its libraries (for the holding exec), passwd, group, hosts
make_path("$root/bin", "$root/etc", "$root/var/spool/cron/crontabs");
copy('/bin/sh', "$root/bin/sh") or die $!; chmod 0755, "$root/bin/sh";
for my $lib (map { m{(/\S+)} ? $1 : () } grep { /=>\s*\/|^\s*\// } split /\n/, `ldd /bin/sh`) {
    make_path($root . dirname($lib));
    copy($lib, "$root$lib") or die "$lib: $!";
    chmod 0755, "$root$lib";
}
write_file("$root/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
write_file("$root/etc/group", "root:x:0:\ncrontab:x:107:\n");
write_file("$root/etc/hosts", "127.0.0.1\tlocalhost\n");
write_file("$root/etc/shared.conf", "# lines from file_line\n");
write_file("$root/etc/shared.ini", "; settings from ini_setting\n");
write_file("$tmp/facts.json", '{"kernel": "Linux"}');
mkfifo("$root/hold", 0600) or die "mkfifo: $!";
my $tab = "$root/var/spool/cron/crontabs/root";

# The catalog of run $id: 40 hosts and 20 cron jobs of its own; with $hold,
# an exec that every one of them requires, which waits for a line on the fifo.
sub catalog {
    my ($id, $hold) = @_;
    my $pp = '';
    my $req = '';
    if ($hold) {
        $pp .= "exec { 'hold-$id': command => '/bin/sh -c \"read x < /hold\"' }\n";
        $req = ", require => Exec['hold-$id']";
    }
    $pp .= "host { 'h-$id-$_.example': ip => '10.9.0.$_'$req }\n" for 1 .. 40;
    $pp .= "cron { 'job-$id-$_': user => 'root', command => '/bin/true $id $_', minute => $_$req }\n" for 1 .. 20;
    if ($modtypes) {
        $pp .= "file_line { 'fl-$id-$_': path => '/etc/shared.conf', line => 'fl-$id-$_'$req }\n" for 1 .. 10;
        $pp .= "ini_setting { 'ini-$id-$_': path => '/etc/shared.ini', section => 's-$id', setting => 'k$_', value => '$_'$req }\n"
            for 1 .. 10;
    }
    write_file("$tmp/$id.pp", $pp);
    my $mp = $modtypes ? "--facts $tmp/facts.json --modulepath $mods" : '';   # given facts: no custom facts run
    system("$mcomp $mp $tmp/$id.pp > $tmp/$id.json") == 0 or die "mcomp $id failed";
    return "$tmp/$id.json";
}

# How many of run $id's entries ($per_run) the hosts file, the crontab and
# the file_line and ini files hold (each at most once: a duplicate counts
# as missing).
sub entries {
    my ($id) = @_;
    my ($hosts, $cron) = (slurp("$root/etc/hosts"), slurp($tab));
    my $n = 0;
    for (1 .. 40) { my @m = $hosts =~ /^10\.9\.0\.$_\th-$id-$_\.example$/mg; $n++ if @m == 1 }
    for (1 .. 20) { my @m = $cron =~ /^# Puppet Name: job-$id-$_\n$_ \* \* \* \* \/bin\/true $id $_$/mg; $n++ if @m == 1 }
    return $n unless $modtypes;
    my ($conf, $ini) = (slurp("$root/etc/shared.conf"), slurp("$root/etc/shared.ini"));
    for (1 .. 10) { my @m = $conf =~ /^fl-$id-$_$/mg; $n++ if @m == 1 }
    my ($section) = $ini =~ /^\[s-$id\]\n((?:[^\[].*\n?)*)/m;
    for (1 .. 10) { $n++ if defined $section && $section =~ /^k$_ = $_$/m }
    return $n;
}

# Starts mapply on catalog $id in the background once the barrier opens
# (a pipe [read end, write end]: the parent closes its write end); its stdout and stderr go to $tmp/$id.out and
# .err.  Returns the pid.
sub start {
    my ($id, $barrier, @opt) = @_;
    my $pid = fork // die "fork: $!";
    return $pid if $pid;
    if ($barrier) { close $barrier->[1]; my $x; sysread($barrier->[0], $x, 1) }
    open STDOUT, '>', "$tmp/$id.out" or die; open STDERR, '>', "$tmp/$id.err" or die;
    exec $mapply, '--root', $root, '--vardir', "$tmp/var-$id", '--detailed-exitcodes',
        '--graph', '--graphdir', "$tmp/graphs-$id", '--report', "$tmp/report-$id.json", @opt, "$tmp/$id.json";
    exit 127;
}
sub finish { my ($pid) = @_; waitpid($pid, 0); return $? >> 8 }
my $refusal = qr/^Error: Run of mapply already in progress on root \Q$root\E; skipping \(pid (\d+) holds the lock\)$/m;

# A run that succeeded has all its entries, its graphs and its report; a
# refused one says so, and wrote nothing at all.
sub check_run {
    my ($id, $rc, $what) = @_;
    # both outcomes make four checks, so the test count is the same either way
    if ($rc == 2) {
        pass("$what: run $id succeeded: exit 2 (changes)");
        unlike(slurp("$tmp/$id.err"), $refusal, "$what: run $id was not refused");
        is(entries($id), $per_run, "$what: run $id succeeded and all its $per_run entries are there");
        ok(-e "$tmp/graphs-$id/resources.dot" && -e "$tmp/report-$id.json", "$what: run $id wrote its graphs and report");
        return 1;
    }
    is($rc, 1, "$what: run $id was refused: exit 1") or diag slurp("$tmp/$id.out") . slurp("$tmp/$id.err");
    like(slurp("$tmp/$id.err"), $refusal, "$what: run $id says why");
    is(entries($id), 0, "$what: the refused run $id changed nothing");
    ok(!-e "$tmp/graphs-$id" && !-e "$tmp/report-$id.json" && !-e "$tmp/var-$id",
       "$what: the refused run $id wrote no graph, report or state directory");
    return 0;
}

# 1. runs started together, a few times over: whoever wins, nothing is lost
for my $round (1 .. 5) {
    my @ids = ("r$round-a", "r$round-b");
    catalog($_, 0) for @ids;
    pipe(my $r, my $w) or die $!;
    my @pids = map { start($_, [$r, $w]) } @ids;
    close $r; close $w;                       # go
    my @rc = map { finish($_) } @pids;
    my $ok = 0;
    $ok += check_run($ids[$_], $rc[$_], "round $round") for 0, 1;
    ok($ok >= 1, "round $round: at least one of the two runs succeeded");
}

# 2. a run held inside its transaction: the second is refused
catalog('held', 1);
catalog('second', 0);
my $held = start('held', undef);
{
    local $SIG{ALRM} = sub { die "the held run never reached its exec\n" };
    alarm 60;
    open my $fifo, '>', "$root/hold" or die "$root/hold: $!";   # opens once the exec reads: the lock is held
    alarm 0;
    my $second = start('second', undef);
    is(finish($second), 1, 'a second run while the first is in its transaction exits 1');
    my ($pid) = slurp("$tmp/second.err") =~ $refusal;
    is($pid, $held, 'the refusal names the pid of the run holding the root') or diag slurp("$tmp/second.err");
    check_run('second', 1, 'held');

    # the same root spelled otherwise is the same lock
    symlink($root, "$tmp/alias") or die $!;
    for my $spelling ("$root/", "$tmp/alias") {
        my ($rc, $out) = run("$mapply --root $spelling --vardir $tmp/var-other $tmp/second.json");
        is($rc, 1, "--root $spelling is the same root: refused");
    }
    is(entries('second'), 0, 'and nothing of theirs was written');

    # --validate changes nothing, so it takes no lock
    my ($rc, $out) = run("$mapply --validate --root $root --vardir $tmp/var-held $tmp/second.json");
    is($rc, 0, '--validate runs while another run holds the root') or diag $out;

    # another root is another lock
    make_path("$tmp/root2/etc");
    ($rc, $out) = run("$mapply --root $tmp/root2 --vardir $tmp/var-root2 --detailed-exitcodes $tmp/second.json");
    like(slurp("$tmp/root2/etc/hosts"), qr/h-second-40\.example/, 'a run on another root is not held up') or diag $out;

    # mres: showing needs no lock, changing is refused; mbucket restore is refused
    ($rc, $out) = run("$mres --root $root host localhost");
    is($rc, 0, 'mres shows a resource while the root is locked') or diag $out;
    ($rc, $out) = run("$mres --root $root host mres.example ip=10.9.9.9");
    is($rc, 1, 'mres refuses a change while the root is locked');
    like($out, $refusal, 'with the same message');
    ($rc, $out) = run("$mres --root $root --noop host mres.example ip=10.9.9.9");
    is($rc, 0, 'mres --noop changes nothing, so it runs') or diag $out;
    ($rc, $out) = run("$mbucket --root $root --vardir $tmp/var-held restore /etc/restored " . ('0' x 64));
    is($rc, 1, 'mbucket restore is refused while the root is locked');
    like($out, $refusal, 'with the same message');
    ok(slurp("$root/etc/hosts") !~ /mres\.example/ && !-e "$root/etc/restored", 'neither changed anything');

    print $fifo "go\n";
    close $fifo;
}
is(finish($held), 2, 'the held run completes once released');
check_run('held', 2, 'held');
my $again = start('second', undef, '--vardir', "$tmp/var-second2");
is(finish($again), 2, 'the refused run succeeds once the root is free');
is(entries('held') + entries('second'), 2 * $per_run, 'both runs\' entries are there, each once');

# 3. --wait: the second run waits for the first, then applies
for my $round (1 .. 2) {
    my ($first, $next) = ("w$round-a", "w$round-b");
    catalog($first, 1);
    catalog($next, 0);
    my $p1 = start($first, undef);
    local $SIG{ALRM} = sub { die "the held run never reached its exec\n" };
    alarm 60;
    open my $fifo, '>', "$root/hold" or die "$root/hold: $!";
    alarm 0;
    pipe(my $r, my $w) or die $!;
    my $p2 = fork // die "fork: $!";
    if (!$p2) {
        close $r;
        open STDOUT, '>&', $w or die; open STDERR, '>', "$tmp/$next.err" or die;
        exec $mapply, '--root', $root, '--vardir', "$tmp/var-$next", '--detailed-exitcodes', '--wait', "$tmp/$next.json";
        exit 127;
    }
    close $w;
    my $line = <$r>;                          # it says it waits before it waits
    like($line // '', qr/^Notice: Run of mapply already in progress on root \Q$root\E \(pid $p1 holds the lock\); waiting for it to finish$/,
         "--wait round $round: the second run says it waits for the first");
    is(entries($next), 0, "--wait round $round: and has written nothing yet");
    print $fifo "go\n";
    close $fifo;
    my $rest = do { local $/; <$r> };
    is(finish($p1), 2, "--wait round $round: the first run completes");
    is(finish($p2), 2, "--wait round $round: the waiting run then applies") or diag $rest . slurp("$tmp/$next.err");
    is(entries($first), $per_run, "--wait round $round: all of the first run's entries are there");
    is(entries($next), $per_run, "--wait round $round: all of the second run's entries are there");
}

# every run that succeeded, still all there at the end: nothing was lost later either
my @all = grep { -e "$tmp/report-$_.json" } map { ("r$_-a", "r$_-b") } 1 .. 5;
is(scalar(grep { entries($_) == $per_run } @all), scalar @all, 'at the end, every entry of every run that succeeded is in the files');
done_testing();
