# validated when the file is parsed: the class need not be declared
class c {
  notify { 'a': }
  'the end'
}
notify { 'b': }
