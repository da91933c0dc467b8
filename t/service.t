#!/usr/bin/perl
# t/service.t - the service type end to end: a tiny daemon (a shell script
# that writes its pid file and sleeps in a loop, with a marker unique to
# this run in its command line) managed by the base provider: start,
# idempotence, refresh restarting it once, --noop, stop, the process-table
# status (pattern), a failing start and the resource depending on it.
# Then the debian provider under --root, its init script and update-rc.d
# run chrooted in a throwaway root holding a copy of /bin/sh; the systemd
# provider's enable under --root (systemctl --root); parameter checks; and
# mres.  Nothing outside the temporary directory changes; every daemon
# started here is killed (by pid) in the END block.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);
use File::Basename qw(dirname);
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $mcomp  = $ENV{MCOMP}  || 'build/mcomp';
my $mres   = $ENV{MRES}   || dirname($mapply) . '/mres';
my $tmp = tempdir(CLEANUP => 1);
my $marker = "svct_marker_${$}_" . int(rand(1_000_000_000));

sub write_file { my ($p, $c, $mode) = @_; open my $f, '>', $p or die "$p: $!"; print $f $c; close $f; chmod $mode, $p if $mode; }
sub slurp { my ($p) = @_; open my $f, '<', $p or return undef; local $/; my $c = <$f>; close $f; $c }
sub run { my ($cmd) = @_; my $out = `$cmd 2>&1`; return ($? >> 8, $out); }
sub lines { my ($p) = @_; my $c = slurp($p) // ''; return scalar(() = $c =~ /\n/g); }

# Processes carrying this run's marker (the daemons this test started).  A
# process the marked loop has just forked (for its `sleep 1`) carries the
# marker until it execs, and a daemon just started may not have exec'd yet:
# children of marked processes are not counted, and the set is read until
# two reads 0.1 s apart agree (at most 3 s).
sub marked_now {
    my %ppid;
    opendir my $d, '/proc' or return;
    for my $pid (grep { /^\d+$/ } readdir $d) {
        open my $f, '<', "/proc/$pid/cmdline" or next;
        local $/;
        my $c = <$f> // '';
        next if index($c, $marker) < 0;
        my $st = slurp("/proc/$pid/stat") // '';
        $ppid{$pid} = $st =~ /\)\s+\S+\s+(\d+)/ ? $1 : 0;
    }
    return sort { $a <=> $b } grep { !exists $ppid{$ppid{$_}} } keys %ppid;
}
sub marked_pids {
    my @last = marked_now();
    for (1 .. 30) {
        select(undef, undef, undef, 0.1);
        my @now = marked_now();
        return @now if "@now" eq "@last";
        @last = @now;
    }
    return @last;
}
sub alive {
    my ($pid) = @_;
    return 0 unless $pid && open my $f, '<', "/proc/$pid/status";
    local $/;
    return (<$f> // '') !~ /^State:\s*Z/m;
}
END { my @p = marked_pids(); kill 'TERM', @p if @p; }

# The daemon.  Its own children are `sleep 1`; the marked process is the
# loop.  stop waits until the process is gone (or only a zombie).
my $daemon = "$tmp/daemon.sh";
write_file($daemon, <<"EOF", 0755);
#!/bin/sh
pidf=$tmp/daemon.pid
alive() { [ -r /proc/\$1/status ] && ! grep -q '^State:.*Z' /proc/\$1/status; }
case "\$1" in
start)
    echo start >> $tmp/starts.log
    /bin/sh $daemon run $marker </dev/null >/dev/null 2>&1 &
    echo \$! > \$pidf ;;
run)
    while :; do sleep 1; done ;;
stop)
    [ -f \$pidf ] || exit 0
    p=\$(cat \$pidf)
    kill \$p 2>/dev/null
    i=0
    while alive \$p && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i+1)); done
    rm -f \$pidf ;;
status)
    [ -f \$pidf ] && alive \$(cat \$pidf) ;;
restart)
    echo restart >> $tmp/starts.log
    \$0 stop && \$0 start ;;
fail-start)
    echo "cannot start: port in use"
    exit 1 ;;
esac
EOF

