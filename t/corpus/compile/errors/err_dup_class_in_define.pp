define d() {
  class { 'k': }
}
class k {}
d { 'a': }
d { 'b': }
