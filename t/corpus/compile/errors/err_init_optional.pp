notice('3' =~ Init[Optional[Integer]])
