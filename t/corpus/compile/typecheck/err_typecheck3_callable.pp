assert_type(Callable, 'f')
