#!/bin/sh
# run.sh FUZZDIR SECONDS [LIBFUZZER FLAGS...] - runs both fuzz targets at
# once for SECONDS each, niced, each on its own corpus (FUZZDIR/corpus/T,
# where new inputs go) plus the seeds (FUZZDIR/seed/T).  Crashes, leaks,
# timeouts, out-of-memory and slow inputs go to FUZZDIR/artifacts/T/; the
# logs to FUZZDIR/T.log.  The targets run from copies in FUZZDIR/run/: with
# -fork (the default flags), each job starts that file anew, so a fixed
# build copied there with fuzz/run.sh --update FUZZDIR joins a running
# campaign without stopping it.
set -eu
if [ "$1" = --update ]; then
    for t in compile validate; do
        cp "$2/fuzz_$t" "$2/run/.fuzz_$t.new" && mv "$2/run/.fuzz_$t.new" "$2/run/fuzz_$t"
    done
    exit 0
fi
dir=$1 secs=$2
shift 2
mkdir -p "$dir/run"
sh "$0" --update "$dir"
pids=
for t in compile validate; do
    dict=fuzz/puppet.dict
    [ $t = validate ] && dict=fuzz/json.dict
    mkdir -p "$dir/artifacts/$t" "$dir/corpus/$t"
    nice -n 19 "$dir/run/fuzz_$t" -dict=$dict -max_total_time="$secs" -artifact_prefix="$dir/artifacts/$t/" "$@" \
        "$dir/corpus/$t" "$dir/seed/$t" > "$dir/$t.log" 2>&1 &
    pids="$pids $!"
done
echo "fuzzing for $secs s: logs $dir/compile.log $dir/validate.log"
rc=0
for p in $pids; do wait "$p" || rc=1; done
for t in compile validate; do
    echo "== $t: $(grep -E '^#[0-9]+' "$dir/$t.log" | tail -1)"
done
ls "$dir/artifacts/compile" "$dir/artifacts/validate"
exit $rc
