generate('/etc/passwd/x')
