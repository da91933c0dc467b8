# one report per block
1
notify { 'a': }
class c {
  2
  notify { 'b': }
}
