# testlib.pl: what the Perl tests share (require './t/testlib.pl' from the repository top).
#   slurp(PATH)        the file's bytes ('' when empty); dies when it cannot be read
#   spew(PATH, TEXT)   writes TEXT as the whole file
#   run(CMD, OUT, ERR, IN, TIMEOUT)
#                      runs the command (an array ref, no shell) with stdin from IN
#                      (default /dev/null), stdout to the file OUT and stderr to the file
#                      ERR (undef: merged into OUT); TIMEOUT seconds, when given, kill it
#                      with SIGALRM.  Returns the exit status, 128 + N when killed by signal N.
#   read_todo(PATH)    the names listed in a TODO file ('#' comments, blank lines ignored),
#                      as a hash ref; {} when there is no such file
use strict;
use warnings;

sub slurp {
    my ($path) = @_;
    open my $fh, '<:raw', $path or die "$path: $!\n";
    local $/;
    my $s = <$fh>;
    return defined $s ? $s : '';
}

sub spew {
    my ($path, $s) = @_;
    open my $fh, '>:raw', $path or die "$path: $!\n";
    print $fh $s;
    close $fh or die "$path: $!\n";
}

sub run {
    my ($cmd, $out, $err, $in, $timeout) = @_;
    my $pid = fork;
    die "fork: $!\n" unless defined $pid;
    if (!$pid) {
        open STDIN, '<', $in // '/dev/null' or die "$in: $!\n";
        open STDOUT, '>', $out or die "$out: $!\n";
        if (defined $err) { open STDERR, '>', $err or die "$err: $!\n" }
        else { open STDERR, '>&', \*STDOUT or die "dup: $!\n" }
        alarm $timeout if $timeout;    # survives exec: a hung command dies of SIGALRM (status 142)
        exec { $cmd->[0] } @$cmd or do { print STDERR "exec $cmd->[0]: $!\n"; exit 127 };
    }
    waitpid $pid, 0;
    return $? & 127 ? 128 + ($? & 127) : $? >> 8;
}

sub read_todo {
    my ($path) = @_;
    my %todo;
    return \%todo unless -e $path;
    for (split /\n/, slurp($path)) {
        s/#.*//;
        s/^\s+|\s+$//g;
        $todo{$_} = 1 if length;
    }
    return \%todo;
}

1;
