notice(compare())
