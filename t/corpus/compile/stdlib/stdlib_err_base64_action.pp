base64('encrypt', 'x')
