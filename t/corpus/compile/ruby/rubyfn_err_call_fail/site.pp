notify { 'a': }
notify { 'b': message => m::failing('reasons') }
