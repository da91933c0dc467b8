#!/usr/bin/perl
# facter.t: the facts mcomp gathers, as Facter 4 names and shapes them.
#  - against facter itself (skipped when it is not installed): every fact name both
#    `facter --json --show-legacy` and `mcomp --print-facts` have must have the same
#    value, except the facts that change between two reads (listed below);
#  - on a fixed tree (MCOMP_FACTS_ROOT: every file read comes from under it, and the
#    machine calls, uname, interfaces, statvfs, are left out): the values Facter's
#    rules give for those files;
#  - the legacy facts derived from a --facts file that has only structured ones;
#  - what a Puppet agent adds (clientcert, clientversion, clientnoop, $server_facts);
#  - external facts from facts.d directories (.txt, .json, .yaml, executables).
# Everything happens in a temporary directory.
use strict;
use warnings;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use File::Basename qw(dirname);
use JSON::PP;
use Digest::SHA qw(sha1_hex sha256_hex);
use MIME::Base64 qw(decode_base64);
use Test::More;

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $tmp = tempdir('mcomp-facter-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
require './t/testlib.pl';   # slurp, spew, run

sub mcomp {
    my (@args) = @_;
    my $st = run([$mcomp, @args], "$tmp/out", "$tmp/err", undef, 120);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

sub facts_of {
    my (@args) = @_;
    my ($st, $out, $err) = mcomp('--print-facts', @args);
    is($st, 0, "--print-facts @args exits 0") or diag($err);
    return eval { decode_json($out) } // do { fail("--print-facts @args prints JSON"); {} };
}

sub put {
    my ($path, $text) = @_;
    make_path(dirname($path));
    spew($path, $text);
}

# ---- against facter ----
# Facts that change between two reads (or that facter and mcomp read at different
# moments): compared by name only.
my @volatile = (qr/^load_averages\b/, qr/^memory\.(system|swap)\.(available|used|capacity)/,
                qr/^(memoryfree|swapfree)/, qr/^mountpoints\..*\.(available|used|capacity)/,
                qr/^system_uptime\b/, qr/^uptime/, qr/^partitions\..*\.(available|used)/);

SKIP: {
    my $facter = (grep { -x "$_/facter" } split /:/, $ENV{PATH})[0];
    skip 'facter is not installed', 3 unless $facter;
    my $st = run(["$facter/facter", '--json', '--show-legacy'], "$tmp/facter.json", '/dev/null', undef, 120);
    # (facter exits 1 when some resolver failed, e.g. one that reads /proc/1/environ
    # in a container: its JSON is still complete for the other facts)
    my $theirs = eval { decode_json(slurp("$tmp/facter.json")) };
    skip "facter failed ($st)", 3 unless ref $theirs eq 'HASH';
    my $ours = facts_of();
    my $canon = JSON::PP->new->canonical->allow_nonref;
    my (@same, @differ, @only_facter);
    my $walk;
    $walk = sub {
        my ($a, $b, $path) = @_;
        if (ref $a eq 'HASH' && ref $b eq 'HASH') {
            for my $k (sort keys %$a) {
                my $p = $path eq '' ? $k : "$path.$k";
                if (exists $b->{$k}) { $walk->($a->{$k}, $b->{$k}, $p) }
                else { push @only_facter, $p }
            }
            return;
        }
        return push @same, $path if grep { $path =~ $_ } @volatile;
        my ($x, $y) = ($canon->encode($a), $canon->encode($b));
        if ($x eq $y) { push @same, $path } else { push @differ, "$path: facter $x, mcomp $y" }
    };
    $walk->($theirs, $ours, '');
    ok(@same >= 30, scalar(@same) . ' facts compared') or diag(join ' ', @same);
    is(join("\n", @differ), '', 'every fact both have has the same value');
    note("only facter has: @only_facter");
    my @top = grep { !exists $ours->{$_} } sort keys %$theirs;
    note("top-level facts only facter has: @top");
}

# ---- a fixed tree ----
my $root = "$tmp/root";
my $edkey = 'AAAAC3NzaC1lZDI1NTE5AAAAIMcW2vQkR1m8VcX1jC3v9hL4eZ8oQn2d0xY5r7uT6wPa';
put("$root/proc/sys/kernel/ostype", "Linux\n");
put("$root/proc/sys/kernel/osrelease", "6.1.0-18-amd64\n");
put("$root/proc/sys/kernel/arch", "x86_64\n");
put("$root/proc/sys/kernel/hostname", "web1\n");
put("$root/etc/resolv.conf", "# x\nsearch corp.example other.example\nnameserver 10.0.0.1\n");
put("$root/etc/os-release", qq{PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n}
    . qq{VERSION_ID="12"\nVERSION_CODENAME=bookworm\nID=debian\n});
put("$root/etc/debian_version", "12.5\n");
put("$root/proc/meminfo", "MemTotal:        2048000 kB\nMemFree:          100000 kB\n"
    . "MemAvailable:    1024000 kB\nBuffers:           10000 kB\nCached:           500000 kB\n"
    . "SwapTotal:        1048576 kB\nSwapFree:          524288 kB\n");
put("$root/proc/cpuinfo", join '', map { "processor\t: $_\nmodel name\t: Intel(R) Xeon(R) CPU E5-2680 v4 \@ 2.40GHz\n"
    . "physical id\t: 0\nsiblings\t: 4\ncpu cores\t: 2\ncpu MHz\t\t: 2399.998\nflags\t\t: fpu vme\n\n" } 0 .. 3);
put("$root/proc/loadavg", "0.50 0.25 0.10 1/100 1234\n");
put("$root/proc/uptime", "190000.52 1000.00\n");
put("$root/proc/filesystems", "nodev\tsysfs\nnodev\ttmpfs\n\text4\n\tvfat\n\tfuseblk\n\txfs\n");
put("$root/proc/mounts", "/dev/sda1 / ext4 rw,relatime 0 0\nproc /proc proc rw 0 0\n"
    . "tmpfs /run tmpfs rw,nosuid,size=200k 0 0\n/dev/sda2 /srv/my\\040data xfs rw 0 0\n");
put("$root/sys/class/dmi/id/$_->[0]", "$_->[1]\n") for
    ['bios_vendor', 'SeaBIOS'], ['bios_version', '1.16.2'], ['bios_date', '04/01/2014'],
    ['sys_vendor', 'innotek GmbH'], ['product_name', 'VirtualBox'], ['product_uuid', '0f2e-11'],
    ['chassis_type', '1'], ['board_name', 'VirtualBox'];
put("$root/sys/block/sda/size", "41943040\n");
put("$root/sys/block/sda/device/vendor", "ATA\n");
put("$root/sys/block/sda/device/model", "VBOX HARDDISK\n");
put("$root/sys/block/sda/queue/rotational", "1\n");
put("$root/sys/block/sda/sda1/partition", "1\n");
put("$root/sys/block/sda/sda1/size", "2048\n");
put("$root/sys/block/loop0/size", "0\n");
put("$root/etc/ssh/ssh_host_ed25519_key.pub", "ssh-ed25519 $edkey root\@web1\n");

{
    local $ENV{MCOMP_FACTS_ROOT} = $root;
    my $f = facts_of();
    is_deeply($f->{os}, {
        architecture => 'amd64', hardware => 'x86_64', family => 'Debian', name => 'Debian',
        release => {full => '12.5', major => '12', minor => '5'},
        distro => {codename => 'bookworm', description => 'Debian GNU/Linux 12 (bookworm)', id => 'Debian',
                   release => {full => '12.5', major => '12', minor => '5'}},
        selinux => {enabled => JSON::PP::false},
    }, 'os: release from debian_version, architecture in dpkg naming');
    is_deeply([@$f{qw(kernel kernelrelease kernelversion kernelmajversion)}],
              ['Linux', '6.1.0-18-amd64', '6.1.0', '6.1'], 'kernel facts');
    is_deeply($f->{networking}, {hostname => 'web1', domain => 'corp.example', fqdn => 'web1.corp.example'},
              'hostname, and the domain from resolv.conf search');
    is_deeply($f->{memory}{system}, {
        total => '1.95 GiB', total_bytes => 2097152000, available => '1000.00 MiB', available_bytes => 1048576000,
        used => '1000.00 MiB', used_bytes => 1048576000, capacity => '50.00%'}, 'memory.system');
    is($f->{memory}{swap}{capacity}, '50.00%', 'memory.swap');
    is_deeply($f->{processors}, {
        count => 4, physicalcount => 1, cores => 2, threads => 2, isa => 'unknown', speed => '2.40 GHz',
        models => [('Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz') x 4]}, 'processors');
    is_deeply($f->{load_averages}, {'1m' => 0.5, '5m' => 0.25, '15m' => 0.1}, 'load_averages');
    is_deeply($f->{system_uptime}, {seconds => 190000, hours => 52, days => 2, uptime => '2 days'}, 'system_uptime');
    is($f->{filesystems}, 'ext4,vfat,xfs', 'filesystems: block ones, sorted, no fuseblk');
    is_deeply([sort keys %{$f->{mountpoints}}], ['/', '/run', '/srv/my data'],
              'mountpoints: /proc left out, octal escapes decoded');
    is_deeply($f->{mountpoints}{'/run'}{options}, ['rw', 'nosuid', 'size=200k'], 'mount options');
    is_deeply($f->{disks}, {sda => {size => '20.00 GiB', size_bytes => 21474836480, vendor => 'ATA',
                                    model => 'VBOX HARDDISK', type => 'hdd'}}, 'disks (devices only)');
    is_deeply($f->{partitions}, {'/dev/sda1' => {size => '1.00 MiB', size_bytes => 1048576, mount => '/'}},
              'partitions');
    is_deeply($f->{dmi}, {bios => {vendor => 'SeaBIOS', version => '1.16.2', release_date => '04/01/2014'},
                          manufacturer => 'innotek GmbH', chassis => {type => 'Other'},
                          board => {product => 'VirtualBox'},
                          product => {name => 'VirtualBox', uuid => '0f2e-11'}}, 'dmi');
    is($f->{virtual}, 'virtualbox', 'virtual from the DMI product name');
    ok($f->{is_virtual}, 'is_virtual');
    my $raw = decode_base64($edkey);
    is_deeply($f->{ssh}, {ed25519 => {key => $edkey, type => 'ssh-ed25519', fingerprints => {
        sha1 => 'SSHFP 4 1 ' . sha1_hex($raw), sha256 => 'SSHFP 4 2 ' . sha256_hex($raw)}}}, 'ssh host keys');
    my %legacy = (
        osfamily => 'Debian', operatingsystem => 'Debian', operatingsystemrelease => '12.5',
        operatingsystemmajrelease => '12', architecture => 'amd64', hardwaremodel => 'x86_64',
        hardwareisa => 'unknown', lsbdistcodename => 'bookworm', lsbdistid => 'Debian',
        lsbdistrelease => '12.5', lsbmajdistrelease => '12', lsbminordistrelease => '5',
        lsbdistdescription => 'Debian GNU/Linux 12 (bookworm)', hostname => 'web1', domain => 'corp.example',
        fqdn => 'web1.corp.example', memorysize => '1.95 GiB', memoryfree => '1000.00 MiB',
        memorysize_mb => 2000, memoryfree_mb => 1000, swapsize => '1.00 GiB', swapfree => '512.00 MiB',
        swapsize_mb => 1024, swapfree_mb => 512, processorcount => 4, physicalprocessorcount => 1,
        processor0 => 'Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz', uptime => '2 days', uptime_days => 2,
        uptime_hours => 52, uptime_seconds => 190000, blockdevices => 'sda', blockdevice_sda_size => 21474836480,
        blockdevice_sda_vendor => 'ATA', blockdevice_sda_model => 'VBOX HARDDISK', bios_vendor => 'SeaBIOS',
        bios_version => '1.16.2', bios_release_date => '04/01/2014', manufacturer => 'innotek GmbH',
        productname => 'VirtualBox', uuid => '0f2e-11', chassistype => 'Other', boardproductname => 'VirtualBox',
        sshed25519key => $edkey, sshfp_ed25519 => "SSHFP 4 1 " . sha1_hex($raw) . "\nSSHFP 4 2 " . sha256_hex($raw),
        selinux => JSON::PP::false,
    );
    is_deeply({map { $_ => $f->{$_} } keys %legacy}, \%legacy, 'legacy facts derived from the structured ones');
    my ($st, $out) = mcomp('--print-facts');
    my @keys = $out =~ /^  "([^"]+)":/mg;
    is_deeply(\@keys, [sort @keys], 'top-level keys printed sorted, two-space indent');
}

