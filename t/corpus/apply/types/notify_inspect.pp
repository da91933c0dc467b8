notify { "x": message => {"a" => "b\u0007c\u007fd\u00e9\u0001"} }
