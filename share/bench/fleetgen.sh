#!/bin/sh
# fleetgen.sh DIR N [BASE] - writes N facts files DIR/nodeNNNN.example.com.json,
# facter --json's shape, as mcomp --nodes reads them: each node its own
# hostname, fqdn, address, processor count, memory and a role (web, db, pg or
# cache, in turn), over the facts of the JSON object in file BASE when given,
# else of a small Debian 12 node's.
set -eu
mkdir -p "$1"
exec perl -MJSON::PP -e '
    my ($dir, $n, $base) = @ARGV;
    my $common = {os => {family => "Debian", name => "Debian", release => {full => "12.5", major => "12", minor => "5"}},
                  kernel => "Linux"};
    if (defined $base && length $base) {
        open my $fh, "<", $base or die "$base: $!\n";
        local $/;
        $common = decode_json(<$fh>);
    }
    my @roles = qw(web db pg cache);
    my $json = JSON::PP->new->canonical;
    for my $i (0 .. $n - 1) {
        my $host = sprintf "node%04d", $i;
        my $ip = sprintf "10.%d.%d.%d", int($i / 65536), int($i / 256) % 256, $i % 256;
        my %f = (%$common, role => $roles[$i % 4], hostname => $host, fqdn => "$host.example.com", ipaddress => $ip,
                 networking => {%{$common->{networking} || {}}, fqdn => "$host.example.com", hostname => $host,
                                domain => "example.com", ip => $ip},
                 processors => {%{$common->{processors} || {}}, count => 1 + $i % 16},
                 memory => {system => {total_bytes => (1 + $i % 64) * 1073741824}});
        open my $out, ">", "$dir/$host.example.com.json" or die "$dir: $!\n";
        print $out $json->encode(\%f), "\n";
        close $out or die "$dir: $!\n";
    }' "$1" "$2" "${3:-}"
