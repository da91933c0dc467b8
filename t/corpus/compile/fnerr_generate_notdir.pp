generate('/etc/hostname/x')
