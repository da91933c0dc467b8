$d = 't/corpus/compile/stdlib/stdlib_loaddata/data'
notify { 'yaml': message => loadyaml("${d}/good.yaml") }
notify { 'yaml_empty': message => loadyaml("${d}/empty.yaml", 'dflt') }
notify { 'yaml_bad': message => loadyaml("${d}/bad.yaml", {'x' => 1}) }
notify { 'yaml_missing': message => loadyaml("${d}/missing.yaml", 'gone') }
notify { 'json': message => loadjson("${d}/good.json") }
notify { 'json_bad': message => loadjson("${d}/bad.json", [1]) }
notify { 'json_missing': message => [loadjson("${d}/missing.json")] }
notify { 'meta': message => load_module_metadata('meta') }
notify { 'nometa': message => load_module_metadata('nometa', true) }
