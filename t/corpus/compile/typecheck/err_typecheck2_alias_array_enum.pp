type Mode = Enum['a', 'b']
type Modes = Array[Mode]
class t(Modes $p) {}
class { 't': p => 'c' }
