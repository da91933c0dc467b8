notify { 'first': } ~> anchor { 'a::begin': } ~> anchor { 'a::end': } -> notify { 'last': }
anchor { 'quiet': }
