@notify { 'with': message => 'x' }
@notify { 'other': message => 'y' }
@notify { 'without': }
Notify <| message != 'x' |>
