@notify { 'v': }
@notify { 'w': }
Notify <| title == 'v' |>
