#!/usr/bin/perl
# apply.t: the data-driven apply corpus (t/corpus/apply/, described in t/corpus/README.md).
#
# Cases sit in area folders, t/corpus/apply/AREA/ (an area's name has no `_`; a case's has);
# a case's test is named AREA/NAME.  A case left directly in t/corpus/apply/ (added in the old
# flat layout) still runs, named NAME, so a merge never drops one silently.
# A case is NAME.pp (compiled by $MCOMP, default build/mcomp) or NAME.json (a hand-made
# catalog). Every @TMP@ in it is replaced by a fresh temp dir T; the catalog is applied by
#   $MAPPLY [NAME.args] --vardir T/var T/catalog.json          ($MAPPLY default build/mapply)
# with stdout and stderr merged. The output, normalised (T -> @TMP@, timings and the
# configuration version dropped, colour codes stripped), must equal NAME.log line by line,
# and the exit status NAME.exit. NAME.args2/.log2/.exit2 describe an optional second apply of
# the same catalog; NAME.files, an optional check of the files under T after the run(s).
# Cases listed in t/corpus/apply/TODO (as AREA/NAME) are reported with the TAP TODO directive.
# One test per run (a case with a second run makes two tests). Nothing outside T is touched.
# APPLY_T_ONLY=REGEX runs only the cases whose AREA/NAME or bare NAME matches;
# APPLY_T_TIMEOUT=SECONDS (default 60) bounds each mcomp or mapply run.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $corpus = 't/corpus/apply';
my $facts = 't/corpus/facts.json';
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
my $certname = 'node1.example.com';
my $timeout = $ENV{APPLY_T_TIMEOUT} || 60;    # seconds per command

-d $corpus or BAIL_OUT("no $corpus (run from the repository top)");
require './t/testlib.pl';   # slurp, spew, run, read_todo

# The first line of a file, split on spaces, @TMP@ replaced.
sub args_file {
    my ($path, $t) = @_;
    return () unless -e $path;
    (my $line = slurp($path)) =~ s/\n.*//s;
    $line =~ s/\@TMP\@/$t/g;
    return split ' ', $line;
}

sub normalise {
    my ($s, $t) = @_;
    $s =~ s/\e\[[0-9;]*[A-Za-z]//g;
    $s =~ s/\Q$t\E/\@TMP\@/g;
    $s =~ s/^(Notice: Applied catalog in )\d+(?:\.\d+)?( seconds)$/${1}N$2/mg;
    $s =~ s/^(Info: Applying configuration version )'[^'\n]*'$/$1'N'/mg;
    # --summarize: the Application, Time and Version sections (environment,
    # timings, versions) are left out, as regen.sh leaves Puppet's out;
    # t/report.t checks them
    $s =~ s/^(?:Application|Time|Version):\n(?:   .*\n)*//mg;
    return $s;
}

sub number_file {
    my ($path) = @_;
    (my $n = slurp($path)) =~ s/\s+//g;
    return $n;
}

