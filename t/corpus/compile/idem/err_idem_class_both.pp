# both rules: the body ends with a value, and a value before it is forgotten
class c {
  1
  2
}
include c
