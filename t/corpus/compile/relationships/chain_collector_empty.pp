notify { 'x': }
Notify <| title == 'nope' |> -> Notify['x']
Notify['x'] -> File <| |>
