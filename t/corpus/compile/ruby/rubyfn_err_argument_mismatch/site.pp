notify { 'ok': message => m::size('abc') }
notify { 'bad': message => m::size(12) }
