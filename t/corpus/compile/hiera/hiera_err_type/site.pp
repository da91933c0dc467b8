# the found value must match the type given to lookup()
$port = lookup('port', Integer)
