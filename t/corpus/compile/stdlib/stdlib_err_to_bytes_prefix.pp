to_bytes('5 Q')
