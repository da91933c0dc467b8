@notify { 'a': }
realize(Notify['a'])
realize(Notify['a'])
Notify <| title == 'a' |>
