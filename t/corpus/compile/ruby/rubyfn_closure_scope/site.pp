$top = 'top value'
include m
