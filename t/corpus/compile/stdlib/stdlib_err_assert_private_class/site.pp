# a private class declared from outside its module
include priv::inner
