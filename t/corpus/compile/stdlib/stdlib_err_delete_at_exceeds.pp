$x = delete_at([1], 1)
