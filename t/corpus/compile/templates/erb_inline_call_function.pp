$a = ['x', 'y']
notify { 'n': message => inline_template('<%= scope.call_function("join", [@a, "+"]) %> <%= scope.function_versioncmp(["1", "1"]) %>') }
