notice(URI('http://a/') + 1)