# Compiles a manifest into $tmp/<name>.json; returns (rc, mcomp output).
sub compile {
    my ($name, $pp) = @_;
    write_file("$tmp/$name.pp", $pp);
    my $out = `$mcomp $tmp/$name.pp 2>&1 >$tmp/$name.json`;
    return ($? >> 8, $out);
}
sub apply { my ($name, $opts) = @_; $opts //= ''; return run("$mapply --detailed-exitcodes --vardir $tmp/var $opts $tmp/$name.json"); }
sub daemon_pid { my $p = slurp("$tmp/daemon.pid") // ''; chomp $p; return $p; }

my $cmds = "start => '$daemon start', stop => '$daemon stop', status => '$daemon status'";
sub svc_pp {
    my ($content, $extra) = @_;
    $extra //= '';
    return "file { '$tmp/app.conf': content => \"$content\\n\" }\n"
         . "service { 'svct': provider => base, ensure => running, $cmds, subscribe => File['$tmp/app.conf'] $extra }\n";
}


# ---- base provider: start, noop, idempotence --------------------------

my ($rc, $out) = compile('one', svc_pp('one'));
is($rc, 0, 'the service manifest compiles') or diag $out;

($rc, $out) = apply('one', '--noop');
is($rc, 0, '--noop exits 0');
like($out, qr{Service\[svct\]/ensure: current_value 'stopped', should be 'running' \(noop\)}, '--noop says it would start the service');
ok(!-e "$tmp/starts.log" && !marked_pids(), '--noop started nothing');

($rc, $out) = apply('one', '-v');
is($rc, 2, 'the first run starts the service: exit 2') or diag $out;
like($out, qr{Notice: /Stage\[main\]/Main/Service\[svct\]/ensure: ensure changed 'stopped' to 'running'}, "Puppet's start line");
like($out, qr{Info: /Stage\[main\]/Main/Service\[svct\]: Unscheduling refresh on Service\[svct\]}, 'the start drops the refresh the new file queued');
my $pid1 = daemon_pid();
ok(alive($pid1), 'the daemon runs') or diag $out;
is_deeply([marked_pids()], [$pid1], 'exactly one daemon process carries the marker');
is(lines("$tmp/starts.log"), 1, 'started once: the pending refresh did not restart it');
unlike($out, qr/Triggered 'refresh'/, 'no refresh is logged for a service started in this run');

($rc, $out) = apply('one');
is($rc, 0, 'the second run changes nothing: exit 0') or diag $out;
unlike($out, qr/Notice: \//, 'and logs no change');
is(daemon_pid(), $pid1, 'the daemon was left alone');

# ---- refresh -------------------------------------------------------------

compile('two', svc_pp('two'));
($rc, $out) = apply('two', '--noop');
is($rc, 0, '--noop with a changed subscribed file exits 0');
like($out, qr{Service\[svct\]: Would have triggered 'refresh' from 1 event}, '--noop would refresh the service');
is(daemon_pid(), $pid1, '--noop did not restart it');
is(slurp("$tmp/app.conf"), "one\n", '--noop did not change the file');

($rc, $out) = apply('two', '-d');
is($rc, 2, 'a changed subscribed file: exit 2') or diag $out;
like($out, qr{Notice: /Stage\[main\]/Main/Service\[svct\]: Triggered 'refresh' from 1 event}, 'the service is refreshed');
my $pid2 = daemon_pid();
ok($pid2 && $pid2 ne $pid1 && alive($pid2) && !alive($pid1), 'the daemon was restarted: a new pid runs, the old is gone');
is(slurp("$tmp/starts.log"), "start\nstart\n", 'restarted exactly once, by stop and start (no restart command)');

compile('three', svc_pp('three', ", restart => '$daemon restart'"));
($rc, $out) = apply('three');
is($rc, 2, 'a refresh with a restart command: exit 2') or diag $out;
is(slurp("$tmp/starts.log"), "start\nstart\nrestart\nstart\n", 'the restart command ran once');
my $pid3 = daemon_pid();
ok($pid3 ne $pid2 && alive($pid3), 'and the daemon has a new pid');

# ---- stop; a stopped service ignores refresh -----------------------------

compile('stop', "file { '$tmp/app.conf': content => \"four\\n\" }\n"
              . "service { 'svct': provider => base, ensure => stopped, $cmds, subscribe => File['$tmp/app.conf'] }\n");
($rc, $out) = apply('stop', '-d');
is($rc, 2, 'stopping: exit 2') or diag $out;
like($out, qr{Notice: /Stage\[main\]/Main/Service\[svct\]/ensure: ensure changed 'running' to 'stopped'}, "Puppet's stop line");
like($out, qr{Debug: /Stage\[main\]/Main/Service\[svct\]: Skipping restart; service is not running}, 'the refresh of a stopped service does nothing');
ok(!alive($pid3) && !marked_pids(), 'the daemon is gone');
is(lines("$tmp/starts.log"), 4, 'and was not started again by the refresh');
($rc, $out) = apply('stop');
is($rc, 0, 'stopped again: nothing to do, exit 0') or diag $out;

# ---- status by pattern, stop by kill -------------------------------------

compile('pat', "service { 'svct': provider => base, ensure => running, start => '$daemon start', pattern => '$marker' }\n");
($rc, $out) = apply('pat', '-d');
is($rc, 2, 'without a status command the process table says stopped: started, exit 2') or diag $out;
my $pid4 = daemon_pid();
ok(alive($pid4), 'the daemon runs');
($rc, $out) = apply('pat', '-d');
is($rc, 0, 'the process table finds it: exit 0') or diag $out;
like($out, qr{Debug: Service\[svct\]\(provider=base\): PID is $pid4\b}, 'found by the pattern, with its pid');

# --root: a process outside the root does not count as the root's service
make_path("$tmp/emptyroot");
compile('otherroot', "service { 'svct': provider => base, ensure => stopped, stop => '/bin/false', pattern => '$marker' }\n");
($rc, $out) = apply('otherroot', "--root $tmp/emptyroot");
is($rc, 0, 'under --root, a matching process of the host is not the service: nothing to stop') or diag $out;
ok(alive($pid4), 'and it still runs');

compile('patstop', "service { 'svct': provider => base, ensure => stopped, pattern => '$marker' }\n");
($rc, $out) = apply('patstop');
is($rc, 2, 'ensure => stopped without a stop command: exit 2') or diag $out;
like($out, qr{Service\[svct\]/ensure: ensure changed 'running' to 'stopped'}, 'stopped');
for (1 .. 50) { last unless alive($pid4); select(undef, undef, undef, 0.1); }
ok(!alive($pid4), 'the process the pattern found was killed');
($rc, $out) = apply('patstop');
is($rc, 0, 'and stays stopped: exit 0') or diag $out;

# ---- a failing start -----------------------------------------------------

compile('fail', "service { 'svcfail': provider => base, ensure => running, start => '$daemon fail-start', status => '/bin/false' }\n"
              . "notify { 'after': require => Service['svcfail'] }\n");
($rc, $out) = apply('fail');
is($rc, 4, 'a start that fails: exit 4') or diag $out;
like($out, qr{^Error: Could not start Service\[svcfail\]: Execution of '\Q$daemon\E fail-start' returned 1: cannot start: port in use$}m,
     "the error, in Puppet's words");
like($out, qr{^Error: /Stage\[main\]/Main/Service\[svcfail\]/ensure: change from 'stopped' to 'running' failed: Could not start Service\[svcfail\]: Execution of '\Q$daemon\E fail-start' returned 1: cannot start: port in use$}m,
     'the failed change');
like($out, qr{Notify\[after\]: Dependency Service\[svcfail\] has failures: true}, 'the dependent resource names the failure');
like($out, qr{Warning: /Stage\[main\]/Main/Notify\[after\]: Skipping because of failed dependencies}, 'and is skipped');
unlike($out, qr/defined 'message'/, 'the notify did not run');

# ---- parameters refused before anything changes --------------------------

my @bad = (
    [ "ensure => bogus", qr/Parameter ensure failed on Service\[x\]: Invalid value "bogus"\. Valid values are stopped, running\./ ],
    [ "enable => maybe", qr/Parameter enable failed on Service\[x\]: Invalid value "maybe"\. Valid values are true, false, manual, mask, delayed\./ ],
    [ "provider => nosuch", qr/Parameter provider failed on Service\[x\]: Invalid service provider 'nosuch'/ ],
    [ "provider => debian, enable => mask", qr/Parameter enable failed on Service\[x\]: Provider debian must have features 'maskable' to set 'enable' to 'mask'/ ],
    [ "hasstatus => 1", qr/Parameter hasstatus failed on Service\[x\]: Invalid value 1\. Valid values are true, false\./ ],
    [ "provider => base, ensure => running", qr/Validation of Service\[x\] failed: Services must specify a start command or a binary/ ],
    [ "provider => base, start => '/bin/true', timeout => 0", qr/Parameter timeout failed on Service\[x\]: "0" is not a positive integer/ ],
);
for my $b (@bad) {
    ($rc, $out) = compile('bad', "service { 'x': $b->[0] }\n");
    is($rc, 1, "mcomp refuses $b->[0]");
    like($out, $b->[1], '  in Puppet\'s words') or diag $out;
}
($rc, $out) = compile('okstop', "service { 'x': provider => base, ensure => stopped, pattern => 'nothing-matches-$marker' }\n");
is($rc, 0, 'a base service that is only stopped needs no start command') or diag $out;

write_file("$tmp/badcat.json", '{"resources": [{"type": "File", "title": "' . $tmp . '/untouched", "parameters": {"ensure": "file"}},'
    . ' {"type": "Service", "title": "x", "parameters": {"ensure": "bogus"}}]}');
($rc, $out) = run("$mapply --vardir $tmp/var $tmp/badcat.json");
is($rc, 1, 'mapply refuses a catalog with a bad service: exit 1');
like($out, qr/Parameter ensure failed on Service\[x\]: Invalid value "bogus"/, 'and says why');
ok(!-e "$tmp/untouched", 'and changes nothing');

# ---- debian under --root: chrooted init script and update-rc.d ----------

# A root holding a copy of /bin/sh (and ln, rm) with the libraries they
# load, so the provider's commands can run chrooted in it.
sub copy_into_root {
    my ($root, @bins) = @_;
    for my $bin (@bins) {
        my $real = Cwd::realpath($bin) // return 0;
        make_path(dirname("$root$bin"));
        copy($real, "$root$bin") or return 0;
        chmod 0755, "$root$bin";
        for my $lib (`ldd $real 2>/dev/null` =~ m{(/\S+)\s+\(0x}g) {
            next if -e "$root$lib";
            make_path(dirname("$root$lib"));
            copy($lib, "$root$lib") or return 0;
            chmod 0755, "$root$lib";
        }
    }
    return 1;
}
use Cwd ();

my $root = "$tmp/root";
my $chroot_ok = $> == 0 && copy_into_root($root, '/bin/sh', '/bin/ln', '/bin/rm')
    && system("chroot $root /bin/sh -c 'exit 0' 2>/dev/null") == 0;
SKIP: {
    skip 'chrooted runs need root and a copyable /bin/sh', 22 unless $chroot_ok;
    make_path("$root/etc/init.d", "$root/run", "$root/usr/sbin", map { "$root/etc/rc$_.d" } 0 .. 6);
    write_file("$root/etc/init.d/svcdeb", <<'EOF', 0755);
#!/bin/sh
# writes its state inside the root: proof that it runs chrooted
case "$1" in
start) echo started > /run/svcdeb.state; echo start >> /svcdeb.log ;;
stop) echo stopped > /run/svcdeb.state; echo stop >> /svcdeb.log ;;
restart) echo started > /run/svcdeb.state; echo restart >> /svcdeb.log ;;
status) [ -f /run/svcdeb.state ] && read s < /run/svcdeb.state && [ "$s" = started ] ;;
*) exit 3 ;;
esac
EOF
    write_file("$root/usr/sbin/update-rc.d", <<'EOF', 0755);
