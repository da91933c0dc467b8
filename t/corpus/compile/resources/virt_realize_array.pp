@notify { 'a': }
@notify { 'b': }
realize([Notify['a'], Notify['b']])
