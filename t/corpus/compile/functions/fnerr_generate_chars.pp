generate('/bin/echo x')
