shout('ignored')
notify { 'after': message => shout('used') }
