batch_escape()
