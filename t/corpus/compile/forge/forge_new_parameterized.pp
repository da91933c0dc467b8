# a parameterized type called as a function: its new, and the result checked against it
$a = Optional[String]('x')
$c = Integer[0, 10]('5')
$d = Variant[Integer, String]('7')
$e = Enum['a', 'b']('a')
$f = Tuple[Integer, String]([1, 'x'])
$g = Hash[String, Integer]({'a' => 1})
$h = String[1]('abc')
$i = Optional[Integer]('0x10')
notify { 'x': message => "${a} ${c} ${d} ${e} ${f} ${g} ${h} ${i}" }
