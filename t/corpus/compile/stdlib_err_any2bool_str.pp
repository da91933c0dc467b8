any2bool('maybe')
