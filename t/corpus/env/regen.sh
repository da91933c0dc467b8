#!/bin/sh
# t/corpus/env/regen.sh - makes the expected catalogs of t/env.t with the
# installed Puppet 7.23 (run from the repository top; t/env.t never needs
# Puppet).  Each NAME.out is `puppet catalog compile` of the tree here,
# normalized by t/normalize --root t/corpus/env:
#   prod       --environmentpath envs --environment prod (its manifests/ directory)
#   prod_site  the same with --manifest envs/prod/manifests/site.pp
#   prod_code  the same with --code (prod_code.pp holds the code)
#   plain      --environment plain (no environment.conf)
# always with --basemodulepath base and the global layer conf/hiera.yaml
# (--hiera_config), the facts of t/corpus/facts.json, in a throwaway home.
# The catalog's version (config_version) goes to NAME.version.
set -e
D=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/var/yaml/facts" "$tmp/conf" "$tmp/code"
{ echo '--- !ruby/object:Puppet::Node::Facts'; echo 'name: node1.example.com'; printf 'values: '
  perl -MJSON::PP -0777 -ne 'print JSON::PP->new->canonical->encode(decode_json($_)), "\n"' t/corpus/facts.json
} > "$tmp/var/yaml/facts/node1.example.com.yaml"
one() {   # one NAME ENV [puppet args]
  name=$1 env=$2; shift 2
  puppet catalog compile node1.example.com --environmentpath "$D/envs" --environment "$env" \
    --basemodulepath "$D/base" --hiera_config "$D/conf/hiera.yaml" "$@" \
    --render-as json --color=false --facts_terminus yaml \
    --vardir "$tmp/var" --confdir "$tmp/conf" --codedir "$tmp/code" >"$tmp/out" 2>"$tmp/err" || {
      grep -v '^Error: Facter' "$tmp/err" >&2; echo "$name: puppet failed" >&2; return 1; }
  grep -v '^Error: Facter' "$tmp/err" | sed "s|^|$name: |" >&2 || true
  t/normalize --root "$D" < "$tmp/out" > "$D/$name.out"
  v=$(sed -n 's/^{.*"version":"\([^"]*\)".*/\1/p' "$tmp/out"); rm -f "$D/$name.version"; [ -z "$v" ] || echo "$v" > "$D/$name.version"
}
one prod prod
one prod_site prod --manifest "$D/envs/prod/manifests/site.pp"
one prod_code prod --code "$(cat "$D/prod_code.pp")"
one plain plain
