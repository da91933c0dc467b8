#!/usr/bin/perl
# diag.t: what the tools print about bad input, to the byte: control bytes and
# bytes that are not UTF-8 shown escaped (in the message and the source line),
# the caret under the right place of the shown line, columns counted in
# characters as Puppet counts them, the notes naming a define instance and the
# places of a YAML error.  (Puppet's own wording and lines: t/corpus/compile.)
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $mcomp = $ENV{MCOMP} || 'build/mcomp';
my $mapply = $ENV{MAPPLY} || 'build/mapply';
(my $bindir = $mcomp) =~ s{/[^/]*$}{};
my $mres = "$bindir/mres";
my $tmp = tempdir('diag-t-XXXXXX', TMPDIR => 1, CLEANUP => 1);

require './t/testlib.pl';   # slurp, spew, run

# Runs a tool; returns (status, stdout, stderr).
sub tool {
    my (@cmd) = @_;
    my $st = run([@cmd], "$tmp/out", "$tmp/err", undef, 60);
    return ($st, slurp("$tmp/out"), slurp("$tmp/err"));
}

sub compile {
    my ($name, $text) = @_;
    spew("$tmp/$name", $text);
    return tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/$name");
}

# --- control bytes in a manifest ---

my ($st, $out, $err) = compile('ctl.pp', "notify { \"a\x1bb\": message => \x01 }\n");
is($st, 1, 'a stray control byte: exit 1');
is($err, "$tmp/ctl.pp:1:28: error: Syntax error at '\\x01'\n"
       . "  notify { \"a\\x1Bb\": message => \\x01 }\n"
       . "                                ^~~~\n",
   'message and source line escaped; the caret under the escaped byte, column 28 as Puppet says');
unlike($err, qr/[\x00-\x08\x0b-\x1f\x7f]/, 'no control byte reaches stderr');

($st, $out, $err) = compile('nul.pp', "\$x = 1\n\x00\x1b[31m foo\n");
is($err, "$tmp/nul.pp:2:1: error: Syntax error at '\\x00'\n  \\x00\\x1B[31m foo\n  ^~~~\n",
   'a NUL byte: the line is shown whole, not cut at the NUL');

($st, $out, $err) = compile('bad8.pp', "notify { \"\xff\xfe\": }\n");
like($err, qr/^\Q$tmp\E\/bad8\.pp:1:11: error: invalid byte sequence in UTF-8\n  notify \{ "\\xFF\\xFE": \}\n {12}\^~~~\n/,
     'bytes that are not UTF-8 are escaped one by one');

# Puppet counts columns in characters: two "é" before the place are 2 columns.
($st, $out, $err) = compile('utf8.pp', "notify { \"\xc3\xa9\xc3\xa9\": message => \$ }\n");
like($err, qr/^\Q$tmp\E\/utf8\.pp:1:27: error: Illegal variable name/, 'the column counts characters (Puppet: 27)');
like($err, qr/\n  notify \{ "\xc3\xa9\xc3\xa9": message => \$ \}\n {28}\^\n/, 'the caret is under the $, two cells for two characters');

($st, $out, $err) = compile('wide.pp', "notify { \"\xe4\xb8\xad\": message => \$ }\n");
like($err, qr/\n {28}\^\n/, 'an East Asian wide character takes two cells before the caret');

($st, $out, $err) = compile('tab.pp', "notify {\t'x': message => \$ }\n");
like($err, qr/\n  notify \{\t'x': message => \$ \}\n {10}\t {16}\^\n/, 'a tab before the place stays a tab under it');

