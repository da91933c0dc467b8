notify { 'q': noop => true }
