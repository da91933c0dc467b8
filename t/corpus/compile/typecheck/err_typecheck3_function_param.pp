function f(Numeric $n, Type[String] $t) { 1 }
f('1', Integer)
