#!/bin/sh
# regen.sh: (re)make the expected output of the module-type apply cases from real Puppet 7.23.
# Run from the repository top:  sh t/corpus/modtypes/regen.sh [NAME ...]   (default: every case)
# For each case it makes a throwaway Puppet home P, fills the directory D=P/t from NAME.before,
# runs `puppet apply --modulepath /usr/share/puppet/modules [NAME.args] site.pp` twice, and
# writes NAME.log/NAME.exit (first run) and NAME.log2/NAME.exit2 (second run) with D written
# @D@ and the manifest's path @SITE@; then checks NAME.files against what Puppet left in D.  t/modtypes.t never needs Puppet.
set -u
dir=t/corpus/modtypes
[ -d "$dir" ] || { echo "run from the repository top" >&2; exit 2; }
[ $# -gt 0 ] || set -- $(cd $dir && ls *.pp | sed 's/\.pp$//')

# fill DIR SPEC: NAME.before lines "path TAB mode TAB content" (\n \t \\ escapes)
fill() {
  perl -e '
    my ($d, $spec) = @ARGV; open my $f, "<", $spec or exit 0;
    while (my $l = <$f>) { chomp $l; next if $l =~ /^\s*(#|$)/;
      my ($rel, $mode, $what) = split /\t/, $l, 3; my $p = "$d/$rel";
      if ($what eq "<dir>") { mkdir $p; } else {
        my %e = (n => "\n", t => "\t", "\\" => "\\", r => "\r"); $what =~ s/\\([ntr\\])/$e{$1}/g;
        open my $o, ">", $p or die "$p: $!"; print $o $what; close $o; }
      chmod oct($mode), $p if $mode ne "-";
    }' "$1" "$2"
}

for name; do
  P=$(mktemp -d /tmp/regen-modtypes-XXXXXX); D=$P/t
  mkdir -p "$D" "$P/var" "$P/conf" "$P/code"
  fill "$D" "$dir/$name.before"
  sed "s|@D@|$D|g" "$dir/$name.pp" > "$P/site.pp"
  args=$(cat "$dir/$name.args" 2>/dev/null || true)
  for run in 1 2; do
    puppet apply --color=false --modulepath /usr/share/puppet/modules --vardir "$P/var" \
      --confdir "$P/conf" --codedir "$P/code" --detailed-exitcodes $args "$P/site.pp" > "$P/raw" 2>&1
    rc=$?
    sfx=; [ $run = 2 ] && sfx=2
    # Facter's errors (with their indented continuation lines) and Puppet's machinery go
    perl -ne 'BEGIN { $skip = 0 } $skip = 0 if /^\S/; $skip = 1 if /^Error: Facter: /;
      print unless $skip || /^(Notice: Compiled catalog |Notice: Applied catalog |Info: Using environment |Info: Loading facts|Info: Caching |Info: Creating state file |Info: Applying configuration version )/' "$P/raw" \
      | sed "s|$D|@D@|g; s|$P/site.pp|@SITE@|g" > "$dir/$name.log$sfx"
    echo $rc > "$dir/$name.exit$sfx"
  done
  if [ -e "$dir/$name.files" ]; then
    perl -e '
      my ($spec, $d) = @ARGV; open my $f, "<", $spec or die; my $bad = 0;
      while (my $l = <$f>) { chomp $l; next if $l =~ /^\s*(#|$)/;
        my ($rel, $mode, $what) = split /\t/, $l, 3; my $p = "$d/$rel";
        if ($what eq "-") { if (-e $p) { print STDERR "  $rel exists\n"; $bad++ } next }
        my %e = (n => "\n", t => "\t", "\\" => "\\", r => "\r"); $what =~ s/\\([ntr\\])/$e{$1}/g;
        open my $c, "<", $p or do { print STDERR "  $rel missing\n"; $bad++; next }; local $/; my $g = <$c> // "";
        if ($g ne $what) { print STDERR "  $rel: content differs\n"; $bad++ }
        my $m = sprintf "%04o", (stat $p)[2] & 07777; if ($mode ne "-" && $m ne $mode) { print STDERR "  $rel: mode $m\n"; $bad++ }
      } exit($bad ? 1 : 0);' "$dir/$name.files" "$D" || echo "$name: .files differ from what Puppet left" >&2
  fi
  echo "$name: exit $(cat $dir/$name.exit), then $(cat $dir/$name.exit2)"
  rm -rf "$P"
done
