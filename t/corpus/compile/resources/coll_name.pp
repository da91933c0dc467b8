@notify { 'byname': }
@notify { 'named': name => 'explicit' }
Notify <| name == 'byname' |>
Notify <| name == 'explicit' |>
