include priv
include priv::child
