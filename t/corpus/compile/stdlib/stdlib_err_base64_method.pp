base64('encode', 'x', 'loose')
