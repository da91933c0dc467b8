include m
notify { 'deep': message => m::deep::name() }
notify { 'top': message => ::m::twice(5) }
