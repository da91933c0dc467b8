notice(values('x'))
