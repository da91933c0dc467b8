class a { notify { 'ia': } }
class b { notify { 'ib': } }
include a, b
