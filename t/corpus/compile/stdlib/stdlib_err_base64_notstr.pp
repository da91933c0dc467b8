base64('encode', 42)