#!/bin/sh
# stands in for update-rc.d: records its calls, makes the links
echo "$*" >> /update-rc.log
if [ "$1" = -f ] && [ "$3" = remove ]; then
    for f in /etc/rc?.d/[SK]??$2; do [ -L "$f" ] && rm -f "$f"; done
    exit 0
fi
case "$2" in
defaults)
    for l in 2 3 4 5; do ln -s ../init.d/$1 /etc/rc$l.d/S01$1; done
    for l in 0 1 6; do ln -s ../init.d/$1 /etc/rc$l.d/K01$1; done ;;
disable)
    for l in 2 3 4 5; do rm -f /etc/rc$l.d/S01$1; ln -s ../init.d/$1 /etc/rc$l.d/K01$1; done ;;
esac
EOF
    write_file("$root/etc/svcdeb.conf", "a\n");
    my $deb = sub {
        my ($ensure, $enable, $conf) = @_;
        return "file { '/etc/svcdeb.conf': content => \"$conf\\n\" }\n"
             . "service { 'svcdeb': provider => debian, ensure => $ensure, enable => $enable, hasrestart => true, subscribe => File['/etc/svcdeb.conf'] }\n";
    };
    compile('deb1', $deb->('running', 'true', 'a'));
    ($rc, $out) = apply('deb1', "--root $root");
    is($rc, 2, 'debian under --root: started and enabled, exit 2') or diag $out;
    like($out, qr{Service\[svcdeb\]/ensure: ensure changed 'stopped' to 'running'}, 'the start is logged');
    unlike($out, qr{Service\[svcdeb\]/enable:}, 'enable is fixed along with the start, without a line of its own (Puppet)');
    is(slurp("$root/run/svcdeb.state"), "started\n", 'the init script ran chrooted in the root');
    ok(!-e '/svcdeb.log', 'and not on the host');
    is(slurp("$root/update-rc.log"), "-f svcdeb remove\nsvcdeb defaults\n", 'enabled with update-rc.d remove, then defaults');
    ok(-l "$root/etc/rc2.d/S01svcdeb" && -l "$root/etc/rc5.d/S01svcdeb", 'the start links exist');

    ($rc, $out) = apply('deb1', "--root $root");
    is($rc, 0, 'second run: the init script says running, the links say enabled: exit 0') or diag $out;

    compile('deb2', $deb->('running', 'true', 'b'));
    ($rc, $out) = apply('deb2', "--root $root");
    is($rc, 2, 'a refresh under --root: exit 2') or diag $out;
    like($out, qr{Service\[svcdeb\]: Triggered 'refresh' from 1 event}, 'the service is refreshed');
    is(slurp("$root/svcdeb.log"), "start\nrestart\n", "hasrestart: the script's restart ran once");

    compile('deb3', $deb->('stopped', 'false', 'b'));
    ($rc, $out) = apply('deb3', "--root $root");
    is($rc, 2, 'stopped and disabled: exit 2') or diag $out;
    like($out, qr{Service\[svcdeb\]/ensure: ensure changed 'running' to 'stopped'}, 'the stop is logged');
    is(slurp("$root/run/svcdeb.state"), "stopped\n", 'the script stopped it');
    ok(!-e "$root/etc/rc2.d/S01svcdeb" && -l "$root/etc/rc2.d/K01svcdeb", 'the start links became stop links');

    compile('deb4', $deb->('stopped', 'true', 'b'));
    ($rc, $out) = apply('deb4', "--root $root --noop");
    like($out, qr{Service\[svcdeb\]/enable: current_value 'false', should be 'true' \(noop\)}, '--noop says it would enable');
    ok(!-e "$root/etc/rc2.d/S01svcdeb", 'and changes no link');
    ($rc, $out) = apply('deb4', "--root $root");
    is($rc, 2, 'enabling a stopped service: exit 2') or diag $out;
    like($out, qr{Notice: /Stage\[main\]/Main/Service\[svcdeb\]/enable: enable changed 'false' to 'true'}, "Puppet's enable line");

    compile('deb5', "service { 'svcmissing': provider => debian, ensure => running }\n");
    ($rc, $out) = apply('deb5', "--root $root");
    is($rc, 4, 'a service without an init script cannot start: exit 4') or diag $out;
    like($out, qr{Service\[svcmissing\]/ensure: change from 'stopped' to 'running' failed: Could not find init script for 'svcmissing'}, "in Puppet's words");

    SKIP: {
        skip "no $mres (make B=... \$B/mres)", 1 unless -x $mres;
        ($rc, $out) = run("$mres --root $root service");
        is($out, "service { 'svcdeb':\n  ensure   => 'stopped',\n  enable   => 'true',\n  provider => 'debian',\n}\n",
           'mres lists the init scripts of the root with their state');
    }
}

