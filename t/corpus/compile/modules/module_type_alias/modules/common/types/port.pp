type Common::Port = Integer[1, 65535]
