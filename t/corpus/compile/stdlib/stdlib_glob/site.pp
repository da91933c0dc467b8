$d = 't/corpus/compile/stdlib/stdlib_glob/files'
notify { 'one': message => glob("${d}/*.conf") }
notify { 'two': message => glob(["${d}/*.txt", "${d}/*/f.conf", "${d}/nothing*"]) }
notify { 'brace': message => glob("${d}/{z,y}.*") }
notify { 'none': message => glob("${d}/*.none") }
notify { 'nested': message => glob("${d}/{a{-b,},zz}/f.{conf,x}") }
