type3x(Integer)
