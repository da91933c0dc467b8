any2bool(/x/)
