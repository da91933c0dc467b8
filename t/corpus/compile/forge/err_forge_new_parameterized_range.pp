$c = Integer[0, 10]('50')
