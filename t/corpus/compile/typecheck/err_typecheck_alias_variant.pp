type Size = Variant[Integer, Pattern[/\A\d+[kmg]\z/]]
class t(Size $p) {}
class { 't': p => 'x' }
