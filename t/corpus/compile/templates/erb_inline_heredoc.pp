$port = 22
$conf = @(EOT)
  Port <%= @port %>
  <%- [1, 2].each do |i| -%>
  Line <%= i %>
  <%- end -%>
  | EOT
notify { 'n': message => inline_template($conf) }
