include web
notify { "code": message => lookup("greeting") }
