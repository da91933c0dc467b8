class a {}
class b {}
class c {}
class d {}
include a, b
include [c, d]
