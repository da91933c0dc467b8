#!/usr/bin/perl
# t/params.t - the parameter checks of the apply-time types, as data: each
# case of t/corpus/params/cases is one resource, put alone in a catalog and
# given to `mapply --noop --root T`; its expected line is Puppet's message
# for the first bad parameter ("Error: Parameter ip failed on Host[x]:
# Invalid IP address \"999.1.1.1\"", exit 1), or `ok` when every parameter
# is good (no "Error: Parameter" or "Error: Validation" line).  Nothing
# outside the temporary directory is touched (--root, --noop).
use strict;
use warnings;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $file = 't/corpus/params/cases';
my $tmp = tempdir(CLEANUP => 1);

open my $in, '<', $file or die "$file: $!";
my @lines = <$in>;
close $in;
chomp @lines;

my $n = 0;
for (my $i = 0; $i < @lines; $i++) {
    next if $lines[$i] =~ /^(#|\s*$)/;
    my ($type, $title, $json) = $lines[$i] =~ /^(\w+)\[(.*?)\] (\{.*\})$/
        or die "$file:" . ($i + 1) . ": not TYPE[title] {params}";
    my $want = $lines[++$i];
    defined $want or die "$file:" . ($i + 1) . ": the expected line is missing";
    my $dir = "$tmp/" . ++$n;
    mkdir $dir or die "$dir: $!";
    mkdir "$dir/root" or die "$dir/root: $!";
    decode_json($json);   # dies on a malformed case; the text itself goes in as written (1.0 stays a Float)
    my $q = JSON::PP->new->allow_nonref;
    open my $c, '>', "$dir/c.json" or die "$dir/c.json: $!";
    print $c '{"resources": [{"type": ' . $q->encode($type) . ', "title": ' . $q->encode($title)
           . ', "parameters": ' . $json . '}]}';
    close $c;
    my $err = `$mapply --noop --root $dir/root --vardir $dir/var $dir/c.json 2>&1 >/dev/null`;
    my $rc = $? >> 8;
    my @got = grep { /^Error: (Parameter|Validation)/ } split /\n/, $err;
    if ($want eq 'ok') {
        ok(!@got && $rc != 1, "$type\[$title\] $json: accepted") or diag($err);
    } else {
        is($rc, 1, "$type\[$title\] $json: refused (exit 1)");
        is($got[0] // '', $want, '... with Puppet\'s message');
    }
}
done_testing();
