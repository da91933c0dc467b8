function f(Array[RichData] $a) { $a }
notice(f([1, { 1 => 2, false => 3 }]))
