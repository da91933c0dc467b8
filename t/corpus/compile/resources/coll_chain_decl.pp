notify { 'a': tag => 't' }
notify { 'b': tag => 't' }
Notify <| tag == 't' |> -> notify { 'last': }
