notice(capitalize(true))
