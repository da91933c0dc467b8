# the mismatch message expands an alias whose body names an unknown type:
# the error unwinds before the message is built (no leak)
# (Puppet 7.23 says "assert_type(): references an unresolved type 'MaybeLevel = Opti2nal[Level'"
# at the call; mcomp names the unknown type where the alias is declared)
type Level = Integer[1, 10]
type MaybeLevel = Opti2nal[Level]
type Levels = Array[MaybeLevel]
assert_type(Levels, "x")
