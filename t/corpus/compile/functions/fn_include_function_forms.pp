class a {}
class b {}
class c {}
include('a')
include(['b'])
contain c
