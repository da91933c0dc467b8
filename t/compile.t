#!/usr/bin/perl
# compile.t: the data-driven compile corpus (t/corpus/compile/, described in t/corpus/README.md).
#
# Cases sit in area folders, t/corpus/compile/AREA/ (an area's name has no `_`; a case's has).
# A case is AREA/NAME.pp, or a directory AREA/NAME/ holding site.pp and maybe modules/; its
# test is named AREA/NAME.  A case left directly in t/corpus/compile/ (added in the old flat
# layout) still runs, named NAME, so a merge never drops one silently.  CASEDIR is the folder
# holding NAME.pp, or NAME/ itself.  Each case is compiled by $MCOMP (default build/mcomp)
# with the fixed facts and certname, then:
#   NAME.out  exit 0, and `t/normalize --root CASEDIR` of stdout equals the file;
#   NAME.err  exit 1, nothing on stdout, each non-empty line a substring of stderr
#             (%DIR% in a line stands for CASEDIR, absolute).
#   NAME.warn with NAME.out: each non-empty line (a warning, %DIR% as above) a substring
#             of stderr.
# NAME.args, when present, holds extra mcomp arguments on one line.
# Cases listed in t/corpus/compile/TODO (as AREA/NAME) are reported with the TAP TODO directive.
# One test per case; everything written goes to a temp dir.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Temp qw(tempdir);
use Test::More;

my $corpus = 't/corpus/compile';
my $facts = 't/corpus/facts.json';
require './t/normalize';    # normalize_catalog(), in-process
require './t/testlib.pl';   # slurp, spew, run, read_todo
my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $certname = 'node1.example.com';
my $tmp = tempdir('compile-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $abs_corpus = abs_path($corpus) or BAIL_OUT("no $corpus");

my %todo = %{read_todo("$corpus/TODO")};

# the cases of folder $sub of the corpus ('' for the top), as "$sub/NAME" (or "NAME")
sub cases_in {
    my ($sub) = @_;
    my $d = $sub eq '' ? $corpus : "$corpus/$sub";
    my $pre = $sub eq '' ? '' : "$sub/";
    opendir my $dh, $d or BAIL_OUT("$d: $!");
    my @names = grep { !/\A\./ } readdir $dh;
    closedir $dh;
    return map { /\A(.+)\.pp\z/ && -f "$d/$_" ? "$pre$1" : -f "$d/$_/site.pp" ? "$pre$_" : () } @names;
}
opendir my $dh, $corpus or BAIL_OUT("$corpus: $!");
my @areas = sort grep { !/[._]/ && -d "$corpus/$_" && !-e "$corpus/$_/site.pp" } readdir $dh;
closedir $dh;
my @cases = sort map { cases_in($_) } '', @areas;

plan tests => scalar @cases;

my $n = 0;
for my $name (@cases) {
    $n++;
    my ($dir, $manifest, @modules);
    if (-d "$corpus/$name") {
        $dir = "$abs_corpus/$name";
        $manifest = "$dir/site.pp";
        @modules = ('--modulepath', "$dir/modules") if -d "$dir/modules";
    } else {
        $dir = "$abs_corpus/$name" =~ s{/[^/]+\z}{}r;
        $manifest = "$abs_corpus/$name.pp";
    }
    my @args;
    if (-e "$corpus/$name.args") {
        (my $line = slurp("$corpus/$name.args")) =~ s/\n.*//s;
        @args = split ' ', $line;
    }
    my @cmd = ($mcomp, '--facts', $facts, '--certname', $certname, @modules, @args, $manifest);
    my ($out, $err) = ("$tmp/$n.stdout", "$tmp/$n.stderr");
    my $status = run(\@cmd, $out, $err);

    our $TODO;
    local $TODO = ($todo{$name} || $todo{$name =~ s{.*/}{}r}) ? 'not implemented yet (t/corpus/compile/TODO)' : undef;
    my @why;    # diagnostics when the case fails
    # under the sanitizer build a leak or undefined behaviour fails the case,
    # whatever the exit status says
    my $san = slurp($err) // '';
    push @why, 'sanitizer report:', stderr_lines($err) if $san =~ /ERROR: (?:LeakSanitizer|AddressSanitizer)|runtime error:/;
    if (-e "$corpus/$name.out") {
        my $norm = "$tmp/$n.norm";
        if ($status != 0) {
            push @why, "exit status $status, expected 0", stderr_lines($err);
        } elsif (!defined(my $got = eval { normalize_catalog(slurp($out), $dir) })) {
            push @why, 'output is not a catalog: ' . $@;
        } elsif ($got ne slurp("$corpus/$name.out")) {
            spew($norm, $got);
            run(['diff', '-u', '--label', "expected $name.out", '--label', 'got',
                 "$corpus/$name.out", $norm], "$tmp/$n.diff", "$tmp/$n.differr");
            push @why, split /\n/, slurp("$tmp/$n.diff");
        }
        if (-e "$corpus/$name.warn") {
            my $stderr = slurp($err);
            for my $want (split /\n/, slurp("$corpus/$name.warn")) {
                next unless $want =~ /\S/;
                $want =~ s/%DIR%/$dir/g;
                push @why, "stderr lacks: $want" if index($stderr, $want) < 0;
            }
            push @why, 'stderr was:', stderr_lines($err) if @why;
        }
    } elsif (-e "$corpus/$name.err") {
        push @why, "exit status $status, expected 1", stderr_lines($err) if $status != 1;
        push @why, 'unexpected output on stdout' if -s $out;
        my $stderr = slurp($err);
        for my $want (split /\n/, slurp("$corpus/$name.err")) {
            next unless $want =~ /\S/;
            $want =~ s/%DIR%/$dir/g;
            push @why, "stderr lacks: $want" if index($stderr, $want) < 0;
        }
        push @why, 'stderr was:', stderr_lines($err) if @why && $status == 1;
    } else {
        push @why, "neither $name.out nor $name.err exists";
    }
    ok(!@why, $name) or diag(join "\n", @why);
}

sub stderr_lines {
    my ($path) = @_;
    my @l = split /\n/, slurp($path);
    splice @l, 20, @l - 20, '...' if @l > 20;
    return map { "  $_" } @l;
}
