notice(URI({colour => 'red'}))
