$top = 'top var'
include m
