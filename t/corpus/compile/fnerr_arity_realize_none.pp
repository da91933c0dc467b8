realize()
