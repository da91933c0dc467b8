#!/bin/sh
# mpm_bench.sh MPM - package benchmark: generates 200 modules (each with
# five files and up to two dependencies with version ranges, m<i> needing
# m<i/2> and m<i/3>), builds them into a file:// repository, then times one
# `mpm -y install` of all 200 by name: repository metadata, dependency
# resolution, 200 atomic installs (one group: their trees, intent record and
# database commits made durable with one syncfs and a few fsyncs).
# Target: under 2 s.
set -eu
mpm=${1:-build/mpm}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src" "$dir/repo" "$dir/conf"
names=""
i=1
while [ $i -le 200 ]; do
    m="$dir/src/m$i"
    mkdir -p "$m/manifests" "$m/templates" "$m/files"
    deps=""
    [ $i -gt 1 ] && deps="m$((i / 2)) (>= 1.0.0 < 2.0.0)"
    [ $i -gt 2 ] && [ $((i / 3)) -ne $((i / 2)) ] && deps="$deps, m$((i / 3)) (1.x)"
    printf 'name: m%s\nversion: 1.0.%s\nrelease: 1\nsummary: bench module %s\ndescription: generated\ndependencies: %s\n' \
        $i $i $i "$deps" > "$m/FORMULA"
    printf 'class m%s { notify { "m%s": } }\n' $i $i > "$m/manifests/init.pp"
    printf 'class m%s::config { }\n' $i > "$m/manifests/config.pp"
    printf '<%%= $x %%>\n' > "$m/templates/t.epp"
    printf 'data %s\n' $i > "$m/files/data.txt"
    printf '# m%s\n' $i > "$m/README.md"
    names="$names m$i"
    i=$((i + 1))
done
"$mpm" --build-dir="$dir/repo" build $(for n in $names; do echo "$dir/src/$n"; done) > /dev/null
"$mpm" create_repo "$dir/repo"
printf 'bench:\n  url: file://%s/repo\n' "$dir" > "$dir/conf/mpm.repos"
"$mpm" --vardir="$dir/var" --confdir="$dir/conf" update_repo
start=$(date +%s.%N)
"$mpm" -y --vardir="$dir/var" --confdir="$dir/conf" --modulepath="$dir/mods" install $names > /dev/null
end=$(date +%s.%N)
count=$("$mpm" --vardir="$dir/var" list packages | wc -l)
files=$(find "$dir/mods" -type f | wc -l)
printf 'mpm: %s modules (%s files) installed with their dependencies in %.2f s\n' "$count" "$files" \
    "$(echo "$end - $start" | awk '{ print $1 - $3 }')"
