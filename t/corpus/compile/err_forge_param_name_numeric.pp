define d($1) { }
