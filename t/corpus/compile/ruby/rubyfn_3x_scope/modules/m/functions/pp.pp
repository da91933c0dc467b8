function m::pp(String $s) { "pp ${s}" }
