$x = merge([1]) |$a| { {} }