($st, $out, $err) = compile('fail.pp', "fail(\"x\\u001b[31my\\u0001z\")\n");
like($err, qr/^\Q$tmp\E\/fail\.pp:1:1: error: x\\x1B\[31my\\x01z\n/, 'a message made of user data is escaped');

($st, $out, $err) = compile('c1.pp', "notify { \"a\\u0085b\x7f\": message => \$ }\n");
like($err, qr/^\Q$tmp\E\/c1\.pp:.* error: /m, 'C1 controls and DEL: an error');
like($err, qr/\\x7F/, 'DEL escaped in the source line');

($st, $out, $err) = compile('quote.pp', "notify { 'a':\n  message => 'x\n}\n");
like($err, qr/^\Q$tmp\E\/quote\.pp:2:15: error: Unclosed quote after "'" followed by 'x\\n}\\n\.\.\.'\n/,
     'an unclosed quote: the column after the quote, as Puppet gives it');

# --- define instances ---

($st, $out, $err) = compile('dup.pp', <<'EOF');
define d() {
  file { '/tmp/x':
    ensure => file,
  }
}
d { 'a': }
d { 'b': }
EOF
is($err, "$tmp/dup.pp:2:3: error: Duplicate declaration: File[/tmp/x] is already declared at (file: $tmp/dup.pp, line: 2); cannot redeclare\n"
       . "    file { '/tmp/x':\n    ^~~~~~~~~~~~~~~~\n"
       . "$tmp/dup.pp:6:1: note: File[/tmp/x] was declared first by D[a], declared here\n"
       . "  d { 'a': }\n  ^~~~~~~~~~\n"
       . "$tmp/dup.pp:7:1: note: while evaluating D[b], declared here\n"
       . "  d { 'b': }\n  ^~~~~~~~~~\n",
   'a duplicate made by two instances of a define names both instances');

($st, $out, $err) = compile('nested.pp', <<'EOF');
define inner() {
  fail('boom')
}
define outer() {
  inner { $title: }
}
outer { 'a': }
EOF
like($err, qr/^\Q$tmp\E\/nested\.pp:2:3: error: boom\n.*\n.*\n\Q$tmp\E\/nested\.pp:5:3: note: while evaluating Inner\[a\], declared here\n/,
     'an error in a define names the instance being evaluated (the line Puppet cites last)');
unlike($err, qr/nested\.pp:7:/, 'and not the outer one, already evaluated (as Puppet)');

($st, $out, $err) = compile('top.pp', "notify { 'a': }\nnotify { 'a': }\n");
unlike($err, qr/note:/, 'a duplicate at top scope has no note');

# --- Hiera: where a YAML error is ---

mkdir "$tmp/h";
mkdir "$tmp/h/data";
spew("$tmp/h/hiera.yaml", "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
spew("$tmp/h/data/common.yaml", "a: 1\nb: 2\nc: 3\nd: \"foo\" bar\n");
spew("$tmp/h/site.pp", "\$x = lookup('a')\nnotify { \$x: }\n");
($st, $out, $err) = tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/h/site.pp");
is($st, 1, 'a broken data file: exit 1');
is($err, "$tmp/h/site.pp:1:6: error: Unable to parse ($tmp/h/data/common.yaml): did not find expected key while parsing a block mapping at line 1 column 1\n"
       . "  \$x = lookup('a')\n       ^~~~~~~~~~~\n"
       . "$tmp/h/data/common.yaml:4:10: note: did not find expected key\n"
       . "  d: \"foo\" bar\n           ^\n"
       . "$tmp/h/data/common.yaml:1:1: note: while parsing a block mapping\n"
       . "  a: 1\n  ^\n",
   'the lookup (as Puppet), then the places in the data file');

spew("$tmp/h/hiera.yaml", "version: 5\nhierarchy:\n  - name: common\n    path: [common.yaml\n");
($st, $out, $err) = tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/h/site.pp");
like($err, qr/^\Q$tmp\E\/h\/site\.pp:1:6: error: \(\Q$tmp\E\/h\/hiera\.yaml\): did not find expected ',' or '\]' while parsing a flow sequence at line 4 column 11\n/,
     'a broken hiera.yaml: at the lookup, not at hiera.yaml:1:1');
like($err, qr/\n\Q$tmp\E\/h\/hiera\.yaml:4:11: note: while parsing a flow sequence\n      path: \[common\.yaml\n {12}\^\n/,
     'a note at line 4 column 11, where the message says');

spew("$tmp/h/hiera.yaml", "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
spew("$tmp/h/data/common.yaml", "a: 1\nb: 2001-02-03\n");
($st, $out, $err) = tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/h/site.pp");
like($err, qr/error: Unable to parse \(\Q$tmp\E\/h\/data\/common\.yaml\): Tried to load unspecified class: Date\n.*\n.*\n\Q$tmp\E\/h\/data\/common\.yaml:2:4: note: the YAML error is here\n/,
     'an error of the value, not the syntax: a note at the value');

spew("$tmp/h/hiera.yaml", "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n  - name: both\n    path: a.yaml\n    glob: '*.yaml'\n");
($st, $out, $err) = tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/h/site.pp");
like($err, qr/^\Q$tmp\E\/h\/hiera\.yaml:5:1: error: Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy 'both'/,
     "a level's error cites the level's line");

spew("$tmp/h/hiera.yaml", "version: 5\nhierarchy:\n  - name: common\n    data_hash: json_data\n    path: common.json\n");
spew("$tmp/h/data/common.json", "{\n  \"a\": 1,\n  \"b\": [1, 2\n}\n");
($st, $out, $err) = tool($mcomp, '--facts', 't/corpus/facts.json', "$tmp/h/site.pp");
like($err, qr/^\Q$tmp\E\/h\/site\.pp:1:6: error: Unable to parse \(\Q$tmp\E\/h\/data\/common\.json\): line 4, column 1 \(byte 25\): /,
     'a broken JSON data file: at the lookup');
like($err, qr/\n\Q$tmp\E\/h\/data\/common\.json:4:1: note: expected ',' or '\]' \(at \$\.b\[2\]\)\n  \}\n  \^\n/,
     'and a note where the JSON reader stopped');

# --- the other tools ---

spew("$tmp/cat.json", '{"resources":[{"type":"Notify","title":"x","parameters":{"require":"File[zz\u0001\u001b]"}}]}');
($st, $out, $err) = tool($mapply, '--noop', '--vardir', "$tmp/var", "$tmp/cat.json");
like($err, qr/^Error: Failed to apply catalog: Could not retrieve dependency 'File\[zz\\x01\\x1B\]' of Notify\[x\]$/m,
     'mapply: a catalog error echoing a title is escaped');
unlike($err, qr/[\x00-\x08\x0b-\x1f\x7f]/, 'mapply: no control byte reaches stderr');

($st, $out, $err) = tool($mres, "fi\x1ble\xc3\xa9\xff");
is($err, "Error: Unknown resource type 'fi\\x1Ble\xc3\xa9\\xFF'\n", 'mres: an argument echoed, escaped; valid UTF-8 kept');

done_testing();
