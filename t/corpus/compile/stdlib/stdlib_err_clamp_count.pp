clamp(1, 2)
