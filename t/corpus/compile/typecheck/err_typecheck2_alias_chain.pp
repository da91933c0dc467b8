type Level = Integer[1, 10]
type MaybeLevel = Optional[Level]
type Levels = Array[MaybeLevel]
assert_type(Levels, 'x')
