#!/bin/sh
# modgen.sh DIR [N] - writes a module-heavy benchmark environment into DIR:
# DIR/site.pp including N modules (default 50) under DIR/modules, each
# written as a Forge module is: metadata.json, a module-level hiera.yaml
# with data/common.yaml and data/os/<family>.yaml, a type alias
# (types/port.pp), a Puppet-language function (functions/kv.pp), an EPP
# template with typed parameters, a class whose typed parameters come only
# from the data (lookup_options: a deep-merged hash), and a define that the
# next module's class declares (cross-module).  DIR/facts.json holds the
# facts the hierarchy needs (os.family).  About 20 resources per module.
set -eu
dir=$1
n=${2:-50}
mkdir -p "$dir/modules"
cat > "$dir/facts.json" <<'EOF'
{"networking": {"fqdn": "bench.example.com", "hostname": "bench", "domain": "example.com", "ip": "10.0.0.9"},
 "fqdn": "bench.example.com",
 "os": {"family": "Debian", "name": "Debian", "release": {"full": "12.5", "major": "12", "minor": "5"}},
 "processors": {"count": 2}}
EOF
: > "$dir/site.pp"
i=0
while [ "$i" -lt "$n" ]; do
    m=mod$i
    M=Mod$i
    next=mod$(( (i + 1) % n ))
    d=$dir/modules/$m
    mkdir -p "$d/manifests" "$d/templates" "$d/types" "$d/functions" "$d/data/os"
    cat > "$d/metadata.json" <<EOF
{
  "name": "bench-$m",
  "version": "1.$i.0",
  "author": "bench",
  "summary": "benchmark module $i",
  "license": "Apache-2.0",
  "source": "https://example.com/bench/$m",
  "dependencies": [
    { "name": "bench-$next", "version_requirement": ">= 1.0.0 < 2.0.0" }
  ],
  "requirements": [ { "name": "puppet", "version_requirement": ">= 7.0.0 < 8.0.0" } ]
}
EOF
    cat > "$d/hiera.yaml" <<'EOF'
---
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: "OS family"
    path: "os/%{facts.os.family}.yaml"
  - name: "common"
    path: "common.yaml"
EOF
    cat > "$d/data/common.yaml" <<EOF
---
lookup_options:
  $m::settings:
    merge: deep
$m::service_name: svc$i
$m::port: $(( 2000 + i ))
$m::users:
  - alice$i
  - bob$i
  - carol$i
$m::settings:
  main:
    workers: $(( i % 8 + 1 ))
    log_level: info
    listen: "0.0.0.0"
  cache:
    enabled: true
    size_mb: $(( 64 + i ))
  paths:
    - /var/lib/$m
    - /var/cache/$m
EOF
    cat > "$d/data/os/Debian.yaml" <<EOF
---
$m::package_name: $m-server
$m::settings:
  main:
    log_level: warning
  debian:
    codename: bookworm
EOF
    cat > "$d/types/port.pp" <<EOF
type $M::Port = Integer[1024, 65535]
EOF
    cat > "$d/functions/kv.pp" <<EOF
function $m::kv(Scalar \$key, Data \$value) >> String {
  "\${key} = \${value}"
}
EOF
    cat > "$d/templates/config.epp" <<EOF
<%- | String[1] \$service, $M::Port \$port, Hash[String, Data] \$settings | -%>
# <%= \$service %>, managed by Puppet
port = <%= \$port %>
<% \$settings.keys.sort.each |\$section| { -%>
[<%= \$section %>]
<%   \$settings[\$section].each |\$k, \$v| { -%>
<%= $m::kv(\$k, \$v) %>
<%   } -%>
<% } -%>
EOF
    cat > "$d/manifests/init.pp" <<EOF
# Benchmark module $i: every parameter without a default comes from data/.
class $m (
  String[1]          \$service_name,
  String[1]          \$package_name,
  $M::Port \$port,
  Array[String[1]]   \$users,
  Hash[String, Data] \$settings,
  Boolean            \$enabled = true,
) {
  package { \$package_name:
    ensure => installed,
  }
  file { "/etc/$m":
    ensure => directory,
    mode   => '0755',
  }
  file { "/etc/$m/\${service_name}.conf":
    ensure  => file,
    mode    => '0644',
    content => epp('$m/config.epp', {
      'service'  => \$service_name,
      'port'     => \$port,
      'settings' => \$settings,
    }),
    require => Package[\$package_name],
    notify  => Service[\$service_name],
  }
  service { \$service_name:
    ensure => \$enabled ? { true => running, default => stopped },
    enable => \$enabled,
  }
  \$users.each |\$index, \$u| {
    $next::account { "$m-\${u}":
      home => "/home/\${u}",
      uid  => \$port + \$index,
    }
  }
  \$settings['paths'].each |\$p| {
    file { \$p:
      ensure => directory,
      owner  => 'root',
    }
  }
}
EOF
    cat > "$d/manifests/account.pp" <<EOF
define $m::account (
  String[1]       \$home,
  Integer[1000]   \$uid,
  Enum['present', 'absent'] \$ensure = 'present',
) {
  file { "/var/lib/accounts/\${title}":
    ensure  => file,
    content => "\${title} \${uid} \${home}\n",
  }
  notify { "account \${title}":
    message => "uid \${uid}",
  }
}
EOF
    echo "include $m" >> "$dir/site.pp"
    i=$((i + 1))
done
