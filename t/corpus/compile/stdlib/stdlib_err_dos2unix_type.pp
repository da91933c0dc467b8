dos2unix(1)
