# a qualified variable of an evaluated class, named with a leading ::
class q { }
include q
notify { "b${::q::nothere}": }
