# class parameters from Hiera are checked with the others, all faults at once
include ntp
