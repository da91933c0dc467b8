notice(downcase(true))