# ---- Ubuntu: os.release is VERSION_ID whole, the distro from lsb-release ----
{
    my $u = "$tmp/ubuntu";
    put("$u/proc/sys/kernel/ostype", "Linux\n");
    put("$u/proc/sys/kernel/arch", "aarch64\n");
    put("$u/etc/os-release", qq{NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n}
        . qq{PRETTY_NAME="Ubuntu 22.04.4 LTS"\nVERSION_CODENAME=jammy\n});
    put("$u/etc/lsb-release", "DISTRIB_ID=Ubuntu\nDISTRIB_RELEASE=22.04\nDISTRIB_CODENAME=jammy\n"
        . qq{DISTRIB_DESCRIPTION="Ubuntu 22.04.4 LTS"\n});
    put("$u/proc/mounts", "/dev/vda1 / ext4 rw 0 0\nselinuxfs /sys/fs/selinux selinuxfs rw,relatime 0 0\n");
    put("$u/etc/selinux/config", "# x\nSELINUX=enforcing\nSELINUXTYPE=default\n");
    put("$u/sys/fs/selinux/enforce", "0");
    put("$u/sys/fs/selinux/policyvers", "33");
    local $ENV{MCOMP_FACTS_ROOT} = $u;
    my $f = facts_of();
    is_deeply($f->{os}, {
        architecture => 'arm64', hardware => 'aarch64', family => 'Debian', name => 'Ubuntu',
        release => {full => '22.04', major => '22.04'},
        distro => {codename => 'jammy', description => 'Ubuntu 22.04.4 LTS', id => 'Ubuntu',
                   release => {full => '22.04', major => '22.04'}},
        selinux => {enabled => JSON::PP::true, config_mode => 'enforcing', config_policy => 'default',
                    current_mode => 'permissive', enforced => JSON::PP::false, policy_version => '33'},
    }, 'Ubuntu os facts; selinux from selinuxfs and /etc/selinux/config');
    is_deeply([@$f{qw(selinux selinux_config_mode selinux_current_mode selinux_enforced selinux_policyversion)}],
              [JSON::PP::true, 'enforcing', 'permissive', JSON::PP::false, '33'], 'selinux legacy facts');
    is_deeply([@$f{qw(operatingsystemrelease operatingsystemmajrelease lsbdistrelease lsbmajdistrelease)}],
              ['22.04', '22.04', '22.04', '22.04'], 'Ubuntu legacy release facts');
}

