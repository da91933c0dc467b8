notice(emerg('a') |$x| { $x })
