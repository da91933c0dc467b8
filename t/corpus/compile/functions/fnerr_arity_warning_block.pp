warning('x') |$y| { }
