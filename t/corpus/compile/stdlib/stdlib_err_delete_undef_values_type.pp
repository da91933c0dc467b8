$x = delete_undef_values('abc')
