# a module's lookup_options may only name keys of the module
include ntp
