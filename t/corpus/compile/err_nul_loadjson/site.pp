$d = 't/corpus/compile/err_nul_loadjson/data'
notify { 'x':
  message => loadjson("${d}/j.json", 'dflt'),
}
