type Level = Integer[1, 10]
type Cfg = Struct[{ x => Level, a => Optional[Level], Optional[b] => String, Optional[c] => Optional[String] }]
class t(Cfg $p) {}
class { 't': p => 5 }
