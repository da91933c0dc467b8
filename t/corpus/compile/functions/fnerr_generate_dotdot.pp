generate('/bin/../bin/echo')
