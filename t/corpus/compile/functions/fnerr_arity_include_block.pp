class a { }
include(a) |$x| { }
