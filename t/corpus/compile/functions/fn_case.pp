notify { 'up': message => upcase('abc') }
notify { 'down': message => downcase('ABC') }
notify { 'cap': message => capitalize('hello world') }
notify { 'up_arr': message => upcase(['a', 'b']) }
