notify { 's': message => m::sett() }
