type M::Port = Integer
