notify { "a": }
notify { "b": }
Notify["a"] -> Notify["nope"]
