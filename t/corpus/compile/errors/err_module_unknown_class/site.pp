include ntp::nope
