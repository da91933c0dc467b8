notify { 'a': message => 'orig' }
notify { 'b': message => 'orig' }
Notify <| title == 'a' |> {
  message => 'collected',
}
