glob()
