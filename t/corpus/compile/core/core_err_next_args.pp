function f() {
  next(1, 2)
}
$x = f()
