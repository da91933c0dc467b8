class base {
  notify { 'real': message => 'orig' }
  @notify { 'virt': message => 'orig' }
}
include base
Notify <| tag == 'base' |> {
  message => 'over',
}
