#!/usr/bin/perl
# t/house.t - the house rules HACKING.md states that a machine can check,
# read from the source tree (git's list of files when there is one):
#   * no source file is over 1,500 lines (the grammar, parser/parser.y, and
#     generated code excepted; test data under t/corpus, t/realmods,
#     t/modsrc and t/storeconfigs is not source);
#   * folders depend in one direction: base/ on nothing, lexer/ and parser/
#     on base/, catalog/ on base/, types/ on catalog/ and base/ only (never
#     apply/ or compiler/), store/ on catalog/ and base/;
#   * the function library sees only its own interface: what compiler/fn/
#     includes, followed through every header it reaches, never comes to a
#     header of compiler/ outside compiler/fn/ but the regex cache
#     (compiler/regex.h, a leaf), so the evaluator and the library do not
#     include each other in a loop.
# It reads files only.
use strict;
use warnings;
use Test::More;

my @files = -d '.git' || -f '.git' ? split /\n/, `git ls-files 2>/dev/null` : ();
@files = split /\n/, `find . -type f ! -path './build*' ! -path './.git/*' | sed 's|^\\./||'` unless @files;
@files = grep { -f $_ } @files;
my @src = grep { /\.(c|h|y|re|def|rb|sh|pl|t|py)$/ && !m{^t/(corpus|realmods|modsrc|storeconfigs)/} } @files;
ok(@src > 100, 'the source files are found (' . scalar(@src) . ')');

# ---- length ----
my %exempt = ('parser/parser.y' => 1);
my @long;
for my $f (@src) {
    next if $exempt{$f};
    open my $fh, '<', $f or next;
    my $n = 0;
    $n++ while <$fh>;
    push @long, "$f ($n lines)" if $n > 1500;
}
is(join(', ', @long), '', 'no source file is over 1,500 lines');

# ---- includes ----
my %inc;    # file -> [quoted includes, as folder paths]
for my $f (grep { /\.(c|h|y|re|def)$/ } @src) {
    open my $fh, '<', $f or next;
    $inc{$f} = [map { /^\s*#\s*include\s+"([^"]+)"/ ? $1 : () } <$fh>];
}

my %may = (
    base    => [qw(base)],
    lexer   => [qw(base lexer)],
    parser  => [qw(base lexer parser)],
    catalog => [qw(base catalog)],
    types   => [qw(base catalog types)],
    store   => [qw(base catalog store)],
);
for my $dir (sort keys %may) {
    my %ok = map { $_ => 1 } @{ $may{$dir} };
    my @bad;
    for my $f (sort grep { m{^\Q$dir\E/} } keys %inc) {
        for my $h (@{ $inc{$f} }) {
            my ($top) = $h =~ m{^([^/]+)/};
            push @bad, "$f includes $h" if $top && !$ok{$top} && $h !~ m{^\Q$dir\E/};
        }
    }
    is(join('; ', @bad), '', "$dir/ includes only " . join(', ', map { "$_/" } @{ $may{$dir} }));
}

# The closure of what compiler/fn/ includes.
my (%seen, @bad);
my @todo = map { [$_, $_] } sort grep { m{^compiler/fn/} } keys %inc;
while (my $p = shift @todo) {
    my ($f, $via) = @$p;
    for my $h (@{ $inc{$f} || [] }) {
        if ($h =~ m{^compiler/} && $h !~ m{^compiler/fn/} && $h ne 'compiler/regex.h') {
            push @bad, "$via reaches $h" . ($f ne $via ? " (through $f)" : '');
            next;
        }
        next if $seen{$h}++;
        push @todo, [$h, $via] if exists $inc{$h};
    }
}
is(join('; ', @bad), '', 'compiler/fn/ reaches no header of the evaluator (only fnapi.h, fnaux.h, catalog/, base/, parser/ast.h)');

# And the other way round, the evaluator reaches the library only through
# its interface: no file outside compiler/fn/ includes one of its .c
# files or its private headers (core.h, builtins.def is table.c's).
my @peek;
for my $f (sort grep { !m{^compiler/fn/} } keys %inc) {
    push @peek, "$f includes $_" for grep { m{^compiler/fn/} && !m{^compiler/fn/(fnapi|fnaux)\.h$} } @{ $inc{$f} };
}
is(join('; ', @peek), '', 'outside compiler/fn/, only fnapi.h and fnaux.h are included');

done_testing();
