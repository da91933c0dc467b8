notice(tagged())
