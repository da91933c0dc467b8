type Level = Integer[1, 10]
type Setting = Variant[Level, String]
define d(Setting $p) {}
d { 'x': p => [1] }
