notify { 'str': message => uriescape('a b/c?d=é&[x]#%41~<>') }
notify { 'arr': message => uriescape(['a b', 1, 'c%']) }
