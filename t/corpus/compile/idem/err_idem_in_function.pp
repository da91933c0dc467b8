# a function is validated even if it is never called
function f($x) {
  $x * 2
  $x + 1
}
notify { 'a': }
