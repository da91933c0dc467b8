$x = delete_at([1], 'x')
