notice(Timestamp('garbage'))
