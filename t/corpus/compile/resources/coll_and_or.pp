@notify { 'p': }
@notify { 'q': }
@notify { 'r': tag => 'zz' }
Notify <| title == 'p' or title == 'q' and tag == 'zz' |>
