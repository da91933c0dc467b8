uriescape(1)
