#!/bin/sh
# regen.sh: make t/realmods/<site>/expected.out from Puppet 7.23 (needs /usr/bin/puppet and
# the puppet-module-* packages; t/realmods.t itself never runs Puppet).
#
#   t/realmods/regen.sh            every site
#   t/realmods/regen.sh apache ntp the sites named
#
# Run from the repository top. Each site is compiled as t/realmods.t compiles it with mcomp:
# node node1.example.com, the facts of t/realmods/facts.json (through Puppet's yaml facts
# terminus), --modulepath /usr/share/puppet/modules, throwaway vardir/confdir/codedir (no
# global Hiera layer); a site with a hiera.yaml beside site.pp gets it as the environment
# layer. The catalog goes through `t/normalize --root SITEDIR --modules MODULEPATH`. A site
# Puppet fails on keeps its old expected.out and is reported; Puppet's warnings and errors
# are printed prefixed with the site's name. Two sites compile at a time.
set -eu
MODULEPATH=${MODULEPATH:-/usr/share/puppet/modules}
top=$(pwd)
[ -f "$top/t/realmods/facts.json" ] || { echo "run from the repository top" >&2; exit 2; }
command -v puppet >/dev/null || { echo "puppet is not installed" >&2; exit 2; }

one() {   # one SITE
  name=$1; dir=$top/t/realmods/$name
  [ -f "$dir/site.pp" ] || { echo "$name: no $dir/site.pp" >&2; return 0; }
  tmp=$(mktemp -d)
  mkdir -p "$tmp/var/yaml/facts" "$tmp/conf" "$tmp/code"
  { echo '--- !ruby/object:Puppet::Node::Facts'; echo 'name: node1.example.com'; printf 'values: '
    perl -MJSON::PP -0777 -ne 'print JSON::PP->new->canonical->encode(decode_json($_)), "\n"' \
      "$top/t/realmods/facts.json"
  } > "$tmp/var/yaml/facts/node1.example.com.yaml"
  envargs=
  if [ -f "$dir/hiera.yaml" ]; then   # the environment layer: an environment made of links
    mkdir -p "$tmp/envs/production"
    for f in "$dir"/*; do ln -s "$f" "$tmp/envs/production/"; done
    envargs="--environmentpath $tmp/envs"
  fi
  rc=0
  puppet catalog compile node1.example.com --manifest "$dir/site.pp" --modulepath "$MODULEPATH" \
    $envargs --render-as json --color=false --facts_terminus yaml \
    --vardir "$tmp/var" --confdir "$tmp/conf" --codedir "$tmp/code" \
    >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
  sed "s|$tmp/envs/production/|$dir/|g" "$tmp/stderr" | grep -v '^Error: Facter' | sed "s|^|$name: |" >&2 || true
  if [ $rc -ne 0 ]; then echo "$name: puppet failed ($rc)" >&2
  else "$top/t/normalize" --root "$dir" --modules "$MODULEPATH" < "$tmp/stdout" > "$dir/expected.out"; fi
  rm -rf "$tmp"
}

# xargs runs this script again for each site, with REALMODS_ONE set.
if [ "${REALMODS_ONE:-}" = 1 ]; then one "$1"; exit 0; fi
if [ $# -eq 0 ]; then
  set -- $(cd "$top/t/realmods" && for d in */; do [ -f "$d/site.pp" ] && echo "${d%/}"; done)
fi
printf '%s\n' "$@" | REALMODS_ONE=1 xargs -P2 -n1 sh "$0"