# NAME.files: path TAB mode TAB what, path relative to T; mode is 4 octal digits or '-'
# (not checked); what is '-' (must not exist), '<dir>' (a directory), '<link:TARGET>' (a
# symlink to TARGET) or the file's content with \n \t \\ escapes; @TMP@ is replaced in both.
sub check_files {
    my ($spec, $t) = @_;
    my @why;
    my $n = 0;
    for my $line (split /\n/, slurp($spec)) {
        $n++;
        next if $line =~ /^\s*(#|$)/;
        my ($rel, $mode, $what) = split /\t/, $line, 3;
        if (!defined $what) { push @why, "$spec:$n: not path<TAB>mode<TAB>content"; next }
        my $p = "$t/$rel";
        my $show = "\@TMP\@/$rel";
        if ($what eq '-') {
            push @why, "$show exists, expected it not to" if -e $p || -l $p;
            next;
        }
        my @st = lstat $p;
        if (!@st) { push @why, "$show does not exist"; next }
        if ($mode ne '-' && !-l _) {
            my $got = sprintf '%04o', $st[2] & 07777;
            push @why, "$show has mode $got, expected $mode" if $got ne $mode;
        }
        if ($what eq '<dir>') {
            push @why, "$show is not a directory" unless -d _ && !-l $p;
        } elsif ($what =~ /\A<link:(.*)>\z/) {
            (my $want = $1) =~ s/\@TMP\@/$t/g;
            if (!-l $p) { push @why, "$show is not a symlink" }
            else {
                my $got = readlink $p;
                push @why, "$show points to $got, expected $want" if $got ne $want;
            }
        } else {
            if (-l $p || !-f $p) { push @why, "$show is not a plain file"; next }
            my %esc = (n => "\n", t => "\t", '\\' => '\\');
            (my $want = $what) =~ s/\\([nt\\])/$esc{$1}/g;
            $want =~ s/\@TMP\@/$t/g;
            my $got = slurp($p);
            if ($got ne $want) {
                (my $g = $got) =~ s/([\\\n\t])/$1 eq "\n" ? '\\n' : $1 eq "\t" ? '\\t' : '\\\\'/ge;
                push @why, "$show has content '$g', expected '$what'";
            }
        }
    }
    return @why;
}

my %todo = %{read_todo("$corpus/TODO")};

# the cases of folder $sub of the corpus ('' for the top) into %kind, as "$sub/NAME" (or "NAME")
my %kind;
sub cases_in {
    my ($sub) = @_;
    my $d = $sub eq '' ? $corpus : "$corpus/$sub";
    my $pre = $sub eq '' ? '' : "$sub/";
    opendir my $dh, $d or BAIL_OUT("$d: $!");
    for (readdir $dh) {
        next if /\A\./;
        $kind{"$pre$1"} = 'pp' if /\A(.+)\.pp\z/;
        $kind{"$pre$1"} //= 'json' if /\A(.+)\.json\z/;
    }
    closedir $dh;
}
opendir my $dh, $corpus or BAIL_OUT("$corpus: $!");
my @areas = sort grep { !/[._]/ && -d "$corpus/$_" } readdir $dh;
closedir $dh;
cases_in($_) for '', @areas;
my @cases = sort keys %kind;
if (defined $ENV{APPLY_T_ONLY}) {    # e.g. APPLY_T_ONLY='^refresh_' (or '^refresh/') prove t/apply.t
    my $re = qr/$ENV{APPLY_T_ONLY}/;
    @cases = grep { /$re/ || s{.*/}{}r =~ $re } @cases;
}

my $tests = 0;
$tests += -e "$corpus/$_.log2" ? 2 : 1 for @cases;
plan tests => $tests;

for my $name (@cases) {
    my $t = tempdir('apply-t-' . ($name =~ tr{/}{-}r) . '-XXXXXX', TMPDIR => 1, CLEANUP => 1);
    my $second = -e "$corpus/$name.log2";
    our $TODO;
    local $TODO = ($todo{$name} || $todo{$name =~ s{.*/}{}r}) ? 'not implemented yet (t/corpus/apply/TODO)' : undef;

    # 1-2. the catalog
    my @why;
    if ($kind{$name} eq 'pp') {
        (my $pp = slurp("$corpus/$name.pp")) =~ s/\@TMP\@/$t/g;
        spew("$t/site.pp", $pp);
        my $st = run([$mcomp, '--facts', $facts, '--certname', $certname, "$t/site.pp"],
                     "$t/catalog.json", "$t/mcomp.err", undef, $timeout);
        if ($st != 0) {
            my @err = split /\n/, slurp("$t/mcomp.err");
            splice @err, 20, @err - 20, '...' if @err > 20;
            @why = ("$mcomp exited $st", map { "  $_" } @err);
        }
    } else {
        (my $cat = slurp("$corpus/$name.json")) =~ s/\@TMP\@/$t/g;
        spew("$t/catalog.json", $cat);
    }
    if (@why) {
        ok(0, $name) or diag(join "\n", @why);
        ok(0, "$name (second run)") if $second;
        next;
    }

    # 3-5. one or two applies of the same catalog
    for my $run ($second ? (1, 2) : (1)) {
        my $sfx = $run == 1 ? '' : '2';
        my $label = $run == 1 ? $name : "$name (second run)";
        my @args = args_file("$corpus/$name.args$sfx", $t);
        my $out = "$t/run$run.out";
        my $st = run([$mapply, @args, '--vardir', "$t/var", "$t/catalog.json"], $out, undef, undef, $timeout);
        my $got = normalise(slurp($out), $t);
        my @why;
        my $log = "$corpus/$name.log$sfx";
        if (!-e $log) {
            push @why, "$name.log$sfx is missing";
        } elsif ($got ne slurp($log)) {
            spew("$t/run$run.norm", $got);
            run(['diff', '-u', '--label', "expected $name.log$sfx", '--label', 'got', $log,
                 "$t/run$run.norm"], "$t/run$run.diff", "$t/run$run.differr", undef, $timeout);
            push @why, split /\n/, slurp("$t/run$run.diff");
        }
        my $exit = "$corpus/$name.exit$sfx";
        if (!-e $exit) { push @why, "$name.exit$sfx is missing" }
        elsif ($st ne number_file($exit)) {
            push @why, "exit status $st, expected " . number_file($exit);
        }
        my $files = "$corpus/$name.files";
        push @why, check_files($files, $t) if -e $files && $run == ($second ? 2 : 1);
        ok(!@why, $label) or diag(join "\n", @why);
    }
}
