notify { 'a': message => sprintf('%s-%d-%05.2f-%x-%o', 'str', 42, 3.14159, 255, 8) }
notify { 'b': message => sprintf('%-5s|%5s|', 'ab', 'cd') }
notify { 'c': message => sprintf('%%') }