# ---- a --facts file with structured facts only (facter --json) ----
my %structured = (
    os => {name => 'Ubuntu', family => 'Debian', architecture => 'amd64', hardware => 'x86_64',
           release => {full => '22.04', major => '22.04'}, selinux => {enabled => JSON::PP::false},
           distro => {codename => 'jammy', id => 'Ubuntu', description => 'Ubuntu 22.04.4 LTS',
                      release => {full => '22.04', major => '22.04'}}},
    networking => {hostname => 'db2', domain => 'example.net', fqdn => 'db2.example.net', ip => '10.1.2.3',
                   ip6 => 'fe80::1', mac => '52:54:00:aa:bb:cc', netmask => '255.255.0.0', network => '10.1.0.0',
                   mtu => 1500, primary => 'ens3', scope6 => 'link',
                   interfaces => {ens3 => {ip => '10.1.2.3', mac => '52:54:00:aa:bb:cc', mtu => 1500,
                                           netmask => '255.255.0.0', network => '10.1.0.0'},
                                  lo => {ip => '127.0.0.1', mtu => 65536}}},
    memory => {system => {total => '3.84 GiB', total_bytes => 4123456512, available => '1.00 GiB',
                          available_bytes => 1073741824}},
    processors => {count => 2, physicalcount => 1, isa => 'x86_64', models => ['A', 'B']},
    identity => {user => 'root', group => 'root', uid => 0, gid => 0, privileged => JSON::PP::true},
    system_uptime => {days => 0, hours => 1, seconds => 4000, uptime => '1:06 hours'},
    ruby => {platform => 'x86_64-linux', sitedir => '/x', version => '3.1.2'},
    osfamily => 'KeptAsGiven',
);
spew("$tmp/structured.json", encode_json(\%structured));
{
    my $f = facts_of('--facts', "$tmp/structured.json");
    my %legacy = (
        osfamily => 'KeptAsGiven', operatingsystem => 'Ubuntu', operatingsystemrelease => '22.04',
        operatingsystemmajrelease => '22.04', lsbdistcodename => 'jammy', lsbdistrelease => '22.04',
        hostname => 'db2', domain => 'example.net', fqdn => 'db2.example.net', ipaddress => '10.1.2.3',
        ipaddress6 => 'fe80::1', macaddress => '52:54:00:aa:bb:cc', netmask => '255.255.0.0', network => '10.1.0.0',
        scope6 => 'link', interfaces => 'ens3,lo', ipaddress_ens3 => '10.1.2.3', ipaddress_lo => '127.0.0.1',
        macaddress_ens3 => '52:54:00:aa:bb:cc', mtu_ens3 => 1500, mtu_lo => 65536, netmask_ens3 => '255.255.0.0',
        network_ens3 => '10.1.0.0', memorysize => '3.84 GiB', memorysize_mb => 3932.4345703125,
        memoryfree => '1.00 GiB', memoryfree_mb => 1024, processorcount => 2, physicalprocessorcount => 1,
        processor0 => 'A', processor1 => 'B', hardwareisa => 'x86_64', hardwaremodel => 'x86_64',
        architecture => 'amd64', id => 'root', gid => 'root', uptime => '1:06 hours', uptime_days => 0,
        uptime_hours => 1, uptime_seconds => 4000, rubyplatform => 'x86_64-linux', rubysitedir => '/x',
        rubyversion => '3.1.2', selinux => JSON::PP::false,
        clientcert => 'db2.example.net', clientversion => '7.23.0', clientnoop => JSON::PP::false,
    );
    is_deeply({map { $_ => $f->{$_} } keys %legacy}, \%legacy,
              'a --facts file without legacy facts gets them (a fact it has keeps its value)');
    ok(!exists $f->{lsbminordistrelease}, 'no legacy fact without its structured one');
}

