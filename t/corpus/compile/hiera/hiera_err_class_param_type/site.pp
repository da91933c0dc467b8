# ntp::port comes from the module's data, a String where an Integer is expected
include ntp
