notice("x ${nope}")
