[[1, 'a']].each |Array[Integer] $x| { notice($x) }
