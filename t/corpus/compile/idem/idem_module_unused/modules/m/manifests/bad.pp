# never loaded, so never validated
class m::bad {
  notify { 'bad': }
  1
}
