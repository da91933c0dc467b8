$a = [1, 2, 3]
$h = {'a' => 1, 'b' => 2}
notify { 'n': message => inline_template('<%= scope.call_function("map", [@a]) { |x| x * 10 }.inspect %> <%= scope.call_function("filter", [@h]) { |k, v| v > 1 }.inspect %> <%= scope.call_function("reduce", [@a]) { |m, x| m + x } %> <% r = [] ; scope.call_function("each", [@h]) { |k, v| r << "#{k}#{v}" } %><%= r.join %> <%= scope.call_function("map", [@h]) { |pair| pair.inspect }.inspect %> <%= begin; scope.call_function("each", [@a]) { |x| raise IndexError, "in block #{x}" }; rescue IndexError => e; e.message; end %>') }
