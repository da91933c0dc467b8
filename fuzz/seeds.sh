#!/bin/sh
# seeds.sh MCOMP FUZZDIR - the seed corpora of the fuzz targets:
#   FUZZDIR/seed/compile   every .pp file under t/corpus (manifests, module
#                          manifests), named by the path they come from
#   FUZZDIR/seed/validate  every catalog (.json) under t/corpus/apply (its AREA/
#                          folders, and any case left at its top), and the
#                          catalog MCOMP makes of each compile case that compiles
#                          (t/corpus/compile/AREA/, and any case left at its top)
set -eu
mcomp=$1 out=$2
rm -rf "$out/seed"
mkdir -p "$out/seed/compile" "$out/seed/validate" "$out/corpus/compile" "$out/corpus/validate"
find t/corpus -name '*.pp' | while read -r f; do
    cp "$f" "$out/seed/compile/$(echo "$f" | sed 's|^t/corpus/||; s|/|_|g')"
done
for f in t/corpus/apply/*/*.json t/corpus/apply/*.json; do
    [ -f "$f" ] || continue   # the top level may have none (cases sit in area folders)
    cp "$f" "$out/seed/validate/apply_$(basename "$f")"
done
n=0
for out_file in t/corpus/compile/*/*.out t/corpus/compile/*.out; do
    [ -f "$out_file" ] || continue   # the top level may have none (cases sit in area folders)
    case=${out_file%.out}
    name=$(basename "$case")
    if [ -d "$case" ]; then pp=$case/site.pp mp="--modulepath $case/modules"; else pp=$case.pp mp=; fi
    [ -f "$pp" ] || continue
    # shellcheck disable=SC2086
    if "$mcomp" --no-cache --facts t/corpus/facts.json --certname node1.example.com $mp \
        -o "$out/seed/validate/compile_$name.json" "$pp" 2>/dev/null; then
        n=$((n + 1))
    else
        rm -f "$out/seed/validate/compile_$name.json"
    fi
done
echo "seeds: $(ls "$out/seed/compile" | wc -l) manifests, $(ls "$out/seed/validate" | wc -l) catalogs ($n compiled)"
