notify { 'x':
  message => loadyaml('t/corpus/compile/errors/err_nul_loadyaml/data/y.yaml'),
}
