#!/bin/sh
# rbgen.sh DIR [N] - writes a template-heavy benchmark environment into DIR:
# DIR/site.pp including N modules (default 50) under DIR/modules, each
# carrying Ruby as Forge modules do: two ERB templates (instance variables,
# loops, conditionals, scope.lookupvar, scope.function_NAME, a nested
# template()), a 4.x function with two dispatches chosen by type and a
# block, a 3.x function, and a class rendering them into file resources.
# DIR/facts.json holds the facts the templates read.  About 12 resources
# per module.
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
    m=rb$i
    d=$dir/modules/$m
    mkdir -p "$d/manifests" "$d/templates" "$d/lib/puppet/functions/$m" "$d/lib/puppet/parser/functions"
    cat > "$d/lib/puppet/functions/$m/render_opts.rb" <<EOF
# Options as "key = value" lines: a hash, or an array of pairs; a block
# may rewrite each value.
Puppet::Functions.create_function(:'$m::render_opts') do
  dispatch :from_hash do
    param 'Hash[String, Scalar]', :opts
    optional_block_param 'Callable[1, 1]', :fix
  end
  dispatch :from_pairs do
    param 'Array[Tuple[String, Scalar]]', :pairs
  end
  def from_hash(opts)
    opts.sort.map { |k, v| "#{k} = #{block_given? ? yield(v) : v}" }.join("\\n")
  end
  def from_pairs(pairs)
    pairs.map { |k, v| "#{k} = #{v}" }.join("\\n")
  end
end
EOF
    cat > "$d/lib/puppet/parser/functions/${m}_port.rb" <<EOF
module Puppet::Parser::Functions
  newfunction(:${m}_port, :type => :rvalue, :arity => 1) do |args|
    (args[0].to_i + $i) % 65536
  end
end
EOF
    cat > "$d/templates/main.conf.erb" <<'EOF'
# <%= @title %> on <%= @facts['networking']['fqdn'] %> (<%= scope.lookupvar('::os')['family'] %>)
<% if @enabled -%>
enabled = yes
<% else -%>
enabled = no
<% end -%>
port = <%= scope.function_versioncmp([@version, '1.5']) >= 0 ? @port : @port.to_i + 1000 %>
<% @servers.each_with_index do |s, i| -%>
server.<%= i %> = <%= s %>:<%= @port %>
<% end -%>
<%= @opts_text %>
<%= scope.function_template(["#{@module}/part.erb"]) -%>
EOF
    cat > "$d/templates/part.erb" <<'EOF'
<% @users.sort.each do |name, u| -%>
user <%= name %> uid=<%= u['uid'] %><%= u['admin'] ? ' admin' : '' %> groups=<%= Array(u['groups']).join(',') %>
<% end -%>
EOF
    cat > "$d/manifests/init.pp" <<EOF
class $m (
  Boolean \$enabled = true,
  String \$version = '1.$((i % 9)).0',
  Array[String] \$servers = ['a.example.com', 'b.example.com', 'c.example.com'],
  Hash \$users = { 'alice' => { 'uid' => 1000, 'admin' => true, 'groups' => ['wheel', 'adm'] },
                  'bob' => { 'uid' => 1001, 'groups' => 'users' } },
) {
  \$module = '$m'
  \$port = ${m}_port(8000)
  \$opts_text = $m::render_opts({ 'threads' => $i, 'name' => '$m', 'debug' => false }) |\$v| { "\"\${v}\"" }
  \$pairs_text = $m::render_opts([['a', 1], ['b', 'two']])
  file { "/tmp/bench/$m/main.conf":
    ensure  => file,
    content => template('$m/main.conf.erb'),
  }
  file { "/tmp/bench/$m/pairs.conf": ensure => file, content => \$pairs_text }
  \$servers.each |\$s| {
    file { "/tmp/bench/$m/\${s}.conf":
      ensure  => file,
      content => inline_template("server <%= @s %> port <%= @port %>\\n"),
    }
  }
  \$users.each |\$u, \$info| {
    file { "/tmp/bench/$m/users/\${u}":
      ensure  => file,
      content => inline_template("<%= @u %>:<%= @info['uid'] %>\\n"),
    }
  }
  notify { "$m ready": message => "$m on port \${port}" }
}
EOF
    echo "include $m" >> "$dir/site.pp"
    i=$((i + 1))
done
