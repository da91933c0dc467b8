@notify { 'n': message => 5 }
@notify { 's': message => '5' }
Notify <| message == 5 |>
