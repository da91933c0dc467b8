notice(convert_base(1))