# ---- what the agent adds, $server_facts ----
spew("$tmp/agent.pp", <<'EOF');
notify { 'cc': message => [$clientcert, $clientversion, $clientnoop, $facts['clientcert'], $facts['clientversion']] }
notify { 'sf': message => $server_facts }
notify { 'sv': message => [$serverversion =~ Undef, $facts['serverversion'] =~ Undef, $osfamily, $facts['hostname']] }
EOF
{
    my ($st, $out, $err) = mcomp('--facts', "$tmp/structured.json", '--certname', 'agent.example', '--environment',
                                 'staging', "$tmp/agent.pp");
    is($st, 0, 'agent facts manifest compiles') or diag($err);
    like($out, qr/"message":\s*\["agent\.example",\s*"7\.23\.0",\s*false,\s*"agent\.example",\s*"7\.23\.0"\]/,
         'clientcert, clientversion, clientnoop as puppet apply sets them');
    like($out, qr/"message":\s*\{\s*"environment":\s*"staging"\s*\}/, '$server_facts holds the environment only');
    like($out, qr/"message":\s*\[true,\s*true,\s*"KeptAsGiven",\s*"db2"\]/, '$serverversion is undef; legacy facts as variables');
}

# ---- external facts ----
my $fd = "$tmp/facts.d";
put("$fd/a.txt", "# comment\nTeam = Web Ops\nrole=frontend\n\nnot a fact\nosfamily=FromTxt\n");
put("$fd/b.json", '{"datacenter": {"name": "ams1", "racks": [1, 2]}, "Flag": true}');
put("$fd/c.yaml", "---\nowner: alice\nports:\n  - 80\n  - 443\n");
put("$fd/d.sh", "#!/bin/sh\necho exec_kv=one\necho 'exec_two = two words'\n");
put("$fd/e.sh", "#!/bin/sh\necho '{\"exec_json\": {\"k\": 1}}'\n");
put("$fd/f.sh", "#!/bin/sh\necho 'exec_yaml: [1, 2]'\n");
put("$fd/g.sh", "#!/bin/sh\nexit 3\n");
put("$fd/ignored.conf", "nope=1\n");
chmod 0755, map { "$fd/$_.sh" } qw(d e f g);
{
    local $ENV{MCOMP_FACTS_ROOT} = $root;
    my ($st, $out, $err) = mcomp('--print-facts', '--external-facts', "$fd:$tmp/missing.d");
    is($st, 0, 'external facts: exit 0') or diag($err);
    my $f = eval { decode_json($out) } // {};
    is_deeply({map { $_ => $f->{$_} } qw(team role osfamily datacenter flag owner ports exec_kv exec_two exec_json exec_yaml)},
              {team => 'Web Ops', role => 'frontend', osfamily => 'FromTxt', datacenter => {name => 'ams1', racks => [1, 2]},
               flag => JSON::PP::true, owner => 'alice', ports => [80, 443], exec_kv => 'one', exec_two => 'two words',
               exec_json => {k => 1}, exec_yaml => [1, 2]},
              '.txt, .json, .yaml and executables; names lowercased; external facts override core ones');
    ok(!exists $f->{nope}, 'other extensions are not read');
    like($err, qr/g\.sh exited with 3/, 'a failing executable is a warning');
    like($err, qr/missing\.d/, 'a missing --external-facts directory is a warning');
}

# ---- usage ----
{
    my ($st, $out, $err) = mcomp('--print-facts', '--facts', "$tmp/nonexistent.json");
    is($st, 2, 'an unreadable --facts file exits 2');
    ($st, $out, $err) = mcomp('--stats', '--print-facts');
    is($st, 0, '--print-facts needs no manifest');
}

done_testing();
