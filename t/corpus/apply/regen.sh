#!/bin/sh
# regen.sh: (re)make the expected output of apply cases from real Puppet 7.23.
# Run from the repository top:  sh t/corpus/apply/regen.sh [AREA/NAME ...]   (default: every case)
# A case is named AREA/NAME (its files sit in t/corpus/apply/AREA/), or by its bare NAME, looked
# up in the area folders (or at the top, where a case added in the old flat layout may sit).
# Writes NAME.log / NAME.exit (and .log2 / .exit2 when NAME.args2 exists), checks NAME.files
# against what Puppet left behind, and prints anything it dropped that it did not expect.
#   * salt_* and cycle_* cases are hand-written: Puppet's raw output is shown, nothing written
#     (for salt_*, the output of the manifest with our Salt metaparameters taken out).
#   * NAME.json cases run through `puppet apply --catalog`; only .log is written, because that
#     Puppet path always exits 0 and our .exit (docs/decisions.md §3) is written by hand.
#   * NAME.pp.in holds the manifest a NAME.json case was made from (`--json NAME` remakes it
#     with `puppet catalog compile`).
#   * `--report NAME...` (re)makes NAME.report, the shape of the report Puppet stores for the
#     case's first run (`puppet apply --catalog` of mcomp's catalog, or of NAME.json, with
#     `--reports store`); t/preport.t compares mapply --report's with it.
# t/apply.t never needs Puppet; see t/corpus/README.md ("apply/").
set -u
dir=t/corpus/apply
[ -d "$dir" ] || { echo "run from the repository top" >&2; exit 2; }

