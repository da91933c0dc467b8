notify { 'a1': tag => 'ta' }
notify { 'a2': tag => 'ta' }
notify { 'b1': tag => 'tb' }
@notify { 'bv': tag => 'tb' }
Notify <| tag == 'ta' |> -> Notify <| tag == 'tb' |>
