notify { 'n': message => inline_template('<% scope.function_fail(["inline fail"]) %>') }
