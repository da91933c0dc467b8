notify { 'ok': message => m::badret('fine') }
notify { 'x': message => m::badret(3) }
