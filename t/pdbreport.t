#!/usr/bin/perl
# t/pdbreport.t - the report mapply --puppetdb sends (PuppetDB's "store report"
# command, version 8) for a recursive copy and purge, caught by a stand-in for
# PuppetDB: a process of this test listening on a free loopback port, which
# answers each POST to /pdb/cmd/v1 as PuppetDB does (200, {"uuid": ...}) and
# keeps its body.  As in Puppet's puppetdb report processor, each file the
# recursion changed is a resource of its own (File[/d/a], its events, its
# container's path, no file or line), and a recursive file unchanged itself
# is not in the list.  t/puppetdb.t sends reports to a real PuppetDB;
# this test needs none and runs in a second.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use IO::Socket::INET;
use JSON::PP;
use POSIX qw(WNOHANG);
use Test::More;
require './t/testlib.pl';

my $mcomp = abs_path($ENV{MCOMP} || 'build/mcomp');
my $mapply = abs_path($ENV{MAPPLY} || 'build/mapply');
my $tmp = tempdir('pdbreport-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

# the stand-in: serves until killed, one body file per command
my $srv = IO::Socket::INET->new(Listen => 5, LocalAddr => '127.0.0.1', LocalPort => 0, Proto => 'tcp', ReuseAddr => 1)
    or die "listen: $!";
my $port = $srv->sockport;
mkdir "$tmp/got" or die;
my $pid = fork // die "fork: $!";
if (!$pid) {
    my $n = 0;
    while (my $c = $srv->accept) {
        local $/ = "\r\n";
        my ($line, %h) = (scalar <$c>);
        while (defined(my $l = <$c>)) {
            last if $l eq "\r\n";
            $h{lc $1} = $2 if $l =~ /^([^:]+):\s*(.*?)\r\n$/;
        }
        print $c "HTTP/1.1 100 Continue\r\n\r\n" if ($h{expect} // '') =~ /100-continue/i;
        my $body = '';
        read($c, $body, $h{'content-length'} // 0);
        $n++;
        spew("$tmp/got/$n", "$line$body");
        my $answer = '{"uuid":"00000000-0000-4000-8000-000000000000"}';
        print $c "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " . length($answer)
            . "\r\nConnection: close\r\n\r\n$answer";
        close $c;
    }
    exit 0;
}
close $srv;
END { if ($pid) { local $?; kill 'TERM', $pid; waitpid $pid, 0 } }

mkdir "$tmp/src" or die;
mkdir "$tmp/src/d" or die;
spew("$tmp/src/a", "a\n");
spew("$tmp/src/d/b", "b\n");
mkdir "$tmp/p" or die;
mkdir "$tmp/p/old" or die;
spew("$tmp/p/old/z", "z\n");
spew("$tmp/site.pp", <<"EOF");
class copy {
  file { '$tmp/dst': ensure => directory, source => '$tmp/src', recurse => true }
}
include copy
file { '$tmp/p': ensure => directory, recurse => true, purge => true, force => true }
EOF
is(run([$mcomp, '--certname', 'n1.example.com', "$tmp/site.pp"], "$tmp/c.json", "$tmp/err"), 0, 'the manifest compiles')
    or diag(slurp("$tmp/err"));
my $rc = run([$mapply, '--detailed-exitcodes', '--vardir', "$tmp/var", "--puppetdb=http://127.0.0.1:$port", "$tmp/c.json"],
             "$tmp/out", "$tmp/aerr", undef, 60);
is($rc, 2, 'mapply --puppetdb: changes, exit 2') or diag(slurp("$tmp/out"), slurp("$tmp/aerr"));
is(slurp("$tmp/aerr"), '', '... and nothing on stderr: PuppetDB took the report');

my @got = sort glob("$tmp/got/*");
is(scalar @got, 1, 'one command went to PuppetDB');
my ($line, $body) = split /\n/, slurp($got[0] // '/dev/null'), 2;
like($line // '', qr{^POST /pdb/cmd/v1\?command=store_report&version=8&certname=n1\.example\.com HTTP/1\.1\r$},
     '... a store report command, version 8');
my $rep = eval { decode_json($body // '') } || {};
my %res = map { ("$_->{resource_type}\[$_->{resource_title}\]" => $_) } @{$rep->{resources} || []};
is_deeply([sort keys %res], [sort map { "File[$tmp/$_]" } qw(dst dst/a dst/d dst/d/b p/old)],
          'the resources are those that changed: a recursive file created, the generated files, not the unchanged recursive file')
    or diag(explain([sort keys %res]));
my $b = $res{"File[$tmp/dst/d/b]"} || {};
is_deeply($b->{containment_path}, ['Stage[main]', 'Copy', "File[$tmp/dst/d/b]"], 'a generated file: its container\'s path');
ok(!defined $b->{file} && !defined $b->{line}, '... no file or line');
is(scalar @{$b->{events} || []}, 1, '... its own event');
is($b->{events}[0]{name}, 'file_created', '... file_created');
is($b->{events}[0]{message}, "defined content as '{sha256}0263829989b6fd954f72baaf2fc64bc2e2f01d692d4de72986ea808f6e99813f'",
   '... with its message');
my $old = $res{"File[$tmp/p/old]"} || {};
is($old->{events}[0]{name}, 'file_removed', 'a purged directory: file_removed');
is($old->{events}[0]{old_value}, 'directory', '... from directory');
is($old->{events}[0]{new_value}, 'absent', '... to absent');
my %metric = map { ("$_->{category}.$_->{name}" => $_->{value}) } @{$rep->{metrics} || []};
is($metric{'resources.total'}, 7, 'the metrics count every generated file (the recursive two, their five children)');
is($metric{'resources.changed'}, 5, '... and the changed ones');

done_testing();
