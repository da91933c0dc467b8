@notify { 'hello': message => 'Hello' }
@notify { 'other': message => 'bye' }
Notify <| message == 'hello' |>
