type3x()
