base64('decode', 'aGk', 'strict')
