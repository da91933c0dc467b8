notify { 'path': message => regsubst(get_module_path('mymod'), '^/.*/(stdlib_get_module_path/modules/mymod)$', '\1') }
