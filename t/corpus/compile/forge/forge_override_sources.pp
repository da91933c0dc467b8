# a collector's override may change any resource; a node may override what it declared
class a { notify { 'x': } }
class b { Notify <| title == 'x' |> { message => 'y' } }
include a
include b
node default { notify { 'n': } Notify['n'] { message => 'from node' } }
