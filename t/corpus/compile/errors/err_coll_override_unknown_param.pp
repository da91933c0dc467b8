notify { 'x': }
Notify <| title == 'x' |> {
  nosuch => 1,
}
