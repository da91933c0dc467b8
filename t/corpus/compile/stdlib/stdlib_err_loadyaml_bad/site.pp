loadyaml('t/corpus/compile/stdlib/stdlib_err_loadyaml_bad/bad.yaml')
