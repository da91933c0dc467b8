type Mymod::Port = Integer[1, 65535]
