$x = delete_at([1])
