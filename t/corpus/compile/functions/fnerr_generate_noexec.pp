generate('/tmp/no-such-generator-here')
