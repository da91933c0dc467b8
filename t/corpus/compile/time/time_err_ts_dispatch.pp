$x = true
notice(Timestamp($x))
