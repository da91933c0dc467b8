#!/bin/sh
# demo.sh BUILD - compiles share/examples/site.pp and applies it twice in a
# scratch directory: the first run makes changes (a refresh, a failure and
# the resource it skips), the second changes nothing; then a hand-edited
# file is put back, its edited content kept in the file bucket.  The graph
# is rendered to SVG under the scratch directory.
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
echo "== mapply: second run"
"$build/mapply" --detailed-exitcodes --vardir "$dir/var" "$dir/catalog.json"
echo "   exit code $? (4: the check still fails, nothing else to change)"
echo "== someone edits $dir/app/web.conf by hand; mapply puts it back"
echo "port=9999" > "$dir/app/web.conf"
"$build/mapply" --show_diff --vardir "$dir/var" "$dir/catalog.json"
echo "== the hand-edited content is in the file bucket (mbucket restore PATH SUM brings it back)"
"$build/mbucket" --vardir "$dir/var" list "$dir/app/web.conf"
echo "== mres shows the file as puppet resource does"
"$build/mres" file "$dir/app/web.conf"
echo "== files in $dir"
ls -l "$dir" "$dir/app" "$dir/var/graphs"
