# Templates that only print variables (and hash entries by a plain key):
# every kind of value, unknown and undef ones, shadowing, lambda parameters.
$str = 'text é'
$int = -42
$yes = true
$no = false
$nothing = undef
$float = 1.5
$list = ['a', 1]
$h = { 'uid' => 1000, 'name' => 'bob', 'on' => false, 'none' => undef, 'x-y' => 'dash', 'list' => [1] }
class inner {
  $str = 'inner'
  $int = undef
  notify { 'shadow': message => inline_template("<%= @str %>|<%= @int %>|<%= @yes %>") }
}
include inner
notify { 'kinds': message => inline_template("<%= @str %>|<%= @int %>|<%= @yes %>|<%= @no %>|<%= @nothing %>|<%= @unknown %>|\n") }
notify { 'others': message => inline_template("<%= @float %>|<%= @list %>|<%= @h['list'] %>") }
notify { 'entries': message => inline_template("<%= @h['uid'] %>|<%= @h[\"name\"] %>|<%= @h['on'] %>|<%= @h['none'] %>|<%= @h['x-y'] %>|<%= @h['missing'] %>") }
notify { 'spaces': message => inline_template("<%=@str%>[<%=  @int  -%>]\n<%- %><%= @yes\n%>") }
['a', 'b'].each |$i, $v| {
  notify { "lambda ${v}": message => inline_template("<%= @v %><%= @i %>") }
}
