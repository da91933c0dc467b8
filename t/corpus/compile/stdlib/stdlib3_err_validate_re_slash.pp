validate_re("a", ["^b", /p\/q/, /x\/y\\\//])
