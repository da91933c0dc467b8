function f(Hash[String, Data] $h) { $h }
notice(f({ 'a' => 1, 'b' => Sensitive('x') }))
