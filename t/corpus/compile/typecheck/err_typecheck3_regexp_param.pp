assert_type(Regexp[/a+/], /b+/)
