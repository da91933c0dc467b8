class a { tag() }
include a
