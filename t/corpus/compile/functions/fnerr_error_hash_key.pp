notice(Error({msg => 'a', colour => 'red'}))
