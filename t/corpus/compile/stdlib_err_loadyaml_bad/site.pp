loadyaml('t/corpus/compile/stdlib_err_loadyaml_bad/bad.yaml')
