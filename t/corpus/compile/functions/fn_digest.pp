notify { 'd1': message => digest('abc') }
notify { 'd2': message => digest('') }
notify { 'd3': message => digest("multi\nline ü") }
notify { 'd4': message => 'x'.digest }
