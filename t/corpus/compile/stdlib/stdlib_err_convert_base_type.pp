convert_base(1.5, 2)
