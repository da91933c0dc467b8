notice(Timestamp[true])
