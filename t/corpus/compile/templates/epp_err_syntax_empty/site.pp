notify { 'n': message => epp('m/t.epp') }
