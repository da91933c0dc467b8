$d = 't/corpus/compile/errors/err_nul_loadjson/data'
notify { 'x':
  message => loadjson("${d}/j.json", 'dflt'),
}
