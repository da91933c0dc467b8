#!/bin/sh
# bench.sh MCOMP - compile-time benchmark: generates manifests of 1k, 10k and
# 100k resources (share/bench/gen.awk) and prints, for each, the resources in
# the catalog, the best wall time of three runs and the peak memory, as
# measured by mcomp itself (--stats).  Targets (issue 2): 10k < 50 ms,
# 100k < 1 s, growing linearly.
set -eu
mcomp=${1:-build/mcomp}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(dirname "$0")
echo '{"networking": {"fqdn": "bench.example.com"}}' > "$dir/facts.json"
printf '%-8s %10s %10s %12s\n' size resources 'wall ms' 'peak KiB'
for n in 1000 10000 100000; do
    awk -v n=$n -f "$here/gen.awk" > "$dir/site.pp"
    best=""
    for run in 1 2 3; do
        "$mcomp" --stats --facts "$dir/facts.json" --certname bench.example.com "$dir/site.pp" > "$dir/cat.json" 2> "$dir/stats" || {
            cat "$dir/stats" >&2; exit 1; }
        set -- $(sed -n 's/^mcomp: stats: resources=\([0-9]*\) wall_ms=\([0-9.]*\) peak_kib=\([0-9]*\).*/\1 \2 \3/p' "$dir/stats")
        if [ -z "$best" ] || awk "BEGIN { exit !($2 < $best) }"; then best=$2; res=$1; mem=$3; fi
    done
    printf '%-8s %10s %10s %12s\n' "$n" "$res" "$best" "$mem"
done
