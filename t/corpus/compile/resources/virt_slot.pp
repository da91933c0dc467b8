@notify { 'v': }
notify { 'first': }
notify { 'second': }
realize(Notify['v'])