# ---- systemd under --root: enable only ----------------------------------

my $have_systemctl = grep { -x "$_/systemctl" } split /:/, ($ENV{PATH} // '');
SKIP: {
    skip 'no systemctl', 10 unless $have_systemctl;
    my $sroot = "$tmp/sdroot";
    make_path("$sroot/etc/systemd/system", "$sroot/usr/lib/systemd/system");
    write_file("$sroot/usr/lib/systemd/system/svcsd.service",
               "[Unit]\nDescription=test\n[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n");
    my $want = "$sroot/etc/systemd/system/multi-user.target.wants/svcsd.service";
    compile('sd1', "service { 'svcsd': provider => systemd, ensure => running, enable => true }\n");
    ($rc, $out) = apply('sd1', "--root $sroot -v");
    is($rc, 2, 'systemd under --root: enabled, exit 2') or diag $out;
    like($out, qr{Info: /Stage\[main\]/Main/Service\[svcsd\]: Not managing ensure under --root}, 'ensure is not managed in an offline root, and it says so');
    like($out, qr{Notice: /Stage\[main\]/Main/Service\[svcsd\]/enable: enable changed 'false' to 'true'}, "Puppet's enable line");
    ok(-l $want, 'systemctl --root made the wants link in the root');
    ($rc, $out) = apply('sd1', "--root $sroot");
    is($rc, 0, 'second run: exit 0') or diag $out;

    compile('sd2', "service { 'svcsd': provider => systemd, enable => mask }\n");
    ($rc, $out) = apply('sd2', "--root $sroot");
    is($rc, 2, 'mask: exit 2') or diag $out;
    like($out, qr{Service\[svcsd\]/enable: enable changed 'true' to 'mask'}, 'masked');
    is(readlink("$sroot/etc/systemd/system/svcsd.service"), '/dev/null', 'the unit is masked in the root');
    ok(!-e $want, 'and disabled first');
    SKIP: {
        skip "no $mres", 1 unless -x $mres;
        write_file("$sroot/usr/lib/systemd/systemd", '', 0755);   # a root with systemd installed: systemd by default
        ($rc, $out) = run("$mres --root $sroot service");
        is($out, "service { 'svcsd.service':\n  ensure   => 'stopped',\n  enable   => 'false',\n  provider => 'systemd',\n}\n",
           'mres lists the unit files of an offline root (never running there)');
    }
}

# ---- systemd on a live system, against a stand-in systemctl ------------

# A fake systemctl (and journalctl) first in PATH: it records its calls
# and keeps each unit's state in files under $tmp/sd.
make_path("$tmp/bin", "$tmp/sd");
write_file("$tmp/bin/systemctl", <<"EOF", 0755);
#!/bin/sh
echo "\$*" >> $tmp/systemctl.log
s=$tmp/sd/\$3
case "\$1" in
is-active) [ -f \$s.active ] && { echo active; exit 0; }; echo inactive; exit 3 ;;
is-enabled) [ -f \$s.enabled ] && { echo enabled; exit 0; }; echo disabled; exit 1 ;;
show) echo NeedDaemonReload=no ;;
start) [ -f \$s.broken ] && { echo "Job for \$3.service failed."; exit 1; }; : > \$s.active ;;
stop) rm -f \$s.active ;;
restart) : > \$s.active; echo restart >> \$s.restarts ;;
enable) : > \$s.enabled ;;
disable) rm -f \$s.enabled ;;
esac
exit 0
EOF
write_file("$tmp/bin/journalctl", "#!/bin/sh\necho \"journal of \$6\"\n", 0755);
write_file("$tmp/sd/svcbad.broken", '');
sub apply_fake { my ($name, $opts) = @_; $opts //= ''; return run("PATH=$tmp/bin:\$PATH $mapply --detailed-exitcodes --vardir $tmp/var $opts $tmp/$name.json"); }
my $sd = sub {
    my ($ensure, $conf) = @_;
    return "file { '$tmp/sd.conf': content => \"$conf\\n\" }\n"
         . "service { 'svcfake': provider => systemd, ensure => $ensure, enable => true, subscribe => File['$tmp/sd.conf'] }\n";
};
write_file("$tmp/sd.conf", "a\n");
compile('live1', $sd->('running', 'a'));
($rc, $out) = apply_fake('live1');
is($rc, 2, 'systemd: started and enabled: exit 2') or diag $out;
like($out, qr{Service\[svcfake\]/ensure: ensure changed 'stopped' to 'running'}, 'the start is logged');
is(slurp("$tmp/systemctl.log"),
   "is-active -- svcfake\nshow --property=NeedDaemonReload -- svcfake\nunmask -- svcfake\nstart -- svcfake\n"
   . "is-enabled -- svcfake\nunmask -- svcfake\nenable -- svcfake\n",
   "systemctl calls: status, Puppet's reload check and unmask, start, then enable");
($rc, $out) = apply_fake('live1');
is($rc, 0, 'systemd: second run, exit 0') or diag $out;
compile('live2', $sd->('running', 'b'));
($rc, $out) = apply_fake('live2');
is($rc, 2, 'systemd: a refresh, exit 2') or diag $out;
is(slurp("$tmp/sd/svcfake.restarts"), "restart\n", 'systemctl restart ran once');
compile('live3', "service { 'svcbad': provider => systemd, ensure => running }\n");
($rc, $out) = apply_fake('live3');
is($rc, 4, 'systemd: a failing start, exit 4') or diag $out;
like($out, qr{Service\[svcbad\]/ensure: change from 'stopped' to 'running' failed: Systemd start for svcbad failed!\njournalctl log for svcbad:\njournal of svcbad},
     "Puppet's systemd failure: the unit's journal");

done_testing();