# resolve NAME: print the case as a path under $dir without extension (AREA/NAME, or NAME
# for a case left at the top); a bare NAME is looked up at the top, then in the area folders
resolve() {
  for c in "$dir/$1".pp "$dir/$1".json "$dir/$1".pp.in "$dir"/*/"$1".pp "$dir"/*/"$1".json "$dir"/*/"$1".pp.in; do
    [ -e "$c" ] || continue
    c=${c#"$dir"/}; c=${c%.in}; c=${c%.pp}; echo "${c%.json}"; return 0
  done
  echo "regen.sh: no case $1 under $dir" >&2; return 1
}

setup() {   # a throwaway Puppet home with the facts of t/corpus/facts.json
  P=$(mktemp -d /tmp/regen-apply-XXXXXX)
  mkdir -p "$P/var/client_yaml/facts" "$P/conf" "$P/code"
  { echo '--- !ruby/object:Puppet::Node::Facts'; echo 'name: node1.example.com'; printf 'values: '
    perl -MJSON::PP -0777 -ne 'print JSON::PP->new->canonical->encode(decode_json($_)), "\n"' t/corpus/facts.json
  } > "$P/var/client_yaml/facts/node1.example.com.yaml"
}

pup() {     # pup ARGS... : puppet apply, isolated, facts from the yaml terminus
  puppet apply --color=false --certname node1.example.com --facts_terminus yaml \
    --vardir "$P/var" --confdir "$P/conf" --codedir "$P/code" "$@"
}

# transform RAWFILE ISCATALOG > expected: see t/corpus/README.md for the rules
transform() {
  P="$P" ISCAT="$2" perl -e '
    my $P = $ENV{P}; my $iscat = $ENV{ISCAT};
    # default resources skipped in this run (they are skipped under --tags)
    my $skipped_defaults = 0;
    if (open my $r, "<", "$P/var/state/last_run_report.yaml") {
      local $/; my $y = <$r>;
      while ($y =~ /^  (?:Schedule\[(?:puppet|hourly|daily|weekly|monthly|never)\]|Filebucket\[puppet\]):\n    title: \S+\n    file:\n(.*?)(?=^  \S|\z)/msg) {
        $skipped_defaults++ if $1 =~ /^    skipped: true$/m;
      }
    }
    open my $in, "<", $ARGV[0] or die; my @out; my $section = "";
    my %sum; my @order;
    while (<$in>) {
      chomp;
      s/\e\[[0-9;]*[A-Za-z]//g;
      s/\Q$P\E\/t\b/\@TMP\@/g;
      if (/^(\w[\w ]*):$/ && $1 =~ /^(Application|Changes|Events|Resources|Time|Version)$/) {
        $section = $1; push @order, $section; $sum{$section} = []; next;
      }
      if ($section ne "" && /^   \s*([A-Z][\w ]*): (\S+)$/) { push @{$sum{$section}}, [$1, $2]; next }
      $section = "";
      if (/^Notice: Compiled catalog for / || /^Info: Using environment / || /^Info: Loading facts/
          || /^Info: Caching / || /^Info: Creating state file / || /^Error: Facter: /
          || /^Notice: Local environment: .* doesn.t match server specified environment/) {
        print STDERR "  dropped: $_\n" unless /^(Notice: Compiled|Info: Using env|Info: Creating state|Error: Facter)/;
        next;
      }
      print STDERR "  WARNING: Puppet home in output: $_\n" if index($_, $P) >= 0;
      s/^(Notice: Applied catalog in )\d+(?:\.\d+)?( seconds)$/${1}N$2/;
      s/^(Info: Applying configuration version )\x27[^\x27]*\x27$/$1\x27N\x27/;
      push @out, $_;
    }
    for my $s (@order) {
      next if $s =~ /^(Application|Time|Version)$/;    # Puppet machinery, timings, versions
      my @l = @{$sum{$s}};
      if ($s eq "Resources" && !$iscat) {              # docs/decisions.md §4: no default resources
        for (@l) {
          $_->[1] -= 7 if $_->[0] eq "Total";
          $_->[1] -= $skipped_defaults if $_->[0] eq "Skipped";
        }
        @l = grep { $_->[1] != 0 } @l;
        # Puppet sorts by the value as a string, ties by label, Total last
        @l = sort { ($a->[0] eq "Total") <=> ($b->[0] eq "Total") || "$a->[1]" cmp "$b->[1]" || $a->[0] cmp $b->[0] } @l;
      }
      push @out, "$s:", map { sprintf "   %15s %s", "$_->[0]:", $_->[1] } @l;
    }
    print map { "$_\n" } @out;
  ' "$1"
}

checkfiles() {  # checkfiles NAME: compare NAME.files with what Puppet left in $P/t
  [ -e "$dir/$1.files" ] || return 0
  P="$P" perl -e '
    my ($spec, $t) = @ARGV; open my $f, "<", $spec or die; my $n = 0; my $bad = 0;
    while (my $line = <$f>) {
      chomp $line; $n++; next if $line =~ /^\s*(#|$)/;
      my ($rel, $mode, $what) = split /\t/, $line, 3; my $p = "$t/$rel";
      my $why;
      if ($what eq "-") { $why = "exists" if -e $p || -l $p }
      elsif (!lstat $p) { $why = "missing" }
      else {
        my $m = sprintf "%04o", (lstat $p)[2] & 07777;
        if ($mode ne "-" && !-l $p && $m ne $mode) { $why = "mode $m" }
        elsif ($what eq "<dir>") { $why = "not a dir" unless -d $p && !-l $p }
        elsif ($what =~ /^<link:(.*)>$/) { (my $w = $1) =~ s/\@TMP\@/$t/g; $why = "link" unless -l $p && readlink($p) eq $w }
        else { my %e = (n => "\n", t => "\t", "\\" => "\\"); (my $w = $what) =~ s/\\([nt\\])/$e{$1}/g; $w =~ s/\@TMP\@/$t/g;
               open my $c, "<", $p; local $/; my $g = <$c> // ""; $why = "content " . ($g =~ s/\n/\\n/gr) if $g ne $w }
      }
      if ($why) { print STDERR "  $spec:$n: $rel: $why\n"; $bad++ }
    }
    exit($bad ? 1 : 0);
  ' "$dir/$1.files" "$P/t"
}

# salt_analogue FILE: Puppet does not know our Salt metaparameters; rewrite FILE in place into
# the nearest Puppet manifest (watch_in -> notify, require_in -> before, the others removed,
# onlyif/unless/creates removed from notify and file) so a salt_* case's raw Puppet output can be
# compared by eye with its hand-written .log.
salt_analogue() {
  perl -i -ne '
    my $val = qr/(?<v>\[(?:[^\[\]]++|(?&v))*\]|[A-Z]\w*\[[^\]]*\]|\x27[^\x27]*\x27|-?\w+)/;
    s/watch_in =>/notify =>/; s/require_in =>/before =>/;
    s/(,|:)\s*(?:onchanges|onchanges_any|onfail|onfail_all|prereq|check_cmd|order|onchanges_in|onfail_in|prereq_in)\s*=>\s*$val\s*,?/$1/g;
    s/(,|:)\s*(?:onlyif|unless|creates)\s*=>\s*$val\s*,?/$1/g if /^(notify|file)/;
    s/,\s*\}/ }/; s/:\s*\}/: }/;
    print;' "$1"
}

if [ "${1:-}" = --json ]; then     # --json NAME...: NAME.pp.in -> NAME.json via catalog compile
  shift
  for n in "$@"; do
    name=$(resolve "$n") || exit 2
    setup
    mkdir -p "$P/t"
    sed "s|@TMP@|$P/t|g" "$dir/$name.pp.in" > "$P/t/site.pp"
    puppet catalog compile node1.example.com --manifest "$P/t/site.pp" --modulepath "$P/nomodules" \
      --render-as json --color=false --facts_terminus yaml \
      --vardir "$P/var" --confdir "$P/conf" --codedir "$P/code" 2>"$P/err" |
      grep -v '^Notice: Compiled catalog' |
      perl -MJSON::PP -0777 -ne '
        my $c = decode_json($_);
        print JSON::PP->new->canonical->pretty->encode($c);' |
      sed "s|$P/t|@TMP@|g" > "$dir/$name.json"
    cat "$P/err" >&2
    rm -rf "$P"
  done
  exit 0
fi

if [ "${1:-}" = --report ]; then   # --report NAME...: NAME.report from Puppet's stored report
  shift
  for n in "$@"; do
    name=$(resolve "$n") || exit 2
    setup
    mkdir -p "$P/t"
    if [ -e "$dir/$name.pp" ]; then
      sed "s|@TMP@|$P/t|g" "$dir/$name.pp" > "$P/t/site.pp"
      "${MCOMP:-build/mcomp}" --facts t/corpus/facts.json --certname node1.example.com "$P/t/site.pp" > "$P/catalog.json" ||
        { echo "regen.sh: $name does not compile" >&2; rm -rf "$P"; continue; }
    else
      sed "s|@TMP@|$P/t|g" "$dir/$name.json" > "$P/catalog.json"
    fi
    args=
    [ -e "$dir/$name.args" ] && args=$(head -n1 "$dir/$name.args" | sed "s|@TMP@|$P/t|g")
    # shellcheck disable=SC2086
    pup --reports store --reportdir "$P/reports" $args --catalog "$P/catalog.json" > "$P/raw" 2>&1
    report=$(ls "$P"/reports/*/*.yaml 2>/dev/null | head -n1)
    if [ -z "$report" ]; then echo "== $name: Puppet stored no report:"; sed 's/^/   /' "$P/raw"; rm -rf "$P"; continue; fi
    # Psych's objects as plain data, keys in order, then the shape (t/reportshape.pl)
    ruby -ryaml -rjson -e '
      def plain(x)
        case x
        when Hash then x.map { |k, v| [k.to_s, plain(v)] }.to_h
        when Array then x.map { |v| plain(v) }
        when String, Integer, Float, TrueClass, FalseClass, NilClass then x
        when Symbol then x.to_s
        when Time then x.iso8601(9)
        else plain(x.instance_variables.map { |v| [v.to_s[1..], x.instance_variable_get(v)] }.to_h)
        end
      end
      %w[Transaction::Report Transaction::Event Resource::Status Util::Metric Util::Log].each do |c|
        mod = c.split("::")[0..-2].inject(Object.const_defined?(:Puppet) ? Puppet : Object.const_set(:Puppet, Module.new)) { |m, n|
          m.const_defined?(n, false) ? m.const_get(n) : m.const_set(n, Module.new) }
        mod.const_set(c.split("::").last, Class.new) unless mod.const_defined?(c.split("::").last, false)
      end
      puts JSON.generate(plain(YAML.unsafe_load_file(ARGV[0])))' "$report" > "$P/report.json" &&
    P="$P" perl -e 'require "./t/reportshape.pl"; local $/; my $t = <STDIN>;
                    print report_shape(decode_ordered($t), "$ENV{P}/t", 1)' < "$P/report.json" > "$dir/$name.report"
    rm -rf "$P"
  done
  exit 0
