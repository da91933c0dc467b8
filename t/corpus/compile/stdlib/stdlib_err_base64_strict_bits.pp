base64('decode', 'aGl=', 'strict')
