function f($n) { f($n + 1) }
$x = f(0)
