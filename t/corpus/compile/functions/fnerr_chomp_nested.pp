notice(chomp(['a', ['b']]))
