@notify { 'a': }
@notify { 'b': }
realize(Notify['a', 'b'])
