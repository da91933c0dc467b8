#!/bin/sh
# demo.sh [BINDIR] - compiles site.pp (beside this script) and applies it
# twice in a scratch directory: the first run makes changes (a refresh, a
# failure and the resource it skips), the second has nothing left to change
# but fails again on purpose (site.pp's check-disk-space exec exits 3 on
# every run, to show how a failure and what it skips are reported: its
# errors and exit code 4 are expected); then a hand-edited file is put back,
# its edited content kept in the file bucket.  The graph is rendered to SVG
# under the scratch directory.  BINDIR holds the tools: build (the default)
# in the source tree, /usr/local/bin or /usr/bin once installed.
set -u
build=${1:-build}
here=$(dirname "$0")
dir=$(mktemp -d /tmp/mapply-demo.XXXXXX)
printf '{"demo_dir": "%s", "networking": {"hostname": "demo", "fqdn": "demo.example.com"}}\n' "$dir" > "$dir/facts.json"
echo "== mcomp: compiling $here/site.pp"
"$build/mcomp" --facts "$dir/facts.json" --modulepath "$here/modules" "$here/site.pp" > "$dir/catalog.json" || exit 1
echo "   $(grep -o '"type"' "$dir/catalog.json" | wc -l) resources in $dir/catalog.json"
echo "== mapply: first run"
"$build/mapply" --detailed-exitcodes --verbose --graph --graph-format svg --vardir "$dir/var" "$dir/catalog.json"
echo "   exit code $? (2 changes + 4 failures = 6)"
echo "== mapply: second run: nothing left to change, but the check fails again on purpose"
echo "   (site.pp's exec check-disk-space exits 3 on every run: the Error lines below"
echo "   and exit code 4 are expected, and ${dir}/app/ready stays skipped)"
"$build/mapply" --detailed-exitcodes --vardir "$dir/var" "$dir/catalog.json"
echo "   exit code $? (4: failures, no changes)"
echo "== someone edits $dir/app/web.conf by hand; mapply puts it back (and the check fails again)"
echo "port=9999" > "$dir/app/web.conf"
"$build/mapply" --show_diff --vardir "$dir/var" "$dir/catalog.json"
echo "== the hand-edited content is in the file bucket (mbucket restore PATH SUM brings it back)"
"$build/mbucket" --vardir "$dir/var" list "$dir/app/web.conf"
echo "== mres shows the file as puppet resource does"
"$build/mres" file "$dir/app/web.conf"
echo "== files in $dir"
ls -l "$dir" "$dir/app" "$dir/var/graphs"
