notify { 'x':
  message => loadyaml('t/corpus/compile/err_nul_loadyaml/data/y.yaml'),
}
