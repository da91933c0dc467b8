notify { 'a': require => Notify['x'] }
notify { 'x': }
notify { 'y': }
Notify <| title == 'a' |> {
  require +> Notify['y'],
}
