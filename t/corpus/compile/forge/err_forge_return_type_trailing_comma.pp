function f(String $x) >> Tuple[String, String,] { [$x, $x] }
