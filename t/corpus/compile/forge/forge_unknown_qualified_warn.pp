# unknown qualified variables are named as written, leading :: kept, whether
# or not their class was evaluated
class q { }
include q
notify { 'u': message => "[${nosuch::x}][${q::nothere}][${::q::nothere}][${::nosuch::y}]" }
