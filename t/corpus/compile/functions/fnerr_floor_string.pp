notice(floor('x1'))
