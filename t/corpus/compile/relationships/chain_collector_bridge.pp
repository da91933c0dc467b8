notify { 'x': }
notify { 'y': }
Notify['x'] -> Notify <| tag == 'nomatch' |> -> Notify['y']