fi

if [ $# -eq 0 ]; then   # every case: AREA/NAME in the area folders, and any left at the top
  set -- $(cd "$dir" && ls -d -- */*.pp */*.json *.pp *.json 2>/dev/null | sed -n 's/\.pp$//p; s/\.json$//p' | sort -u)
fi
names=
for n in "$@"; do names="$names $(resolve "$n")" || exit 2; done

for name in $names; do
  base=${name##*/}    # the case's name without its area: salt_*, cycle_* below
  setup
  mkdir -p "$P/t"
  T="$P/t"
  if [ -e "$dir/$name.pp" ]; then
    sed "s|@TMP@|$T|g" "$dir/$name.pp" > "$T/site.pp"; iscat=
    case "$base" in salt_*) salt_analogue "$T/site.pp";; esac
    set -- "$T/site.pp"
  else
    sed "s|@TMP@|$T|g" "$dir/$name.json" > "$T/catalog.json"; iscat=1
    set -- --catalog "$T/catalog.json"
  fi
  for run in 1 2; do
    sfx=; [ $run = 2 ] && sfx=2
    [ $run = 2 ] && [ ! -e "$dir/$name.args$sfx" ] && break
    args=
    [ -e "$dir/$name.args$sfx" ] && args=$(head -n1 "$dir/$name.args$sfx" | sed "s|@TMP@|$T|g")
    # shellcheck disable=SC2086
    pup $args "$@" > "$P/raw$run" 2>&1
    rc=$?
    case "$base" in
    salt_*|cycle_*)
      echo "== $name$sfx: hand-written; puppet said (exit $rc)$( case $base in salt_*) echo ' on the analogue without our metaparameters';; esac):"
      sed 's/^/   /' "$P/raw$run" ;;
    *)
      transform "$P/raw$run" "$iscat" > "$dir/$name.log$sfx"
      if [ -z "$iscat" ]; then echo $rc > "$dir/$name.exit$sfx"
      else echo "== $name$sfx: --catalog exit $rc ignored; .exit$sfx is hand-written"; fi ;;
    esac
  done
  checkfiles "$name" || echo "== $name: .files does not match what Puppet left"
  rm -rf "$P"
done
