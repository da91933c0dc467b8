notice('3' =~ Init[Variant[Integer, Boolean]])
