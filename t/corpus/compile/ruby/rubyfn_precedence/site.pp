notify { 'up': message => upcase('abc') }
notify { 'down': message => downcase('ABC') }
