$x = delete_at('abc', 1)
