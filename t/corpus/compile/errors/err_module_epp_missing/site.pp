notify { 'x': message => epp('ntp/nope.epp') }
