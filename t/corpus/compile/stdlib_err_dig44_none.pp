dig44()
