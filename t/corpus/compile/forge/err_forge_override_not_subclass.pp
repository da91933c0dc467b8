define d($v = 'def') { notify { "n${title}": message => $v } }
class ov { D['x'] { v => 'o' } }
d { 'x': }
include ov
