# reportshape.pl: a run's report (Puppet's to_data_hash, as JSON) reduced to its shape, for
# comparing mapply's report with Puppet's (require './t/reportshape.pl' from the repository top).
#   report_shape(DATA, TMP [, PUPPET])
#                            DATA: the decoded report; TMP: the run's temporary directory,
#                            written @TMP@.  Returns the shape as text, one line per value in
#                            the report's own key order: "PATH VALUE", PATH like
#                            logs[0].message or resource_statuses.Notify[a].events[0].status,
#                            VALUE canonical JSON, arrays of scalars on one line.  With
#                            PUPPET set (a report Puppet wrote), the log lines of Puppet's own
#                            machinery that mapply does not print are left out first, as
#                            t/corpus/apply/regen.sh leaves them out of NAME.log.
# What differs between any two runs is masked: times (TIME, checked to be Ruby's
# Time#iso8601(9)), uuids (UUID, checked), durations (SECONDS: a number, or null), the catalog's
# version (VERSION: a number), the tool's version (PUPPET_VERSION: a string), and the duration in
# "Applied catalog in N seconds", and a numeric version in "Applying configuration version 'N'".
use strict;
use warnings;
use JSON::PP;

my $JSON = JSON::PP->new->canonical->allow_nonref;

sub report_shape {
    my ($data, $tmp, $puppet) = @_;
    my @lines;
    if ($puppet && ref $data eq 'HASH' && ref $data->{logs} eq 'ARRAY') {
        $data->{logs} = [grep {
            ($_->{message} // '') !~ /^(?:Using environment '|Creating state file |Local environment: .* doesn.t match server specified environment|Facter: )/
        } @{ $data->{logs} }];
    }
    shape_walk($data, '', \@lines, $tmp);
    return join '', map { "$_\n" } @lines;
}

sub shape_scalar {
    my ($path, $v, $tmp) = @_;
    my ($key) = $path =~ /([A-Za-z_]+)(?:\[\d+\])*$/;
    $key //= '';
    if (defined $v && !ref $v && defined $tmp && length $tmp) { $v =~ s/\Q$tmp\E/\@TMP\@/g }
    if ($key eq 'time') {
        return defined $v && $v =~ /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}[+-]\d\d:\d\d$/ ? 'TIME' : 'BADTIME ' . $JSON->encode($v);
    }
    if ($key =~ /^(transaction_uuid|catalog_uuid)$/) {
        return defined $v && $v =~ /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ ? 'UUID' : 'BADUUID ' . $JSON->encode($v);
    }
    if ($key eq 'configuration_version') { return defined $v && $v =~ /^\d+$/ ? 'VERSION' : $JSON->encode($v) }
    if ($key eq 'puppet_version') { return defined $v && !ref $v ? 'PUPPET_VERSION' : $JSON->encode($v) }
    if ($key eq 'evaluation_time') { return !defined $v ? 'null' : $v =~ /^[0-9.e+-]+$/ ? 'SECONDS' : $JSON->encode($v) }
    if ($key eq 'message' && defined $v) {
        $v =~ s/^(Applied catalog in )\d+(?:\.\d+)?( seconds)$/${1}N$2/;
        $v =~ s/^(Applying configuration version )'\d+'$/$1'N'/;
    }
    return $JSON->encode($v);
}

sub shape_walk {
    my ($v, $path, $lines, $tmp) = @_;
    if (ref $v eq 'HASH') {
        push @$lines, "$path {}" unless %$v;
        # JSON::PP keeps no key order: the caller decodes with the order kept (see below)
        for my $k (@{ $v->{"\0keys"} // [sort keys %$v] }) {
            next if $k eq "\0keys";
            my $shown = $k;
            $shown =~ s/\Q$tmp\E/\@TMP\@/g if defined $tmp && length $tmp;
            shape_walk($v->{$k}, $path eq '' ? $shown : "$path.$shown", $lines, $tmp);
        }
    } elsif (ref $v eq 'ARRAY') {
        if (!grep { ref $_ eq 'HASH' || ref $_ eq 'ARRAY' } @$v) {
            # a list of scalars on one line; a metric's row keeps its key, masks a time's value
            my @items = map { shape_scalar($path, $_, $tmp) } @$v;
            if ($path =~ /^metrics\.time\.values\[\d+\]$/ && @$v == 3) { $items[2] = 'SECONDS' }
            push @$lines, "$path [" . join(',', @items) . "]";
            return;
        }
        push @$lines, "$path []" unless @$v;
        for my $i (0 .. $#$v) { shape_walk($v->[$i], "$path\[$i\]", $lines, $tmp) }
    } else {
        push @$lines, "$path " . shape_scalar($path, $v, $tmp);
    }
}

# decode_ordered(TEXT): JSON text to Perl data, each hash remembering its key order under "\0keys"
sub decode_ordered {
    my ($text) = @_;
    my $pos = 0;
    my $ws = sub { $text =~ /\G\s*/gc };
    my $value;
    $value = sub {
        $ws->();
        if ($text =~ /\G\{/gc) {
            my %h; my @keys;
            $ws->();
            if ($text =~ /\G\}/gc) { $h{"\0keys"} = []; return \%h }
            while (1) {
                $ws->();
                $text =~ /\G("(?:[^"\\]|\\.)*")/gc or die "reportshape: bad key at " . pos($text);
                my $k = JSON::PP->new->allow_nonref->decode($1);
                $ws->(); $text =~ /\G:/gc or die "reportshape: no colon";
                $h{$k} = $value->(); push @keys, $k;
                $ws->();
                next if $text =~ /\G,/gc;
                $text =~ /\G\}/gc or die "reportshape: bad object at " . pos($text);
                last;
            }
            $h{"\0keys"} = \@keys;
            return \%h;
        }
        if ($text =~ /\G\[/gc) {
            my @a;
            $ws->();
            return \@a if $text =~ /\G\]/gc;
            while (1) {
                push @a, $value->();
                $ws->();
                next if $text =~ /\G,/gc;
                $text =~ /\G\]/gc or die "reportshape: bad array at " . pos($text);
                last;
            }
            return \@a;
        }
        $text =~ /\G("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/gc
            or die "reportshape: bad value at " . pos($text);
        my $tok = $1;
        return $tok eq 'null' ? undef : $tok eq 'true' ? JSON::PP::true : $tok eq 'false' ? JSON::PP::false
             : JSON::PP->new->allow_nonref->decode($tok);
    };
    my $v = $value->();
    $ws->();
    die "reportshape: text after the value" if (pos($text) // 0) < length $text;
    return $v;
}

1;
