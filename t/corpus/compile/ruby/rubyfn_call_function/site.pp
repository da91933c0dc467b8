notify { 'calls': message => m::caller('abc') }
