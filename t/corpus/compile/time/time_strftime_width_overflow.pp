notify { "w": message => Timestamp(0).strftime("%-99999999999d|%2147483648d|%_3d|x") }
