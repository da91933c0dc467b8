function f() {
  return(1, 2)
}
$x = f()
