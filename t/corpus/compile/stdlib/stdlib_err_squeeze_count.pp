squeeze()
