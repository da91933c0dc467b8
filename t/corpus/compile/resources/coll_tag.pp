@notify { 'a': tag => 'web' }
@notify { 'b': tag => 'db' }
@notify { 'c': tag => ['web', 'db'] }
Notify <| tag == 'web' |>
