@notify { 'arr': message => ['a', 'b'] }
@notify { 'str': message => 'b' }
@notify { 'no': message => 'c' }
Notify <| message == 'b' |>
